/**
 * scripts/serve.mjs answers /api and /cached_api without Astro's render pipeline (the direct path,
 * src/lib/server/http/api-direct.ts). Here, on the built server, it must answer exactly as Astro's
 * pipeline does for the same request: the same status, headers and bytes, and the same access
 * line. The built app is loaded in this process behind two listeners (src/perf/request-listener.mjs),
 * one with the direct path and one without (API_DIRECT_PATH=off); a counter around Astro's handler
 * shows which requests reached it, so the comparison is not between two Astro answers.
 * (No browser: plain HTTP, so Playwright's own `test`, without the suite's browser fixtures.)
 */
import { expect, test } from "@playwright/test";
import { type BuiltListeners, builtListeners, comparable } from "../helpers/built-listeners.ts";
import { type RawAnswer, rawRequest } from "../helpers/http-server.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let built: BuiltListeners;
let directPort = 0;
let astroPort = 0;

const accessLines = () => built.accessLines();

test.beforeAll(async () => {
  // Migrating and seeding a fresh data dir in this process takes a while on a busy machine.
  test.setTimeout(180_000);
  built = await builtListeners("api-direct", "apiDirectPath");
  directPort = built.fastPort;
  astroPort = built.astroPort;
});

test.afterAll(async () => {
  await built.close();
});

interface Case {
  what: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Astro's status for it: the case reaches the part of the API it names. */
  status: number;
  /** Astro answers it on both listeners: the direct path declines it. */
  declined?: boolean;
}

/** The page's own origin, as a browser on the shop sends it (a listener's port stands for the host). */
const ORIGIN = "http://shop.example";
const HOST = "shop.example";

const CASES: Case[] = [
  { status: 200, what: "a read", path: "/api/health" },
  {
    status: 200,
    what: "a read, brotli",
    path: "/api/health",
    headers: { "Accept-Encoding": "gzip, deflate, br" },
  },
  {
    status: 200,
    what: "a catalogue read, gzip",
    path: "/api/events/available?_seller=harbour-museum",
    headers: { "Accept-Encoding": "gzip" },
  },
  {
    status: 200,
    what: "a cached read",
    path: "/cached_api/events/available?_seller=riverside-zoo",
    headers: { "Accept-Encoding": "br" },
  },
  { status: 404, what: "no route", path: "/api/no-such-thing?_seller=harbour-museum" },
  { status: 404, what: "the bare prefix", path: "/api" },
  {
    status: 200,
    what: "a tenant's settings",
    path: "/api/config?_seller=harbour-museum",
  },
  {
    status: 400,
    what: "a same-origin JSON write that fails validation",
    method: "POST",
    path: "/api/my/cart/modify?_seller=harbour-museum",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify({ add: [{ ticket_type_id: "", quantity: -1 }] }),
  },
  {
    status: 400,
    what: "malformed JSON",
    method: "POST",
    path: "/api/my/cart/modify?_seller=harbour-museum",
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
    body: "{",
  },
  {
    status: 403,
    what: "a cross-site form write (Astro's origin check)",
    method: "POST",
    path: "/api/my/cart/modify?_seller=harbour-museum",
    headers: { Origin: "https://elsewhere.example", "Content-Type": "text/plain" },
    body: "{}",
  },
  {
    status: 403,
    what: "a write with no content type and no origin (Astro's origin check)",
    method: "DELETE",
    path: "/api/my/cart/abc?_seller=harbour-museum",
  },
  {
    status: 403,
    what: "a CORS preflight",
    method: "OPTIONS",
    path: "/api/my/cart/modify?_seller=harbour-museum",
    headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
  },
  {
    status: 404,
    what: "a hold refused (no such session)",
    method: "POST",
    path: "/api/my/cart/modify?_seller=harbour-museum",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", "Accept-Encoding": "br" },
    body: JSON.stringify({
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: "no-such-session", quantity: 1 }],
    }),
  },
  {
    status: 200,
    what: "a claimed https without a trusted proxy",
    path: "/api/health",
    headers: { "X-Forwarded-Proto": "https" },
  },
  { status: 301, what: "a trailing slash", path: "/api/health/", declined: true },
  { status: 200, what: "HEAD", method: "HEAD", path: "/api/health", declined: true },
];

async function send(port: number, c: Case): Promise<RawAnswer> {
  // The caller's request id is echoed and logged: one per case, so both answers carry the same.
  const requestId = `api-direct-${c.what.replace(/\W+/g, "-")}`;
  return rawRequest(
    `http://127.0.0.1:${port}${c.path}`,
    { Host: HOST, "X-Request-Id": requestId, ...c.headers },
    c.method ?? "GET",
    c.body,
  );
}

for (const c of CASES) {
  test(`an API answer on the direct path equals Astro's: ${c.what}`, async () => {
    // A /cached_api read is kept after the first answer: both compared answers are then hits.
    if (c.path.startsWith("/cached_api")) await send(astroPort, c);
    await accessLines();
    const before = built.reachedAstro();
    const fromAstro = await send(astroPort, c);
    const astroLines = await accessLines();
    expect(built.reachedAstro(), "the listener without the direct path sends it to Astro").toBe(before + 1);
    expect(fromAstro.status).toBe(c.status);
    const fromDirect = await send(directPort, c);
    const directLines = await accessLines();
    expect(
      built.reachedAstro(),
      c.declined ? "declined: Astro answers" : "the direct path answers, not Astro",
    ).toBe(before + (c.declined ? 2 : 1));
    expect(fromDirect.status).toBe(fromAstro.status);
    expect(comparable(fromDirect.headers)).toEqual(comparable(fromAstro.headers));
    expect(fromDirect.body.equals(fromAstro.body), "the same bytes").toBe(true);
    expect(directLines).toEqual(astroLines);
  });
}

test("an API answer on the direct path equals Astro's: https behind a trusted proxy (HSTS, the caller's address)", async () => {
  process.env.TRUST_PROXY_HOPS = "1";
  try {
    const c: Case = {
      what: "https behind a trusted proxy",
      status: 200,
      path: "/api/config?_seller=harbour-museum",
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9", "Accept-Encoding": "br" },
    };
    await accessLines();
    const fromAstro = await send(astroPort, c);
    const astroLines = await accessLines();
    const fromDirect = await send(directPort, c);
    const directLines = await accessLines();
    expect(fromAstro.status).toBe(200);
    expect(fromDirect.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(comparable(fromDirect.headers)).toEqual(comparable(fromAstro.headers));
    expect(fromDirect.body.equals(fromAstro.body), "the same bytes").toBe(true);
    expect(directLines).toEqual(astroLines);
  } finally {
    delete process.env.TRUST_PROXY_HOPS;
  }
});
