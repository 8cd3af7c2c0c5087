/**
 * 400 for a request whose Host header cannot name a host (src/perf/request-listener.mjs marks it,
 * host-header.mjs says why). It runs right after the access log (src/middleware.ts), so the
 * refusal is logged like any other answer, and before anything reads the host (tenant host names,
 * links, the page cache).
 */
import type { MiddlewareHandler } from "astro";
import { INVALID_HOST_MARK } from "./host-header.mjs";

export const invalidHost: MiddlewareHandler = (context, next) => {
  if (!context.request.headers.has(INVALID_HOST_MARK)) return next();
  return Promise.resolve(
    new Response("Bad request: the Host header is not a host name.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    }),
  );
};
