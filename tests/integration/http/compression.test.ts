/**
 * "No response compression: HTML, JSON, JS and CSS go out uncompressed". The Astro
 * middleware (src/lib/server/http/compression.ts) on pages and API answers, and the precompressed
 * /_astro files served by scripts/serve.mjs (src/perf/precompressed.mjs). The built server is
 * checked end to end by tests/e2e/compression.spec.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import type { APIContext, MiddlewareNext } from "astro";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compression, compressResponse, type KeptBody } from "../../../src/lib/server/http/compression.ts";
import { precompressDir, servePrecompressed } from "../../../src/perf/precompressed.mjs";

const PAGE = `<!doctype html><html><head><title>Events</title></head><body>${"<li>General Admission</li>".repeat(200)}</body></html>`;

async function throughMiddleware(answer: Response, headers: Record<string, string>, method = "GET") {
  const url = "http://127.0.0.1/harbour-museum/events";
  const request = new Request(url, { headers, method });
  const context = { url: new URL(url), request } as unknown as APIContext;
  const next: MiddlewareNext = async () => answer;
  const response = await compression(context, next);
  if (!(response instanceof Response)) throw new Error("the middleware must answer a Response");
  return response;
}

function page(body: BodyInit = PAGE, type = "text/html", extra: Record<string, string> = {}) {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
      "X-Request-Id": "req-1",
      "Set-Cookie": "foyer_cart=abc; Path=/",
      ...extra,
    },
  });
}

describe("pages and API answers: 'compress them (brotli and gzip) when the client accepts it'", () => {
  it("an HTML page goes out as brotli to a browser that accepts br, and decodes to the same page", async () => {
    const response = await throughMiddleware(page(), { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(PAGE.length / 4);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(PAGE);
  });

  it("gzip for a client that accepts only gzip; the CSP, X-Request-Id and cookies stay", async () => {
    const response = await throughMiddleware(page(), { "Accept-Encoding": "gzip" });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Security-Policy")).toBe(
      "default-src 'self'; frame-ancestors 'none'",
    );
    expect(response.headers.get("X-Request-Id")).toBe("req-1");
    expect(response.headers.getSetCookie()).toEqual(["foyer_cart=abc; Path=/"]);
    expect(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(PAGE);
  });

  it("identity for a client that sends no Accept-Encoding, still with Vary: Accept-Encoding", async () => {
    const response = await throughMiddleware(page(), {});
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(await response.text()).toBe(PAGE);
  });

  it("an API answer (JSON) is compressed, its Content-Length dropped and its ETag made weak", async () => {
    const json = JSON.stringify({ _data: Array.from({ length: 100 }, (_, i) => ({ id: `hm-${i}` })) });
    const response = await throughMiddleware(
      page(json, "application/json", { "Content-Length": String(json.length), ETag: '"v1"', Vary: "Origin" }),
      { "Accept-Encoding": "br" },
    );
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(response.headers.get("ETag")).toBe('W/"v1"');
    expect(response.headers.get("Vary")).toBe("Origin, Accept-Encoding");
    expect(
      JSON.parse(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()),
    ).toEqual(JSON.parse(json));
  });

  it("'don't compress tiny bodies': a body under 1 KB with its length known goes out as it is", async () => {
    const response = await throughMiddleware(
      page('{"ok":true}', "application/json", { "Content-Length": "11" }),
      {
        "Accept-Encoding": "br, gzip",
      },
    );
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.text()).toBe('{"ok":true}');
  });

  it("'or already-compressed types (images)': a JPEG is passed through untouched", async () => {
    const jpeg = new Uint8Array(4096).fill(7);
    const response = await throughMiddleware(page(jpeg, "image/jpeg"), { "Accept-Encoding": "br, gzip" });
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Vary")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(jpeg);
  });

  it("a HEAD answer, a 304 and an answer with its own Content-Encoding are not compressed again", async () => {
    const head = await throughMiddleware(page(), { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers.get("Content-Encoding")).toBeNull();
    const notModified = await throughMiddleware(new Response(null, { status: 304 }), {
      "Accept-Encoding": "br",
    });
    expect(notModified.headers.get("Content-Encoding")).toBeNull();
    const gzipped = zlib.gzipSync(PAGE);
    const own = await throughMiddleware(page(gzipped, "text/html", { "Content-Encoding": "gzip" }), {
      "Accept-Encoding": "br",
    });
    expect(own.headers.get("Content-Encoding")).toBe("gzip");
    expect(Buffer.from(await own.arrayBuffer())).toEqual(gzipped);
  });

  it("'streaming SSR still streams': the first part of a page decodes before the rest is rendered", async () => {
    let finish: () => void = () => {};
    const rest = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const encoder = new TextEncoder();
    const streamed = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("<!doctype html><html><head><title>Events</title></head>"));
        await rest; // the slow part of the page is still rendering
        controller.enqueue(encoder.encode("<body>done</body></html>"));
        controller.close();
      },
    });
    const response = await throughMiddleware(page(streamed), { "Accept-Encoding": "gzip" });
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    const first = await reader.read();
    // Decoded without the end of the stream: the compressor flushed the first chunk on its own.
    const head = zlib.gunzipSync(Buffer.from(first.value ?? []), {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    expect(head.toString()).toBe("<!doctype html><html><head><title>Events</title></head>");
    finish();
    const chunks = [Buffer.from(first.value ?? [])];
    for (let part = await reader.read(); !part.done; part = await reader.read())
      chunks.push(Buffer.from(part.value));
    expect(zlib.gunzipSync(Buffer.concat(chunks)).toString()).toContain("<body>done</body>");
  });
});

describe("micro-cached pages are compressed once, not on every request", () => {
  const hit = (body: string) =>
    page(body, "text/html", { "X-Cache": "hit", "Content-Length": String(Buffer.byteLength(body)) });
  const kept = (body: string): KeptBody => ({ body: new Uint8Array(Buffer.from(body)), compressed: {} });

  it("the same cached page is compressed once per coding and kept with it; the answer has its length and decodes to the page", async () => {
    const cached = kept(PAGE);
    const first = await compressResponse("GET", "br", hit(PAGE), cached);
    const copy = cached.compressed.br;
    expect(copy).toBeDefined();
    const second = await compressResponse("GET", "br", hit(PAGE), cached);
    // The second hit sends the very bytes kept by the first: nothing compressed again.
    expect(cached.compressed.br).toBe(copy);
    const body = Buffer.from(await second.arrayBuffer());
    expect(Buffer.from(await first.arrayBuffer())).toEqual(body);
    expect(second.headers.get("Content-Encoding")).toBe("br");
    expect(second.headers.get("Content-Length")).toBe(String(body.length));
    expect(second.headers.get("X-Request-Id")).toBe("req-1");
    expect(zlib.brotliDecompressSync(body).toString()).toBe(PAGE);
    expect(cached.compressed.gzip).toBeUndefined();
    const gzip = await compressResponse("GET", "gzip", hit(PAGE), cached);
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(PAGE);
    expect(cached.compressed.gzip).toBeDefined();
  });

  it("a cached page under 1 KB goes out as it is, with Vary: Accept-Encoding", async () => {
    const small = "<!doctype html><p>hi</p>";
    const answer = await compressResponse("GET", "br", hit(small), kept(small));
    expect(answer.headers.get("Content-Encoding")).toBeNull();
    expect(answer.headers.get("Vary")).toContain("Accept-Encoding");
    expect(await answer.text()).toBe(small);
  });
});

describe("/_astro files: 'static assets can be precompressed at build time'", () => {
  const dir = mkdtempSync(join(tmpdir(), "foyer-precompress-"));
  const script = `export const events = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `event-${i}`))};`;
  let server: Server;
  let base = "";

  beforeAll(async () => {
    mkdirSync(join(dir, "_astro"));
    writeFileSync(join(dir, "_astro", "Island.abc123.js"), script);
    writeFileSync(join(dir, "_astro", "tiny.css"), "a{color:red}");
    expect(precompressDir(join(dir, "_astro"))).toBe(1);
    server = createServer((req, res) => {
      if (servePrecompressed(req, res, dir)) return;
      res.setHeader("X-Fell-Through", "1");
      res.end("from the adapter");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("the build writes a .br and a .gz twin that decode to the file; a tiny file gets none", () => {
    const file = join(dir, "_astro", "Island.abc123.js");
    expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(() => readFileSync(join(dir, "_astro", "tiny.css.br"))).toThrow();
  });

  it("a JS file goes out as the brotli twin, with its type, the immutable cache policy and Vary", async () => {
    const res = await fetchRaw(`${base}/_astro/Island.abc123.js`, "gzip, deflate, br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("the gzip twin for a gzip-only client", async () => {
    const res = await fetchRaw(`${base}/_astro/Island.abc123.js`, "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it("identity falls through to the adapter (with Vary set), as do files without a twin and other paths", async () => {
    const identity = await fetchRaw(`${base}/_astro/Island.abc123.js`, "identity");
    expect(identity.headers["x-fell-through"]).toBe("1");
    expect(identity.headers.vary).toBe("Accept-Encoding");
    expect((await fetchRaw(`${base}/_astro/tiny.css`, "br")).headers["x-fell-through"]).toBe("1");
    expect((await fetchRaw(`${base}/_astro/../../etc/passwd.js`, "br")).headers["x-fell-through"]).toBe("1");
    expect((await fetchRaw(`${base}/harbour-museum`, "br")).headers["x-fell-through"]).toBe("1");
  });
});

/** A GET with this Accept-Encoding, the body as it came (fetch would decode it). */
async function fetchRaw(url: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}
