import { mkdir, mkdtemp, readdir, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_BOXES } from "../../../src/lib/api/images.ts";
import { evictOldest } from "../../../src/lib/server/http/image-cache.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";

let api: TestApi;
const previous = process.env.IMAGES_DIR;
const previousCache = {
  dir: process.env.IMAGE_CACHE_DIR,
  entries: process.env.IMAGE_CACHE_MAX_ENTRIES,
};
let cacheDir = "";
/** A fresh, empty cache folder per test (the cache is per process, on disk). */
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "foyer-image-cache-"));
  process.env.IMAGE_CACHE_DIR = cacheDir;
  delete process.env.IMAGE_CACHE_MAX_ENTRIES;
});
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "foyer-images-"));
  await mkdir(join(dir, "harbour-museum"));
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  await writeFile(join(dir, "harbour-museum", "test.png"), png);
  await writeFile(join(dir, "harbour-museum", "notes.txt"), "hello");
  process.env.IMAGES_DIR = dir;
  api = await createTestApi();
});
afterAll(async () => {
  process.env.IMAGES_DIR = previous;
  for (const [key, value] of [
    ["IMAGE_CACHE_DIR", previousCache.dir],
    ["IMAGE_CACHE_MAX_ENTRIES", previousCache.entries],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await api.close();
});

describe("GET image/{path}", () => {
  it("resizes with fit cover in the source format and sends immutable caching with an ETag", async () => {
    const res = await api.app.request("/api/image/harbour-museum/test.png?sizex=64&sizey=51");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([64, 51, "png"]);
    const etag = res.headers.get("etag") ?? "";
    const again = await api.app.request("/cached_api/image/harbour-museum/test.png?sizex=64&sizey=51", {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("shrinkonly never enlarges", async () => {
    const res = await api.app.request(
      "/api/image/harbour-museum/test.png?sizex=400&sizey=200&shrinkonly=true",
    );
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(200);
  });

  it.each([
    ["avif", "image/avif", [0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66], 4],
    ["webp", "image/webp", [0x57, 0x45, 0x42, 0x50], 8],
  ] as const)("format=%s encodes the snapped size as %s", async (format, type, magic, at) => {
    const path = `/api/image/harbour-museum/test.png?sizex=128&sizey=102&format=${format}`;
    const res = await api.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    const bytes = Buffer.from(await res.arrayBuffer());
    // ISO-BMFF 'ftypavif' at byte 4; RIFF....'WEBP' at byte 8.
    expect([...bytes.subarray(at, at + magic.length)]).toEqual([...magic]);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([128, 102, format === "avif" ? "heif" : "webp"]);
    // The format is part of the variant: its own ETag and cache file, and the cached copy is the same.
    const png = await api.app.request("/api/image/harbour-museum/test.png?sizex=128&sizey=102");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("etag")).not.toBe(res.headers.get("etag"));
    expect((await readdir(cacheDir)).filter((n) => n.endsWith(`.${format}`))).toHaveLength(1);
    const again = await api.app.request(path);
    expect(again.headers.get("content-type")).toBe(type);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("format without a size converts the image at its own size", async () => {
    const res = await api.app.request("/api/image/harbour-museum/test.png?format=webp");
    expect(res.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([200, 100, "webp"]);
  });

  it.each([
    ["unknown format", "/api/image/harbour-museum/test.png?sizex=64&format=gif"],
    ["format given twice", "/api/image/harbour-museum/test.png?format=webp&format=avif"],
  ])("rejects %s with 400 validation_failed", async (_n, path) => {
    const res = await api.app.request(path);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { _data: { _code: string; field?: string }[] };
    expect(body._data[0]?._code).toBe("validation_failed");
  });

  it.each([
    ["traversal", "/api/image/harbour-museum/..%2F..%2Fetc%2Fpasswd.png", 400],
    ["non-image extension", "/api/image/harbour-museum/notes.txt", 400],
    ["missing file", "/api/image/harbour-museum/missing.png", 404],
    ["size too big", "/api/image/harbour-museum/test.png?sizex=4001", 400],
    ["size not a number", "/api/image/harbour-museum/test.png?sizey=abc", 400],
  ])("rejects %s with a _code", async (_n, path, status) => {
    const res = await api.app.request(path);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { _data: { _code: string }[] };
    expect(body._data[0]?._code).toBeTruthy();
  });
});

describe("'Snap the sizes to a small set (the sizes the pages use), and bound the cache'", () => {
  it("regression: 200 sizes of one image made 200 resizes and cache files; now a size is snapped to a page's box", async () => {
    const res = await api.app.request("/api/image/harbour-museum/test.png?sizex=50&sizey=50");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([64, 51]);
    const etags = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const sizex = 1 + ((i * 37) % 1600);
      const sizey = 1 + ((i * 53) % 600);
      const r = await api.app.request(`/api/image/harbour-museum/test.png?sizex=${sizex}&sizey=${sizey}`);
      expect(r.status).toBe(200);
      etags.add(r.headers.get("etag") ?? "");
    }
    expect(etags.size).toBeLessThanOrEqual(IMAGE_BOXES.length);
    expect((await readdir(cacheDir)).length).toBeLessThanOrEqual(IMAGE_BOXES.length);
  });

  it("the pages' own sizes are served exactly", async () => {
    const r = await api.app.request("/api/image/harbour-museum/test.png?sizex=128&sizey=102");
    const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([128, 102]);
  });

  it("the cache holds at most IMAGE_CACHE_MAX_ENTRIES files", async () => {
    process.env.IMAGE_CACHE_MAX_ENTRIES = "2";
    for (const box of IMAGE_BOXES) {
      const r = await api.app.request(
        `/api/image/harbour-museum/test.png?sizex=${box.width}&sizey=${box.height}`,
      );
      expect(r.status).toBe(200);
      expect((await readdir(cacheDir)).length).toBeLessThanOrEqual(2);
    }
    expect((await readdir(cacheDir)).length).toBe(2);
  });

  it("eviction removes the oldest files first, by count and by bytes", async () => {
    const base = new Date("2026-01-01T00:00:00Z").getTime();
    for (const [name, second] of [
      ["a.png", 3],
      ["b.png", 1],
      ["c.png", 4],
      ["d.png", 2],
    ] as const) {
      await writeFile(join(cacheDir, name), Buffer.alloc(100));
      const at = new Date(base + second * 1000);
      await utimes(join(cacheDir, name), at, at);
    }
    await writeFile(join(cacheDir, "e.png.123.tmp"), Buffer.alloc(100)); // another writer's file
    expect(await evictOldest({ dir: cacheDir, maxEntries: 3, maxBytes: 10_000 })).toBe(1);
    expect((await readdir(cacheDir)).sort()).toEqual(["a.png", "c.png", "d.png", "e.png.123.tmp"]);
    expect(await evictOldest({ dir: cacheDir, maxEntries: 10, maxBytes: 150 })).toBe(2);
    expect((await readdir(cacheDir)).sort()).toEqual(["c.png", "e.png.123.tmp"]);
  });
});
