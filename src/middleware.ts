/**
 * Shared page rules. A trailing slash is stripped by Astro itself (`trailingSlash: "never"` in
 * astro.config.mjs: a 301 for GETs, a 308 otherwise, the query kept) in the built server; spec doc 2
 * §2 "A trailing slash is stripped".
 *
 * 1. The request context, resolved once into `Astro.locals` (server/page-data/request-context.ts):
 *    the tenant, the visitor (the `foyer_session` cookie resolved to the identity logged in with the
 *    page's seller, shown in the header), the router base, the origin and the cache policy. A page
 *    rendered for a logged-in visitor is personal: its `Cache-Control: public` becomes
 *    `private, no-store`, and public pages carry `Vary: Cookie` so no cache hands an anonymous copy
 *    to a logged-in visitor or the reverse.
 * 2. The login query parameters (spec doc 2 §2), with no JavaScript needed: `requirelogin` sends a
 *    visitor who is not logged in to the login page (back to the path without it afterwards);
 *    `login` does the same as a suggestion (the login page offers to continue as a guest);
 *    `member_code` + `zip_code` log in by member ID here and come back to the clean URL, or go to
 *    the login page with the member ID prefilled and the not-found message.
 * 3. Public pages are micro-cached in process for a few seconds: a page that declares itself
 *    `Cache-Control: public` (nothing personal in it) is kept and served again, as a CDN would.
 *    PAGE_CACHE=off turns it off (the bench measures both). The API (/api, /cached_api) is left alone.
 *    scripts/serve.mjs answers a hit before Astro (lib/server/page-cache.ts) with the same
 *    status, headers and bytes as this sequence; a hit reaches microCache below only without it.
 */
import { defineMiddleware, sequence } from "astro:middleware";
import { loginPageHref, loginQueryAction } from "./lib/domain/login-steps.ts";
import { publishApiDirectPath } from "./lib/server/http/api-direct.ts";
import { compression } from "./lib/server/http/compression.ts";
import { withEditedHeaders } from "./lib/server/http/edited-headers.ts";
import { invalidHost } from "./lib/server/http/invalid-host.ts";
import { language } from "./lib/server/http/language.ts";
import { requestLog } from "./lib/server/http/request-log.ts";
import { securityHeaders } from "./lib/server/http/security-headers.ts";
import { tenantHost } from "./lib/server/http/tenant-host.ts";
import { memberCodeLogin } from "./lib/server/page-data/account/member-code-login.ts";
import { resolveRequestContext, SESSION_COOKIE } from "./lib/server/page-data/request-context.ts";
import {
  type CachedPage,
  cachedPage,
  createPageCache,
  hitHeaders,
  pageCacheKey,
  pageVary,
  publishFastPath,
  RenderOnce,
} from "./perf/page-cache.ts";

const PAGE_CACHE_TTL_MS = 5_000;
const pageCache = process.env.PAGE_CACHE === "off" ? undefined : createPageCache(PAGE_CACHE_TTL_MS, 500);
// scripts/serve.mjs answers hits before Astro (page-cache.ts); this sequence answers the same way.
if (pageCache) publishFastPath(pageCache);
// scripts/serve.mjs answers /api and /cached_api without Astro's pipeline (api-direct.ts), the same way.
publishApiDirectPath();
const API_PATH = /^\/(api|cached_api)(\/|$)/;
const PRIVATE = "private, no-store";

function redirect(location: string, headers: Headers = new Headers()): Response {
  headers.set("Location", location);
  headers.set("Cache-Control", PRIVATE);
  return new Response(null, { status: 302, headers });
}

