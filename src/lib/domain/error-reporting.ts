/**
 * Which failed API calls are reported as errors (spec 1 §8 "Error reporting ignores 402, 404, 409,
 * 410 and 422 from POST /api and 401 from login and user calls"). The server's access log
 * (server/log/request-log.ts) writes a reported 4xx at `warn`, an ignored one at `info`, so an
 * operator's alerting on warnings follows the spec's list. 5xx are always reported.
 */

/** Statuses of POST /api calls that a shopper's own input explains (payment, not found, conflict...). */
export const IGNORED_POST_STATUSES: readonly number[] = [402, 404, 409, 410, 422];

/** The login and user calls, whose 401 is a wrong password or an ended session, not a failure. */
const LOGIN_OR_USER = /^\/(?:cached_)?api\/(?:login|user|users|my\/user)(?:\/|$)/;
const API = /^\/(?:cached_)?api(?:\/|$)/;

export interface FailedCall {
  method: string;
  /** The path or route pattern, from `/api/...` (never the query). */
  path: string;
  status: number;
}

/**
 * True when an API call's failure is reported; false for successes, the ignored failures, and
 * anything outside /api and /cached_api (pages have their own not-found and error pages).
 */
export function reportsApiFailure(call: FailedCall): boolean {
  if (call.status < 400 || !API.test(call.path)) return false;
  if (call.status >= 500) return true;
  if (call.status === 401 && LOGIN_OR_USER.test(call.path)) return false;
  if (call.method.toUpperCase() === "POST" && IGNORED_POST_STATUSES.includes(call.status)) return false;
  return true;
}
