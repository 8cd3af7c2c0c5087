/**
 * zod, as the browser bundle imports it (astro.config.mjs points the client's `zod` imports here).
 * zod compiles object parsers with `new Function` when it may, and probes for that on the first
 * object schema. The page CSP allows no 'unsafe-eval', so the probe is reported as a CSP
 * violation even though zod catches the error. `jitless` is zod's own switch for strict CSPs: it
 * skips the probe and the compiled parsers. This module runs before any module that imports zod
 * builds a schema, so no schema is built without it. The server keeps zod's compiled parsers.
 */
import { config } from "zod";

config({ jitless: true });

export * from "zod";
export { default } from "zod";
