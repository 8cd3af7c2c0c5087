/**
 * The access log: one JSON line per request that reaches Astro (pages and the API), with the
 * request id, the method, the route, the status and the duration. It runs first in
 * src/middleware.ts, so every other middleware, page and API handler runs inside its request
 * context (their log lines carry the same `reqId`), and the id is echoed as `X-Request-Id`.
 *
 * The route is the matched pattern (`/api/ledger/:type/:number`, `/[seller]/events/[id]`), never
 * the query, which can hold e-mails and names. Pages also log their path; API paths are left out
 * because some carry secrets (a gift-card number, a voucher code, a guest cart's id).
 *
 * The duration runs until the response starts (a streamed page body may still be on its way).
 */
import type { MiddlewareHandler } from "astro";
import type { MiddlewareHandler as HonoMiddleware } from "hono";
import { routePath } from "hono/route";
import { reportsApiFailure } from "../../domain/error-reporting.ts";
import { withEditedHeaders } from "../http/edited-headers.ts";
import { accessLogger, logger } from "./logger.ts";
import { currentRequest, type RequestContext, requestIdFrom, runWithRequest } from "./request-context.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";
const API_PATH = /^\/(api|cached_api)(\/|$)/;

/** The response with the X-Request-Id header; a response with immutable headers is copied first. */
function withRequestId(response: Response, id: string): Response {
  return withEditedHeaders(response, (headers) => headers.set(REQUEST_ID_HEADER, id));
}

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

export const requestLog: MiddlewareHandler = (context, next) => {
  const request: RequestContext = { id: requestIdFrom(context.request.headers.get(REQUEST_ID_HEADER)) };
  const started = performance.now();
  const { pathname } = context.url;
  const isApi = API_PATH.test(pathname);
  const access = (status: number) =>
    logAccess({
      method: context.request.method,
      // A page that calls the API in process also passes recordApiRoute: its own pattern wins.
      route: (isApi ? request.route : undefined) ?? context.routePattern,
      pathname,
      isApi,
      status,
      started,
    });
  return runWithRequest(request, async () => {
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      // Astro renders its error page for what is thrown here; the stack is logged first.
      logger.error({ err: error }, "request.failed");
      access(500);
      throw error;
    }
    access(response.status);
    return withRequestId(response, request.id);
  });
};

/**
 * Hono middleware for the API app: records the pattern of the route that answered
 * (`/api/code/:code`) in the request context, for the access line.
 */
export const recordApiRoute: HonoMiddleware = async (c, next) => {
  try {
    await next();
  } finally {
    const request = currentRequest();
    if (request) request.route = routePath(c);
  }
};
