/**
 * src/perf/static-files.mjs: the build's static files are served from a list made at
 * start, so a page request never tries the disk; they are sent as the standalone adapter sent them
 * ("/_astro files cached for a year, since their names carry a content hash"; dotfiles refused;
 * "the standalone adapter answered 400" to an address decodeURI refuses).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestListener } from "../../../src/perf/request-listener.mjs";
import { decodedPath, listClientFiles } from "../../../src/perf/static-files.mjs";

let dir: string;
let server: Server;
let base: string;
const rendered: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "foyer-static-"));
  mkdirSync(join(dir, "_astro"));
  mkdirSync(join(dir, "images", "harbour museum"), { recursive: true });
  writeFileSync(join(dir, "_astro", "client.AbC123.js"), "console.log(1);\n");
  writeFileSync(join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(join(dir, "images", "harbour museum", "ship.jpg"), "jpeg");
  writeFileSync(join(dir, ".env"), "SECRET=1");
  mkdirSync(join(dir, ".well-known"));
  writeFileSync(join(dir, ".well-known", "security.txt"), "Contact: mailto:security@example.test");
  // The adapter's stand-in: what it is asked to render.
  const handler = (req: { url?: string }, res: { end(body: string): void }) => {
    rendered.push(req.url ?? "");
    res.end("page");
  };
  server = createServer(createRequestListener({ handler, clientDir: dir, pageFastPath: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe("the build's static files, served before Astro from a list made at start", () => {
  it("lists every file of the build by the URL path that names it, but dotfiles (/.well-known is served)", () => {
    expect([...listClientFiles(dir)].sort()).toEqual([
      "/.well-known/security.txt",
      "/_astro/client.AbC123.js",
      "/favicon.svg",
      "/images/harbour museum/ship.jpg",
    ]);
  });

  it("a build with no client folder has no static files", () => {
    expect(listClientFiles(join(dir, "no-such-folder")).size).toBe(0);
  });

  it("decodes a path as the adapter did, and refuses an address decodeURI refuses", () => {
    expect(decodedPath("/images/harbour%20museum/ship.jpg?w=320")).toBe("/images/harbour museum/ship.jpg");
    expect(decodedPath("/%E0")).toBeNull();
    expect(decodedPath("/events?q=%E0")).toBeNull();
  });

  it("'/_astro files cached for a year, since their names carry a content hash', on GET and HEAD", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${base}/_astro/client.AbC123.js`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toContain("javascript");
      expect(res.headers.get("etag")).toBeTruthy();
    }
    expect(await (await fetch(`${base}/_astro/client.AbC123.js`)).text()).toBe("console.log(1);\n");
  });

  it("serves other files with a revalidated policy, and answers 304 to a matching ETag", async () => {
    const first = await fetch(`${base}/favicon.svg`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0");
    // node:http, not fetch: fetch turns a conditional request into a no-cache one.
    const again = await new Promise<number | undefined>((resolve, reject) => {
      get(`${base}/favicon.svg`, { headers: { "if-none-match": first.headers.get("etag") ?? "" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on("error", reject);
    });
    expect(again).toBe(304);
    expect(await (await fetch(`${base}/.well-known/security.txt`)).text()).toContain("Contact:");
    const spaced = await fetch(`${base}/images/harbour%20museum/ship.jpg`);
    expect(await spaced.text()).toBe("jpeg");
  });

  it("a page, a missing file, a directory or a dotfile goes to Astro, never to the disk", async () => {
    rendered.length = 0;
    for (const path of ["/harbour-museum/events", "/nosuch.js", "/_astro/", "/_astro", "/.env"]) {
      const res = await fetch(`${base}${path}`);
      expect(await res.text()).toBe("page");
    }
    expect(rendered).toEqual(["/harbour-museum/events", "/nosuch.js", "/_astro/", "/_astro", "/.env"]);
  });

  it("'the standalone adapter answered 400' to an address decodeURI refuses", async () => {
    rendered.length = 0;
    const res = await fetch(`${base}/harbour-museum/events?q=%E0`);
    expect(res.status).toBe(400);
    expect(rendered).toEqual([]);
  });
});
