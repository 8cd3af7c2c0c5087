export type * from "../../services/catalogue/query-types.ts";
export { embedInto, execute, newGraph } from "./execute.ts";
export {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  parseDateParam,
  parseIntParam,
  parseQuery,
  type RawQuery,
  rejectUnknownKeys,
  single,
} from "./parse.ts";
