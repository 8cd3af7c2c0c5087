/**
 * The access log's middlewares: requestLog runs first in src/middleware.ts, so every other
 * middleware, page and API handler runs inside its request context (their log lines carry the
 * same `reqId`), and the id is echoed as `X-Request-Id`; recordApiRoute tells it which API route
 * answered. The line itself is written by log/request-log.ts.
 */
import type { MiddlewareHandler } from "astro";
import type { MiddlewareHandler as HonoMiddleware } from "hono";
import { routePath } from "hono/route";
import { logger } from "../log/logger.ts";
import {
  currentRequest,
  type RequestContext,
  requestIdFrom,
  runWithRequest,
} from "../log/request-context.ts";
import { logAccess, REQUEST_ID_HEADER } from "../log/request-log.ts";
import { withEditedHeaders } from "./edited-headers.ts";

const API_PATH = /^\/(api|cached_api)(\/|$)/;

/** The response with the X-Request-Id header; a response with immutable headers is copied first. */
function withRequestId(response: Response, id: string): Response {
  return withEditedHeaders(response, (headers) => headers.set(REQUEST_ID_HEADER, id));
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