const visitor = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (API_PATH.test(pathname)) {
    context.locals.viewer = null;
    return next();
  }
  // The request context, once: tenant, visitor, router base, origin and cache policy (page-data).
  await resolveRequestContext(context.locals, context.url, context.cookies.get(SESSION_COOKIE)?.value);
  const { tenant, base } = context.locals;
  if (!tenant) return next();

  const isLoginPage = pathname === `/${tenant.slug}/login`;
  // The URL the browser sees: `/events` on the tenant's own host name, whose router base is "".
  const publicUrl = new URL(context.url);
  publicUrl.pathname = context.originPathname;
  const action =
    context.request.method === "GET" && !isLoginPage
      ? loginQueryAction(publicUrl)
      : { kind: "none" as const };
  if (action.kind !== "none") {
    if (context.locals.viewer) return redirect(action.path);
    // `login.*` prefill the login form: they travel to the login page too.
    const prefill = Object.fromEntries(
      [...context.url.searchParams].filter(([name]) => name.startsWith("login.")).slice(0, 10),
    );
    if (action.kind === "require") return redirect(loginPageHref(tenant.slug, action.path, prefill, base));
    if (action.kind === "suggest") {
      return redirect(loginPageHref(tenant.slug, action.path, { ...prefill, guest: "1" }, base));
    }
    let clientAddress: string | undefined;
    try {
      clientAddress = context.clientAddress;
    } catch {
      clientAddress = undefined;
    }
    const result = await memberCodeLogin(context.request, clientAddress, tenant.slug, {
      scan_code: action.scanCode,
      zip_code: action.zipCode,
    });
    if (result.ok) {
      const headers = new Headers();
      for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
      return redirect(action.path, headers);
    }
    return redirect(
      loginPageHref(
        tenant.slug,
        action.path,
        {
          "login.scan_code": action.scanCode,
          "login.zip_code": action.zipCode,
          error: result.code === "rate_limited" ? "rate_limited" : "member_not_found",
        },
        base,
      ),
    );
  }

  const response = await next();
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (context.locals.viewer && html) {
    return withEditedHeaders(response, (headers) => headers.set("Cache-Control", PRIVATE));
  }
  if (cacheControl.startsWith("public") && html) {
    return withEditedHeaders(response, (headers) =>
      headers.append("Vary", pageVary(context.url.pathname, context.locals.languagePrefix)),
    );
  }
  return response;
});

/** Pages being rendered for the micro-cache, by key. */
const rendering = new RenderOnce<CachedPage>();

/** A micro-cache hit as it leaves microCache; compression finds its kept copies in locals. */
function served(locals: App.Locals, page: CachedPage): Response {
  locals.cachedPage = page;
  return new Response(page.body, { status: 200, headers: hitHeaders(page) });
}

const microCache = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (!pageCache || context.request.method !== "GET" || API_PATH.test(pathname)) {
    return next();
  }
  // Anything that can make a page personal (a session cookie) bypasses the shared copy.
  if (context.request.headers.has("cookie")) return next();
  // The host is part of the key: a tenant's own host name serves the page with other links.
  const key = pageCacheKey(context.url, context.locals.languagePrefix);
  const hit = pageCache.get(key, Date.now());
  if (hit) return served(context.locals, hit);
  // A page another request is rendering right now (an entry just expired under load): its copy is
  // awaited and served, rather than every request in flight rendering the same page again.
  const pending = rendering.pending(key);
  if (pending) {
    const page = await pending;
    return page ? served(context.locals, page) : next();
  }
  return rendering.run(key, async (share) => {
    const response = await next();
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const contentType = response.headers.get("Content-Type") ?? "";
    if (response.status === 200 && cacheControl.startsWith("public") && contentType.startsWith("text/html")) {
      const body = new Uint8Array(await response.arrayBuffer());
      const page = cachedPage({
        body,
        contentType,
        cacheControl,
        contentSecurityPolicy: response.headers.get("Content-Security-Policy") ?? undefined,
        route: context.routePattern,
        storedAt: Date.now(),
      });
      pageCache.set(key, page);
      share(page);
      return new Response(body, { status: 200, headers: response.headers });
    }
    return response;
  });
});

// compression wraps the finished answer (its headers included) and stays inside the access log.
// tenantHost rewrites `/x` to `/{seller}/x` on a tenant's own host name before visitor and
// microCache read the path; language then serves `/{seller}/{lang}/x` from `/{seller}/x`, the
// language in locals (microCache keys on it); securityHeaders reads it after the answer, so it sees the rewritten path.
// invalidHost answers a request whose Host header names no host (400), inside the access log and
// with the security headers, before anything reads the host.
// In the built server an /api or /cached_api request skips this sequence: api-direct.ts applies
// to it what acts on API paths here (requestLog, compression, securityHeaders; the rest pass API
// paths by). A middleware that comes to act on API paths must be added there too, and a case in
// tests/e2e/api-direct.spec.ts shows the two answers still match.
export const onRequest = sequence(
  requestLog,
  compression,
  securityHeaders,
  invalidHost,
  tenantHost,
  language,
  visitor,
  microCache,
);
