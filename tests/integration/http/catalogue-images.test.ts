/**
 * "Images: a venue puts its pictures beside its files, and the image endpoint serves them as it
 * serves the demo's today." A catalogue's pictures live in CONTENT_DIR/catalogue/{tenant}/images/;
 * GET image/{tenant}/{file} finds them after the images folder, resized and encoded the same way,
 * and never outside that folder.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { withTestApi } from "../../helpers/api.ts";

const content = mkdtempSync(join(tmpdir(), "foyer-catalogue-images-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
vi.stubEnv("CONTENT_DIR", content);
vi.stubEnv("IMAGE_CACHE_DIR", mkdtempSync(join(tmpdir(), "foyer-catalogue-image-cache-")));

const api = withTestApi();

beforeAll(async () => {
  const images = join(content, "catalogue", "harbour-museum", "images");
  mkdirSync(images, { recursive: true });
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#204060" } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(images, "lighthouse-lens.jpg"), jpeg);
  writeFileSync(join(content, "catalogue", "harbour-museum", "secret.jpg"), jpeg);
});

const get = (path: string) => api.app.request(path);

describe("a venue's pictures beside its catalogue files", () => {
  it("are served by the image endpoint, as they are", async () => {
    const res = await get("/api/image/harbour-museum/lighthouse-lens.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });

  it("are resized and encoded like the demo's (sizex, format=webp)", async () => {
    const res = await get("/api/image/harbour-museum/lighthouse-lens.jpg?sizex=400&sizey=300&format=webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    // Snapped to the nearest box the pages use (domain/image-sizes.ts), as for any image.
    expect(meta.width).toBeLessThan(800);
  });

  it("the demo's own images are still found first, in the images folder", async () => {
    const demo = await get("/api/image/harbour-museum/general-admission.jpg");
    expect(demo.status).toBe(200);
  });

  it("a file outside the images folder, or another tenant's, is not found", async () => {
    expect((await get("/api/image/harbour-museum/secret.jpg")).status).toBe(404);
    expect((await get("/api/image/riverside-zoo/lighthouse-lens.jpg")).status).toBe(404);
    expect((await get("/api/image/harbour-museum/nothing-here.jpg")).status).toBe(404);
  });

  it("a path that climbs out of the folder is refused", async () => {
    expect((await get("/api/image/harbour-museum/..%2Fsecret.jpg")).status).toBe(400);
  });
});
