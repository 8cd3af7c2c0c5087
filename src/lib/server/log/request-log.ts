/**
 * The access log: one JSON line per request that reaches Astro (pages and the API), with the
 * request id, the method, the route, the status and the duration. The middleware that writes it for
 * every request is http/request-log.ts; the page cache's fast path writes its lines here too.
 *
 * The route is the matched pattern (`/api/ledger/:type/:number`, `/[seller]/events/[id]`), never
 * the query, which can hold e-mails and names. Pages also log their path; API paths are left out
 * because some carry secrets (a gift-card number, a voucher code, a guest cart's id).
 *
 * The duration runs until the response starts (a streamed page body may still be on its way).
 */
import { reportsApiFailure } from "../../domain/error-reporting.ts";
import { accessLogger } from "./logger.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** One answer as the access log sees it. */
export interface AccessInput {
  method: string;
  /** The matched route pattern (`/[seller]/events`, `/api/code/:code`). */
  route: string | undefined;
  /** The request's path (left out of the line for the API). */
  pathname: string;
  isApi: boolean;
  status: number;
  /** performance.now() when the request came in. */
  started: number;
}

/**
 * Writes the access line of one answer. Call it inside the request's context (runWithRequest), so
 * the line carries its reqId. The page cache's fast path (src/perf/page-cache.ts) writes its lines here too.
 */
export function logAccess(input: AccessInput): void {
  const { isApi, pathname, status } = input;
  const line = {
    method: input.method,
    route: input.route,
    ...(isApi ? {} : { path: pathname }),
    status,
    durationMs: Math.round((performance.now() - input.started) * 10) / 10,
  };
  if (status >= 500) accessLogger.error(line, "request");
  // Spec 1 §8: a failed API call is a warning unless the spec's ignore list covers it.
  else if (isApi && reportsApiFailure({ method: line.method, path: pathname, status }))
    accessLogger.warn(line, "request");
  else accessLogger.info(line, "request");
}
