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

/** What the access log needs of one request. */
export interface LoggedRequest {
  method: string;
  pathname: string;
  /** The caller's X-Request-Id, when it sent one. */
  requestId: string | null;
  /**
   * The matched route pattern, for the line when no API route recorded its own. Read when the
   * answer is ready: a rewrite on the way (a tenant's own host name) changes it.
   */
  routePattern: () => string | undefined;
}

/**
 * Runs `answer` inside the request's context (its log lines carry the same `reqId`), writes the
 * access line and echoes the id as X-Request-Id. Astro's middleware below and the API's direct
 * path (api-direct.ts) both go through it.
 */
export function loggedAnswer(incoming: LoggedRequest, answer: () => Promise<Response>): Promise<Response> {
  const request: RequestContext = { id: requestIdFrom(incoming.requestId) };
  const started = performance.now();
  const isApi = API_PATH.test(incoming.pathname);
  const access = (status: number) =>
    logAccess({
      method: incoming.method,
      // A page that calls the API in process also passes recordApiRoute: its own pattern wins.
      route: (isApi ? request.route : undefined) ?? incoming.routePattern(),
      pathname: incoming.pathname,
      isApi,
      status,
      started,
    });
  return runWithRequest(request, async () => {
    let response: Response;
    try {
      response = await answer();
    } catch (error) {
      // Astro renders its error page for what is thrown here; the stack is logged first.
      logger.error({ err: error }, "request.failed");
      access(500);
      throw error;
    }
    access(response.status);
    return withRequestId(response, request.id);
  });
}

export const requestLog: MiddlewareHandler = (context, next) =>
  loggedAnswer(
    {
      method: context.request.method,
      pathname: context.url.pathname,
      requestId: context.request.headers.get(REQUEST_ID_HEADER),
      routePattern: () => context.routePattern,
    },
    next,
  );

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
