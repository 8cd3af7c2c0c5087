/**
 * Router rules shared by every storefront page (spec doc 2 §2): a trailing slash is stripped with a
 * redirect that keeps the query. The API (/api, /cached_api) and the site root are left alone.
 */
import { defineMiddleware } from "astro:middleware";

export function withoutTrailingSlash(pathname: string): string | undefined {
  if (pathname === "/" || !pathname.endsWith("/")) return undefined;
  if (/^\/(api|cached_api)(\/|$)/.test(pathname)) return undefined;
  const stripped = pathname.replace(/\/+$/, "");
  return stripped === "" ? "/" : stripped;
}

export const onRequest = defineMiddleware((context, next) => {
  const target = withoutTrailingSlash(context.url.pathname);
  if (target === undefined) return next();
  const method = context.request.method;
  // 308 keeps the method and body of a form post; GETs get the cacheable 301.
  const status = method === "GET" || method === "HEAD" ? 301 : 308;
  return new Response(null, { status, headers: { Location: `${target}${context.url.search}` } });
});
