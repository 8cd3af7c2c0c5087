/**
 * Router rules shared by every storefront page (spec doc 2 §2): a trailing slash is stripped with a
 * redirect that keeps the query. The API (/api, /cached_api) and the site root are left alone.
 *
 * Public pages are also micro-cached in process for a few seconds: a page that declares itself
 * `Cache-Control: public` (nothing personal in it) is kept and served again, as a CDN would.
 * PAGE_CACHE=off turns it off (the bench measures both).
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { ResponseCache } from "./lib/server/response-cache.ts";

const PAGE_CACHE_TTL_MS = 5_000;
const pageCache = process.env.PAGE_CACHE === "off" ? undefined : new ResponseCache(PAGE_CACHE_TTL_MS, 500);

export function withoutTrailingSlash(pathname: string): string | undefined {
  if (pathname === "/" || !pathname.endsWith("/")) return undefined;
  if (/^\/(api|cached_api)(\/|$)/.test(pathname)) return undefined;
  const stripped = pathname.replace(/\/+$/, "");
  return stripped === "" ? "/" : stripped;
}

const stripTrailingSlash = defineMiddleware((context, next) => {
  const target = withoutTrailingSlash(context.url.pathname);
  if (target === undefined) return next();
  const method = context.request.method;
  // 308 keeps the method and body of a form post; GETs get the cacheable 301.
  const status = method === "GET" || method === "HEAD" ? 301 : 308;
  return new Response(null, { status, headers: { Location: `${target}${context.url.search}` } });
});

const microCache = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (!pageCache || context.request.method !== "GET" || /^\/(api|cached_api)(\/|$)/.test(pathname)) {
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

export const onRequest = sequence(stripTrailingSlash, microCache);
