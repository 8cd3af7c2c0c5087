/**
 * Shared page rules. A trailing slash is stripped by Astro itself (`trailingSlash: "never"` in
 * astro.config.mjs: a 301 for GETs, a 308 otherwise, the query kept) in the built server; spec doc 2
 * §2 "A trailing slash is stripped".
 *
 * Public pages are also micro-cached in process for a few seconds: a page that declares itself
 * `Cache-Control: public` (nothing personal in it) is kept and served again, as a CDN would.
 * PAGE_CACHE=off turns it off (the bench measures both). The API (/api, /cached_api) is left alone.
 */
import { defineMiddleware } from "astro:middleware";
import { ResponseCache } from "./lib/server/response-cache.ts";

const PAGE_CACHE_TTL_MS = 5_000;
const pageCache = process.env.PAGE_CACHE === "off" ? undefined : new ResponseCache(PAGE_CACHE_TTL_MS, 500);
const API_PATH = /^\/(api|cached_api)(\/|$)/;

const microCache = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (!pageCache || context.request.method !== "GET" || API_PATH.test(pathname)) {
    return next();
  }
  // Anything that can make a page personal (a session cookie) bypasses the shared copy.
  if (context.request.headers.has("cookie")) return next();
  const key = `${pathname}${context.url.search}`;
  const hit = pageCache.get(key, Date.now());
  if (hit) {
    return new Response(hit.body, {
      status: 200,
      headers: { "Content-Type": hit.contentType, "Cache-Control": hit.cacheControl ?? "", "X-Cache": "hit" },
    });
  }
  const response = await next();
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const contentType = response.headers.get("Content-Type") ?? "";
  if (response.status === 200 && cacheControl.startsWith("public") && contentType.startsWith("text/html")) {
    const body = await response.text();
    pageCache.set(key, { body, contentType, cacheControl, storedAt: Date.now() });
    return new Response(body, { status: 200, headers: response.headers });
  }
  return response;
});

export const onRequest = microCache;
