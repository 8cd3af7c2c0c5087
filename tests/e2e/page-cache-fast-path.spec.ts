/**
 * scripts/serve.mjs answers a fresh micro-cached page before Astro (the
 * fast path, src/perf/page-cache.ts). Here, on the built server, it must answer exactly as
 * Astro's middleware sequence does for the same hit: the same status, headers and bytes, and the
 * same access line. The built app is loaded in this process behind two listeners
 * (src/perf/request-listener.mjs), one with the fast path and one without (PAGE_FAST_PATH=off), so
 * both answer from the one page cache: a page is stored once and served by both paths.
 * (No browser: plain HTTP, so Playwright's own `test`, without the suite's browser fixtures.)
 */
import { expect, test } from "@playwright/test";
import { type BuiltListeners, builtListeners, comparable } from "../helpers/built-listeners.ts";
import { type RawAnswer, rawRequest } from "../helpers/http-server.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let built: BuiltListeners;
let fastPort = 0;
let slowPort = 0;

/** A GET on one of the two listeners, with exactly these headers. */
const get = (port: number, path: string, headers: Record<string, string>): Promise<RawAnswer> =>
  rawRequest(`http://127.0.0.1:${port}${path}`, headers);

const accessLines = () => built.accessLines();

test.beforeAll(async () => {
  // Migrating and seeding a fresh data dir in this process takes a while on a busy machine.
  test.setTimeout(180_000);
  built = await builtListeners("fast-path", "pageFastPath");
  fastPort = built.fastPort;
  slowPort = built.astroPort;
});

test.afterAll(async () => {
  await built.close();
});

const CASES: Array<[string, string, Record<string, string>]> = [
  ["identity", "/harbour-museum/events", {}],
  ["br", "/harbour-museum/events", { "Accept-Encoding": "gzip, deflate, br" }],
  ["gzip", "/harbour-museum/events", { "Accept-Encoding": "gzip" }],
  ["a query", "/riverside-zoo/events?category=Animals", { "Accept-Encoding": "br" }],
  [
    "the tenant's own host name",
    "/events",
    { Host: "tickets.harbour-museum.example", "Accept-Encoding": "br" },
  ],
  ["a claimed https without a trusted proxy", "/harbour-museum/events", { "X-Forwarded-Proto": "https" }],
];

/** The same hit through Astro and through the fast path: the two answers and access lines must be equal. */
async function compareHit(what: string, path: string, extra: Record<string, string>) {
  // Both listeners answer for one host name, so both read the one cache entry.
  const headers = {
    Host: `127.0.0.1:${fastPort}`,
    "X-Request-Id": `fast-path-${what.replace(/\W+/g, "-")}`,
    ...extra,
  };
  // The entry lives 5 s: on a busy machine it may expire between the two hits, so the pair is retried.
  for (let attempt = 1; ; attempt++) {
    await get(slowPort, path, headers); // stores the page (or finds it stored)
    await accessLines();
    const viaAstro = await get(slowPort, path, headers);
    const astroLines = await accessLines();
    const viaFastPath = await get(fastPort, path, headers);
    const fastLines = await accessLines();
    const bothHits = viaAstro.headers["x-cache"] === "hit" && viaFastPath.headers["x-cache"] === "hit";
    if (!bothHits && attempt < 3) continue;
    expect(viaAstro.status).toBe(200);
    expect(viaAstro.headers["x-cache"]).toBe("hit");
    expect(viaFastPath.headers["x-cache"]).toBe("hit");
    expect(viaFastPath.status).toBe(viaAstro.status);
    expect(comparable(viaFastPath.headers)).toEqual(comparable(viaAstro.headers));
    expect(viaFastPath.body.equals(viaAstro.body), "the same bytes").toBe(true);
    expect(astroLines).toHaveLength(1);
    expect(fastLines).toEqual(astroLines);
    return viaFastPath;
  }
}

for (const [what, path, extra] of CASES) {
  test(`a hit answered by the fast path equals the middleware's answer: ${what}`, async () => {
    await compareHit(what, path, extra);
  });
}

test("a hit answered by the fast path equals the middleware's answer: https behind a trusted proxy (HSTS)", async () => {
  process.env.TRUST_PROXY_HOPS = "1";
  try {
    const answer = await compareHit("https", "/harbour-museum/events", {
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.9",
      "Accept-Encoding": "br",
    });
    expect(answer?.headers["strict-transport-security"]).toBe("max-age=31536000");
  } finally {
    delete process.env.TRUST_PROXY_HOPS;
  }
});

test("a request with a cookie is rendered by Astro on the fast-path listener too (never the shared copy)", async () => {
  const headers = { Host: `127.0.0.1:${fastPort}` };
  await get(fastPort, "/harbour-museum/events", headers);
  const stored = await get(fastPort, "/harbour-museum/events", headers);
  expect(stored.headers["x-cache"]).toBe("hit");
  const personal = await get(fastPort, "/harbour-museum/events", {
    ...headers,
    Cookie: "foyer_session=not-a-session",
  });
  expect(personal.status).toBe(200);
  expect(personal.headers["x-cache"]).toBeUndefined();
});
