/**
 * The micro-cache of public pages (src/middleware.ts: a page that declares itself `Cache-Control:
 * public` is kept for a few seconds and served again, as a CDN would) and its fast path
 * (DESIGN §9: a cache hit at least half as fast as a static file).
 *
 * A hit used to walk the whole Astro pipeline: the request copied into a web Request, the route
 * matched, the middleware sequence (access log, compression, security headers, tenant host,
 * visitor, micro-cache) each copying the Response, and the body streamed back into Node. The fast
 * path answers a hit before Astro: scripts/serve.mjs asks `servePageHit` (published on globalThis
 * by the middleware module, which Astro loads with the first request) and writes the stored page
 * with exactly the status, headers and bytes the middleware would have written:
 *
 * - Only a GET without a Cookie header (anything that can make a page personal skips the cache,
 *   as in the middleware), whose URL Astro would not rewrite or redirect first (no trailing slash,
 *   no `//`, no dot segment, no bad escape: those go the slow way), keyed like the middleware:
 *   host, then the path after the tenant-host rewrite, then the query.
 * - Headers: the page's Content-Type, Cache-Control and Content-Security-Policy as stored, then
 *   what visitor (Vary: Cookie on a tenant's page), securityHeaders (securityHeaderValues, with
 *   HSTS per request), compression (Content-Encoding, Content-Length, Vary: Accept-Encoding) and
 *   requestLog (X-Request-Id) add, each through the same function the middleware uses.
 * - The br and gzip copies of a page are made once, on the first hit that asks for each, and kept
 *   with the page: no hit compresses or hashes anything.
 * - The access log gets the same line as from requestLog (log/request-log.ts `logAccess`), with the
 *   route pattern recorded when the page was stored.
 *
 * tests/e2e/page-cache-fast-path.spec.ts checks on the built server that both paths answer the same
 * status, headers and bytes, and write the same access line.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CHOOSE_LANGUAGE_PARAM, languageNeutral, languageRoute } from "../lib/domain/language-route.ts";
import { type Coding, negotiateEncoding } from "../lib/server/http/accept-encoding.mjs";
import { compressedCopy, MIN_COMPRESS_BYTES, varyOnAcceptEncoding } from "../lib/server/http/compression.ts";
import { defaultLanguageServes } from "../lib/server/http/language.ts";
import { frameAncestorsFor, securityHeaderValues } from "../lib/server/http/security-headers.ts";
import { tenantHostRoute } from "../lib/server/http/tenant-host.ts";
import { type RequestContext, requestIdFrom, runWithRequest } from "../lib/server/log/request-context.ts";
import { logAccess, REQUEST_ID_HEADER } from "../lib/server/log/request-log.ts";
import { cameOverHttps } from "../lib/server/request/scheme.ts";
import { ResponseCache } from "../lib/server/response-cache.ts";
import { tenantLanguages } from "../lib/tenant/languages.ts";
import { getTenant } from "../lib/tenant/load.ts";

/** A page kept by the micro-cache. */
export interface CachedPage {
  /** The page as it was rendered (UTF-8). */
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  cacheControl: string;
  /** Astro's policy for the page (with its script hashes), before frame-ancestors is added. */
  contentSecurityPolicy: string | undefined;
  /** The route pattern that rendered it (`/[seller]/events`), for the access line of a hit. */
  route: string;
  storedAt: number;
  /** Its br and gzip copies, made on the first hit that asks for each. */
  compressed: Partial<Record<Coding, Uint8Array<ArrayBuffer>>>;
  /** Response headers per coding and scheme, without X-Request-Id (fast path). */
  heads: Map<string, string[]>;
}

export type PageCache = ResponseCache<CachedPage>;

const API_PATH = /^\/(api|cached_api)(\/|$)/;

export function createPageCache(ttlMs: number, maxEntries: number): PageCache {
  return new ResponseCache<CachedPage>(ttlMs, maxEntries);
}

/** A new entry for a rendered page. */
export function cachedPage(input: Omit<CachedPage, "compressed" | "heads">): CachedPage {
  return { ...input, compressed: {}, heads: new Map() };
}

/** The cache key: the host (a tenant's own host name serves other links), the page path, the query. */
export function pageCacheKey(
  url: Pick<URL, "host" | "pathname" | "search">,
  languagePrefix?: string,
): string {
  // `/{seller}/es/x` is served from the `/{seller}/x` page: the language keeps the copies apart
  // (after a `#`, which no path or query holds).
  return languagePrefix
    ? `${url.host}${url.pathname}${url.search}#${languagePrefix}`
    : `${url.host}${url.pathname}${url.search}`;
}

