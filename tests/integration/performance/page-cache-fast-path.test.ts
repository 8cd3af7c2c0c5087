/**
 * Faster pages (DESIGN §9: a micro-cache hit at least half as fast as a static file): the
 * request listener of scripts/serve.mjs (src/perf/request-listener.mjs) answers a fresh micro-cached
 * page before Astro, through the fast path the middleware publishes (src/perf/page-cache.ts).
 * Astro is stood in for by a handler that marks what reaches it; the built server, where both paths
 * answer the same request, is compared in tests/e2e/page-cache-fast-path.spec.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import {
  cachedPage,
  createPageCache,
  type PageCache,
  publishFastPath,
} from "../../../src/perf/page-cache.ts";
import { createRequestListener } from "../../../src/perf/request-listener.mjs";
import { rawRequest } from "../../helpers/http-server.ts";

const PAGE = `<!doctype html><html><head><title>Events</title></head><body>${"<li>General Admission</li>".repeat(200)}</body></html>`;
const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='";
const TTL_MS = 5_000;

let cache: PageCache;
let fast: Server;
let slow: Server;
let fastBase = "";
let slowBase = "";

/** Astro, stood in: answers 200 marked so the test sees the request reached it. */
function astro(_req: unknown, res: import("node:http").ServerResponse) {
  res.setHeader("X-Reached-Astro", "1");
  res.end("rendered by Astro");
}

/**
 * Stores PAGE under `key`. The server reads the wall clock itself; a test never does
 * (tests/unit/architecture/no-wall-clock.test.ts): a page stored "in the far future" is fresh, one stored at 0 is
 * long past its time to live.
 */
const FRESH = Number.MAX_SAFE_INTEGER;
const EXPIRED = 0;

function store(key: string, storedAt = FRESH, body = PAGE) {
  const page = cachedPage({
    body: new Uint8Array(Buffer.from(body)),
    contentType: "text/html",
    cacheControl: "public, max-age=60, stale-while-revalidate=600",
    contentSecurityPolicy: POLICY,
    route: "/[seller]/events",
    storedAt,
  });
  cache.set(key, page);
  return page;
}

