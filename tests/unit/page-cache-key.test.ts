/**
 * Issue 17 "Faster pages": the page cache's fast path (src/lib/server/page-cache.ts) answers a hit
 * before Astro, so it must key a request exactly as the micro-cache middleware does (host, the path
 * after the tenant-host rewrite, the query), and leave to Astro every request Astro would redirect,
 * refuse or see under another path. Harbour Museum lists tickets.harbour-museum.example.
 */
import { describe, expect, it } from "vitest";
import { fastPathTarget, pageCacheKey, variesOnCookie } from "../../src/lib/server/page-cache.ts";

const SHARED = "127.0.0.1:4321";
const TENANT_HOST = "tickets.harbour-museum.example";

describe("the fast path keys a request as the micro-cache middleware does", () => {
  it("the shared host: host, path and query, as the middleware's key of the same URL", () => {
    const target = fastPathTarget(SHARED, "/harbour-museum/events?category=Support", false);
    const url = new URL(`http://${SHARED}/harbour-museum/events?category=Support`);
    expect(target).toEqual({
      key: pageCacheKey(url),
      pathname: "/harbour-museum/events",
      pagePath: "/harbour-museum/events",
    });
  });

  it("a tenant's own host name: the key holds the rewritten `/{seller}/…` path; the log keeps the requested one", () => {
    const target = fastPathTarget(TENANT_HOST, "/events", false);
    expect(target?.key).toBe(`${TENANT_HOST}/harbour-museum/events`);
    expect(target?.pathname).toBe("/events");
    expect(target?.pagePath).toBe("/harbour-museum/events");
    // The home on the tenant host is the seller's home page.
    expect(fastPathTarget(TENANT_HOST, "/", false)?.key).toBe(`${TENANT_HOST}/harbour-museum`);
  });

  it("the host is lower-cased and a default port dropped, as the URL Astro builds", () => {
    expect(fastPathTarget("Tickets.Harbour-Museum.Example:80", "/events", false)?.key).toBe(
      `${TENANT_HOST}/harbour-museum/events`,
    );
  });
});

describe("what Astro would redirect, refuse or normalize first goes the slow way", () => {
  it.each([
    ["a trailing slash (Astro's 301)", SHARED, "/harbour-museum/events/"],
    ["a double slash", SHARED, "//harbour-museum/events"],
    ["a double slash inside the path", SHARED, "/harbour-museum//events"],
    ["a dot segment (the URL parser rewrites the path)", SHARED, "/x/../harbour-museum/events"],
    ["an escape decodeURI refuses (the adapter's 400)", SHARED, "/harbour-museum/events%E0%A4%A"],
    ["a fragment", SHARED, "/harbour-museum/events#top"],
    ["an absolute-form target", SHARED, "http://evil.example/harbour-museum/events"],
    ["the API", SHARED, "/api/events/available?_seller=harbour-museum"],
    ["the cached API", SHARED, "/cached_api/events/available?_seller=harbour-museum"],
    ["`/{seller}/…` on the tenant's host (its 301 to `/…`)", TENANT_HOST, "/harbour-museum/events"],
    ["a host the URL parser refuses", "bad host", "/harbour-museum/events"],
  ])("%s", (_what, host, url) => {
    expect(fastPathTarget(host, url, false)).toBeUndefined();
  });
});

describe("'public pages carry Vary: Cookie' (a tenant's page), as the visitor middleware decides", () => {
  it("a tenant's page varies on the cookie; a page of no tenant does not", () => {
    expect(variesOnCookie("/harbour-museum/events")).toBe(true);
    expect(variesOnCookie("/riverside-zoo")).toBe(true);
    expect(variesOnCookie("/")).toBe(false);
    expect(variesOnCookie("/_stories")).toBe(false);
  });
});