/** The response headers of a micro-cached page (micro-cache in src/middleware.ts), before the rest of the sequence. */
export function hitHeaders(page: CachedPage): Record<string, string> {
  return {
    "Content-Type": page.contentType,
    "Cache-Control": page.cacheControl,
    // The page's own policy: it lists the hashes of the scripts this page runs.
    ...(page.contentSecurityPolicy ? { "Content-Security-Policy": page.contentSecurityPolicy } : {}),
    "Content-Length": String(page.body.byteLength),
    "X-Cache": "hit",
  };
}

/** Whether the visitor middleware marks a public page of this path `Vary: Cookie` (a tenant's page). */
export function variesOnCookie(pagePath: string): boolean {
  const slug = pagePath.split("/")[1] ?? "";
  return !API_PATH.test(pagePath) && slug !== "" && getTenant(slug) !== undefined;
}

/**
 * The `Vary` the visitor middleware adds to a tenant's public page: the cookie (a logged-in visitor
 * gets another page), and on the unprefixed page of a shop with several languages the visitor's
 * languages too (the language middleware sends some of them elsewhere).
 */
export function pageVary(pagePath: string, languagePrefix: string | undefined): string {
  const slug = pagePath.split("/")[1] ?? "";
  const tenant = slug ? getTenant(slug) : undefined;
  const multilingual = tenant !== undefined && tenantLanguages(tenant).length > 1;
  return multilingual && !languagePrefix ? "Cookie, Accept-Language" : "Cookie";
}

/** Whether compression.ts compresses this page for a client that accepts `coding`. */
function compressible(page: CachedPage): boolean {
  return page.body.byteLength >= MIN_COMPRESS_BYTES && !/\bno-transform\b/i.test(page.cacheControl);
}

/** What the fast path needs of a request: the cache key and the paths the middleware would see. */
export interface FastPathTarget {
  key: string;
  /** The path as requested (the access log's `path`). */
  pathname: string;
  /** The path after the tenant-host and language rewrites (the page's path; security headers and Vary read it). */
  pagePath: string;
  /** `/{lang}` when the request named a language other than the default. */
  languagePrefix: string | undefined;
}

/**
 * The cache key of a request Astro would hand to the page cache unchanged, else undefined (the
 * request goes the slow way, which answers whatever it needs: a redirect, a 400, a render).
 */
export function fastPathTarget(
  host: string,
  rawUrl: string,
  https: boolean,
  acceptLanguage?: string,
): FastPathTarget | undefined {
  if (!rawUrl.startsWith("/") || rawUrl.startsWith("//") || rawUrl.includes("#")) return undefined;
  const query = rawUrl.indexOf("?");
  const rawPath = query === -1 ? rawUrl : rawUrl.slice(0, query);
  // Astro redirects a trailing slash (trailingSlash: "never"); `//` and dot segments are its to judge.
  if ((rawPath.length > 1 && rawPath.endsWith("/")) || rawPath.includes("//")) return undefined;
  try {
    // scripts/serve.mjs answers 400 to a URL decodeURI refuses (as the standalone adapter did).
    decodeURI(rawUrl);
  } catch {
    return undefined;
  }
  const href = `${https ? "https" : "http"}://${host}${rawUrl}`;
  if (!URL.canParse(href)) return undefined;
  const url = new URL(href);
  // The URL parser changed the path (dot segments, escapes): Astro sees that one, leave it to Astro.
  if (url.pathname !== rawPath || API_PATH.test(url.pathname)) return undefined;
  const route = tenantHostRoute(url.host, url.pathname);
  if (route.kind === "redirect") return undefined;
  const sellerPath = route.kind === "rewrite" ? route.path : url.pathname;
  // The language middleware's rules (lib/server/http/language.ts): a redirect, a remembered choice
  // or another language wanted is its to answer.
  if (url.searchParams.has(CHOOSE_LANGUAGE_PARAM)) return undefined;
  const slug = sellerPath.split("/")[1] ?? "";
  const tenant = slug ? getTenant(slug) : undefined;
  const languages = tenant ? tenantLanguages(tenant) : [];
  const inLanguage = languageRoute(sellerPath, languages);
  if (inLanguage.kind === "canonical") return undefined;
  if (inLanguage.kind === "unprefixed" && !defaultLanguageServes(sellerPath, acceptLanguage))
    return undefined;
  const pagePath = inLanguage.kind === "rewrite" ? inLanguage.path : sellerPath;
  if (inLanguage.kind === "rewrite" && languageNeutral(pagePath.slice(slug.length + 1))) return undefined;
  const prefix = inLanguage.kind === "rewrite" ? `/${inLanguage.language}` : undefined;
  return {
    key: pageCacheKey({ host: url.host, pathname: pagePath, search: url.search }, prefix),
    pathname: url.pathname,
    pagePath,
    languagePrefix: prefix,
  };
}