async function listen(pageFastPath: boolean): Promise<[Server, string]> {
  const server = createServer(
    createRequestListener({ handler: astro, clientDir: "/nonexistent", pageFastPath }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

let lines: Array<Record<string, unknown>> = [];
let restoreLog: () => void = () => {};

beforeAll(async () => {
  cache = createPageCache(TTL_MS, 50);
  publishFastPath(cache);
  [fast, fastBase] = await listen(true);
  [slow, slowBase] = await listen(false);
});

afterAll(async () => {
  for (const server of [fast, slow]) await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  lines = [];
  restoreLog = captureLogLines((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
});
afterEach(() => {
  restoreLog();
  delete process.env.TRUST_PROXY_HOPS;
});

const hostOf = (base: string) => new URL(base).host;

describe("a fresh micro-cached page is answered before Astro", () => {
  it("with the page's bytes and every header the middleware sequence writes on a hit", async () => {
    store(`${hostOf(fastBase)}/harbour-museum/events`);
    const res = await rawRequest(`${fastBase}/harbour-museum/events`, { "X-Request-Id": "req-fast-1" });
    expect(res.status).toBe(200);
    expect(res.headers["x-reached-astro"]).toBeUndefined();
    expect(res.body.toString()).toBe(PAGE);
    expect(res.headers).toMatchObject({
      "cache-control": "public, max-age=60, stale-while-revalidate=600",
      "content-length": String(Buffer.byteLength(PAGE)),
      "content-security-policy": `${POLICY}; frame-ancestors 'none'`,
      "content-type": "text/html",
      "cross-origin-opener-policy": "same-origin-allow-popups",
      "permissions-policy":
        'payment=(self "https://js.stripe.com"), camera=(), microphone=(), geolocation=()',
      "referrer-policy": "strict-origin-when-cross-origin",
      // The museum speaks English and Spanish: its unprefixed pages vary on the visitor's languages too.
      vary: "Cookie, Accept-Language, Accept-Encoding",
      "x-cache": "hit",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "x-request-id": "req-fast-1",
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    // Plain http, no trusted proxy: no HSTS.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("each language has its own address: /{seller}/es/… is its own copy, which doesn't vary on Accept-Language", async () => {
    store(`${hostOf(fastBase)}/harbour-museum/events#/es`, FRESH, "<html lang=es>Eventos</html>");
    const res = await rawRequest(`${fastBase}/harbour-museum/es/events`, {});
    expect(res.headers["x-reached-astro"]).toBeUndefined();
    expect(res.body.toString()).toBe("<html lang=es>Eventos</html>");
    expect(res.headers.vary).toBe("Cookie, Accept-Encoding");
  });

  it("'a first visit follows the visitor's Accept-Language': a Spanish browser's unprefixed page goes the slow way (its redirect)", async () => {
    store(`${hostOf(fastBase)}/harbour-museum/events`);
    const spanish = await rawRequest(`${fastBase}/harbour-museum/events`, {
      "Accept-Language": "es-MX,es;q=0.9",
    });
    expect(spanish.headers["x-reached-astro"]).toBe("1");
    const german = await rawRequest(`${fastBase}/harbour-museum/events`, {
      "Accept-Language": "de-DE,en;q=0.5",
    });
    expect(german.headers["x-reached-astro"]).toBeUndefined();
    // The switcher's choice is remembered by the slow way too.
    const choosing = await rawRequest(`${fastBase}/harbour-museum/events?choose_language=es`, {});
    expect(choosing.headers["x-reached-astro"]).toBe("1");
  });

  it("'the access log gets its line': the same fields as requestLog writes, with the request id", async () => {
    store(`${hostOf(fastBase)}/harbour-museum/events?category=Support`);
    await rawRequest(`${fastBase}/harbour-museum/events?category=Support`, { "X-Request-Id": "req-log-1" });
    await new Promise((resolve) => setImmediate(resolve));
    const access = lines.filter((line) => line.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: "info",
      reqId: "req-log-1",
      method: "GET",
      route: "/[seller]/events",
      path: "/harbour-museum/events",
      status: 200,
    });
    expect(typeof access[0]?.durationMs).toBe("number");
    // Never the query (it can hold e-mails and names).
    expect(JSON.stringify(access[0])).not.toContain("Support");
  });

  it("brotli and gzip copies are made once and kept with the page; each decodes to the page", async () => {
    const page = store(`${hostOf(fastBase)}/harbour-museum/events`);
    const br = await rawRequest(`${fastBase}/harbour-museum/events`, {
      "Accept-Encoding": "gzip, deflate, br",
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(br.body.length));
    expect(br.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(PAGE);
    const kept = page.compressed.br;
    expect(kept).toBeDefined();
    const again = await rawRequest(`${fastBase}/harbour-museum/events`, { "Accept-Encoding": "br" });
    expect(again.body.equals(br.body)).toBe(true);
    expect(page.compressed.br).toBe(kept);
    const gzip = await rawRequest(`${fastBase}/harbour-museum/events`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(PAGE);
  });

  it("HSTS when a trusted proxy says the request came over https", async () => {
    process.env.TRUST_PROXY_HOPS = "1";
    store(`${hostOf(fastBase)}/harbour-museum/events`);
    const res = await rawRequest(`${fastBase}/harbour-museum/events`, { "X-Forwarded-Proto": "https" });
    expect(res.headers["x-cache"]).toBe("hit");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("on a tenant's own host name `/events` is the `/{seller}/events` page of that host", async () => {
    const port = new URL(fastBase).port;
    store(`tickets.harbour-museum.example:${port}/harbour-museum/events`);
    const res = await rawRequest(`${fastBase}/events`, { Host: `tickets.harbour-museum.example:${port}` });
    expect(res.headers["x-cache"]).toBe("hit");
    expect(res.body.toString()).toBe(PAGE);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.find((line) => line.msg === "request")).toMatchObject({
      path: "/events",
      route: "/[seller]/events",
    });
    // The same page on the shared host is another entry: not stored, so Astro renders it.
    const shared = await rawRequest(`${fastBase}/events`);
    expect(shared.headers["x-reached-astro"]).toBe("1");
  });
});

describe("everything that makes a page personal, or that the cache does not hold, reaches Astro", () => {
  beforeEach(() => store(`${hostOf(fastBase)}/harbour-museum/events`));

  it("'any cookie bypasses the cache': a request with a Cookie header is rendered", async () => {
    for (const cookie of ["foyer_session=abc", "anything=1"]) {
      const res = await rawRequest(`${fastBase}/harbour-museum/events`, { Cookie: cookie });
      expect(res.headers["x-reached-astro"], cookie).toBe("1");
      expect(res.headers["x-cache"], cookie).toBeUndefined();
    }
  });

  it("a POST and a HEAD are Astro's", async () => {
    for (const method of ["POST", "HEAD"]) {
      const res = await rawRequest(`${fastBase}/harbour-museum/events`, {}, method);
      expect(res.headers["x-reached-astro"], method).toBe("1");
    }
  });

  it("a page past its time to live, or never stored (another query), is Astro's", async () => {
    store(`${hostOf(fastBase)}/harbour-museum/events`, EXPIRED);
    expect((await rawRequest(`${fastBase}/harbour-museum/events`)).headers["x-reached-astro"]).toBe("1");
    expect((await rawRequest(`${fastBase}/harbour-museum/events?page=2`)).headers["x-reached-astro"]).toBe(
      "1",
    );
  });

  it("a trailing slash goes to Astro (its redirect), not to the cached page", async () => {
    expect((await rawRequest(`${fastBase}/harbour-museum/events/`)).headers["x-reached-astro"]).toBe("1");
  });

  it("PAGE_FAST_PATH=off: every page request reaches Astro", async () => {
    store(`${hostOf(slowBase)}/harbour-museum/events`);
    expect((await rawRequest(`${slowBase}/harbour-museum/events`)).headers["x-reached-astro"]).toBe("1");
  });
});
