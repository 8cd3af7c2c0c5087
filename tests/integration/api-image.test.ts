import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api.ts";

let api: TestApi;
const previous = process.env.IMAGES_DIR;
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
  await api.close();
});

describe("GET image/{path}", () => {
  it("resizes with fit cover in the source format and sends immutable caching with an ETag", async () => {
    const res = await api.app.request("/api/image/harbour-museum/test.png?sizex=50&sizey=50");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([50, 50, "png"]);
    const etag = res.headers.get("etag") ?? "";
    const again = await api.app.request("/cached_api/image/harbour-museum/test.png?sizex=50&sizey=50", {
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