/** The hit's headers for one coding and scheme, as the middleware sequence would write them (no X-Request-Id). */
function headsFor(
  page: CachedPage,
  pagePath: string,
  languagePrefix: string | undefined,
  coding: Coding | null,
  https: boolean,
): string[] {
  const memo = `${coding ?? "identity"}|${https ? "https" : "http"}|${pagePath}`;
  const kept = page.heads.get(memo);
  if (kept) return kept;
  const headers = new Headers(hitHeaders(page));
  // visitor: a tenant's public page varies on the cookie.
  if (variesOnCookie(pagePath)) headers.append("Vary", pageVary(pagePath, languagePrefix));
  // securityHeaders: none of these is on a hit yet, so each is set.
  const security = securityHeaderValues({
    contentType: page.contentType,
    policy: page.contentSecurityPolicy ?? null,
    frameAncestors: frameAncestorsFor(pagePath),
    https,
  });
  for (const [name, value] of Object.entries(security)) headers.set(name, value);
  // compression
  if (coding) {
    headers.set("Content-Encoding", coding);
    headers.set("Content-Length", String(compressedCopy(page, coding).byteLength));
  }
  varyOnAcceptEncoding(headers);
  const flat: string[] = [];
  for (const [name, value] of headers) flat.push(name, value);
  page.heads.set(memo, flat);
  return flat;
}

/**
 * Answers a GET for a fresh micro-cached page before Astro, as the middleware would. Returns false
 * (nothing written) when the request is not one for it.
 */
export function servePageHit(cache: PageCache, req: IncomingMessage, res: ServerResponse): boolean {
  const started = performance.now();
  if (req.method !== "GET" || req.headers.cookie !== undefined) return false;
  const host = req.headers.host;
  const rawUrl = req.url;
  if (typeof host !== "string" || !rawUrl) return false;
  const encrypted = "encrypted" in req.socket && req.socket.encrypted === true;
  const acceptLanguage = req.headers["accept-language"];
  const target = fastPathTarget(host, rawUrl, encrypted, acceptLanguage);
  if (!target) return false;
  const page = cache.get(target.key, Date.now());
  if (!page) return false;

  const forwardedProto = req.headers["x-forwarded-proto"];
  const https = cameOverHttps(
    encrypted ? "https:" : "http:",
    typeof forwardedProto === "string" ? forwardedProto : undefined,
  );
  const acceptEncoding = req.headers["accept-encoding"];
  const coding = compressible(page) ? negotiateEncoding(acceptEncoding) : null;
  const requestIdHeader = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const context: RequestContext = {
    id: requestIdFrom(typeof requestIdHeader === "string" ? requestIdHeader : undefined),
  };
  const headers = [
    ...headsFor(page, target.pagePath, target.languagePrefix, coding, https),
    REQUEST_ID_HEADER.toLowerCase(),
    context.id,
  ];
  res.writeHead(200, headers);
  res.end(coding ? compressedCopy(page, coding) : page.body);
  runWithRequest(context, () =>
    logAccess({
      method: "GET",
      route: page.route,
      pathname: target.pathname,
      isApi: false,
      status: 200,
      started,
    }),
  );
  return true;
}

/**
 * One render per key at a time (the micro-cache, when an entry expires under load): a request that
 * arrives while the page is being rendered awaits that render's page instead of rendering it again.
 */
export class RenderOnce<T> {
  private readonly running = new Map<string, Promise<T | undefined>>();

  /** The page being rendered for `key` (undefined when the render shares none), or undefined when none runs. */
  pending(key: string): Promise<T | undefined> | undefined {
    return this.running.get(key);
  }

  /** Runs `render` as the one render of `key`; it calls `share` with the page the others may serve. */
  async run<R>(key: string, render: (share: (page: T) => void) => Promise<R>): Promise<R> {
    let settle: (page: T | undefined) => void = () => {};
    this.running.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    try {
      return await render((page) => settle(page));
    } finally {
      // Nothing shared (not a public page, or the render failed): those waiting render their own.
      settle(undefined);
      this.running.delete(key);
    }
  }
}

/** What scripts/serve.mjs finds on globalThis under FAST_PATH_KEY. */
export interface PageCacheFastPath {
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

export const FAST_PATH_KEY: unique symbol = Symbol.for("foyer.pageCache.fastPath");

/** Makes `cache` reachable by scripts/serve.mjs, which runs outside the Astro bundle. */
export function publishFastPath(cache: PageCache): void {
  const fastPath: PageCacheFastPath = { serve: (req, res) => servePageHit(cache, req, res) };
  Object.defineProperty(globalThis, FAST_PATH_KEY, { value: fastPath, configurable: true, writable: true });
}
