/**
 * The page cache's fast path (src/perf/page-cache.ts) answers a hit
 * before Astro, so it must key a request exactly as the micro-cache middleware does (host, the path
 * after the tenant-host rewrite, the query), and leave to Astro every request Astro would redirect,
 * refuse or see under another path. Harbour Museum lists tickets.harbour-museum.example.
 */
import { describe, expect, it } from "vitest";
import { fastPathTarget, pageCacheKey, RenderOnce, variesOnCookie } from "../../../src/perf/page-cache.ts";

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

describe("an expired page under load is rendered once, not once per request in flight (RenderOnce)", () => {
  it("a request arriving during the render awaits its page; the next render starts afresh", async () => {
    const renders = new RenderOnce<string>();
    let finish: () => void = () => {};
    const rendered = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let count = 0;
    const first = renders.run("k", async (share) => {
      count++;
      await rendered;
      share("<html>page</html>");
      return "first";
    });
    const waiting = renders.pending("k");
    expect(waiting).toBeDefined();
    expect(renders.pending("other")).toBeUndefined();
    finish();
    expect(await waiting).toBe("<html>page</html>");
    expect(await first).toBe("first");
    expect(count).toBe(1);
    expect(renders.pending("k")).toBeUndefined();
  });

  it("a render that shares nothing (not a public page) or fails leaves the waiting ones to render their own", async () => {
    const renders = new RenderOnce<string>();
    const quiet = renders.run("k", async () => "private page");
    const waitingQuiet = renders.pending("k");
    await quiet;
    expect(await waitingQuiet).toBeUndefined();
    const failing = renders.run("k", async () => {
      throw new Error("render failed");
    });
    const waitingFailed = renders.pending("k");
    await expect(failing).rejects.toThrow("render failed");
    expect(await waitingFailed).toBeUndefined();
    expect(renders.pending("k")).toBeUndefined();
  });
});
