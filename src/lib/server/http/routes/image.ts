/**
 * GET image/{path}: a tenant image from IMAGES_DIR (default <cwd>/public/images), resized with sharp
 * (sizex, sizey 1..4000, fit cover, shrinkonly never enlarges) in the source format, or encoded as
 * AVIF or WebP with `format=` (the pages' responsive images). The size is snapped to the
 * boxes the pages use (domain/image-sizes.ts, api/images.ts IMAGE_BOXES), so an image has a handful
 * of variants per format, not one per size asked. Resized outputs are kept in a bounded disk
 * cache (image-cache.ts) and sent as immutable with an ETag.
 *
 * A venue's own pictures sit beside its catalogue files, in CONTENT_DIR/catalogue/{tenant}/images/:
 * `image/{tenant}/{file}` is looked for in IMAGES_DIR first, then there, so a catalogue names its
 * pictures by file name and they are served like the demo's.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import sharp, { type Sharp } from "sharp";
import { IMAGE_BOXES, IMAGE_FORMATS, type ImageFormat } from "../../../api/images.ts";
import { snapSize } from "../../../domain/image-sizes.ts";
import { contentDir } from "../../../tenant/load.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import { cachedRender, imageCacheConfig } from "../image-cache.ts";
import { unlessMissing } from "../missing-file.ts";
import { single } from "../query/index.ts";
import type { ApiRouter } from "../router.ts";
import { errorResponses, rawQuery } from "./_shared.ts";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};
/** The encoders of `format=`: small files at a modest CPU cost (an AVIF effort of 2 of 9). */
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
};
const formatSchema = z.enum(IMAGE_FORMATS);
const IMMUTABLE = "public, max-age=31536000, immutable";
const MAX_SIZE = 4000;

const route = createRoute({
  method: "get",
  path: "/image/{path}",
  request: {
    params: z.object({ path: z.string().min(1).max(500) }),
    query: z.object({
      sizex: z.string().max(5).optional(),
      sizey: z.string().max(5).optional(),
      shrinkonly: z.enum(["true", "false", "1", "0"]).optional(),
      format: formatSchema.optional().openapi({
        description: "Encode as AVIF or WebP; without it the image keeps its own format.",
      }),
    }),
  },
  responses: {
    200: {
      description: "The image bytes.",
      content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses,
  },
});

const imageNotFound = () => fail("image_not_found");

function size(raw: Record<string, string[]>, key: string): number | undefined {
  const v = single(raw, key);
  if (v === undefined) return undefined;
  if (!/^\d{1,4}$/.test(v) || Number(v) < 1 || Number(v) > MAX_SIZE) {
    throw validationFailed(`${key} must be an integer between 1 and ${MAX_SIZE}.`, { field: key });
  }
  return Number(v);
}

function format(raw: Record<string, string[]>): ImageFormat | undefined {
  const v = single(raw, "format");
  if (v === undefined) return undefined;
  const parsed = formatSchema.safeParse(v);
  if (!parsed.success) {
    throw validationFailed(`format must be one of ${IMAGE_FORMATS.join(", ")}.`, { field: "format" });
  }
  return parsed.data;
}

/** The source file for a request path, or a 400/404 for anything outside the images folder. */
function sourcePath(root: string, requested: string): string {
  const decoded = requested;
  if (
    decoded.includes("\0") ||
    decoded.includes("\\") ||
    decoded.startsWith("/") ||
    /^[a-zA-Z]:/.test(decoded)
  ) {
    throw fail("invalid_image_path");
  }
  if (decoded.split("/").some((seg) => seg === ".." || seg === "." || seg === "")) {
    throw fail("invalid_image_path");
  }
  if (!TYPES[extname(decoded).toLowerCase()]) {
    throw fail("invalid_image_type");
  }
  const full = resolve(root, decoded);
  if (!full.startsWith(root + sep)) throw fail("invalid_image_path");
  return full;
}

/**
 * The source of `rel`: in the images folder, else in its tenant's catalogue images
 * (`{tenant}/{file}` → CONTENT_DIR/catalogue/{tenant}/images/{file}); null when neither has it.
 * Both are checked by sourcePath, so no path leaves its folder.
 */
async function existingSource(root: string, rel: string): Promise<string | null> {
  const file = sourcePath(root, rel);
  if (await unlessMissing(stat(file), null)) return file;
  const [tenant, ...rest] = rel.split("/");
  if (!tenant || rest.length === 0) return null;
  const catalogueImages = resolve(contentDir(), "catalogue", tenant, "images");
  return sourcePath(catalogueImages, rest.join("/"));
}

export function registerImage(router: ApiRouter): void {
  // The path holds slashes, so the handler is a wildcard route; the doc still lists it.
  router.openAPIRegistry.registerPath(route);
  router.get("/image/*", async (c) => {
    const raw = rawQuery(c);
    const unknown = Object.keys(raw).find((k) => !["sizex", "sizey", "shrinkonly", "format"].includes(k));
    if (unknown) throw validationFailed(`Unknown query parameter "${unknown}".`, { field: unknown });
    const root = resolve(process.env.IMAGES_DIR ?? join(process.cwd(), "public", "images"));
    // The path may hold slashes: take everything after /image/.
    const marker = "/image/";
    const rel = decodeURIComponent(c.req.path.slice(c.req.path.indexOf(marker) + marker.length));
    const file = await existingSource(root, rel);
    const { sizex, sizey } = snapSize({ sizex: size(raw, "sizex"), sizey: size(raw, "sizey") }, IMAGE_BOXES);
    const shrinkOnly = ["true", "1"].includes(single(raw, "shrinkonly") ?? "");
    const encoding = format(raw);
    const info = file ? await unlessMissing(stat(file), null) : null;
    if (!file || !info?.isFile()) throw imageNotFound();
    const key = createHash("sha256")
      .update(
        `${file}|${info.mtimeMs}|${info.size}|${sizex ?? ""}|${sizey ?? ""}|${shrinkOnly}|${encoding ?? ""}`,
      )
      .digest("hex")
      .slice(0, 32);
    const etag = `"${key}"`;
    const headers = {
      "Content-Type": encoding
        ? `image/${encoding}`
        : (TYPES[extname(file).toLowerCase()] ?? "application/octet-stream"),
      "Cache-Control": IMMUTABLE,
      ETag: etag,
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    const resize = sizex !== undefined || sizey !== undefined;
    if (!resize && !encoding) {
      return c.body(new Uint8Array(await readFile(file)), 200, headers);
    }
    const suffix = encoding ? `.${encoding}` : extname(file).toLowerCase();
    const bytes = await cachedRender(imageCacheConfig(), `${key}${suffix}`, async () => {
      try {
        let image = sharp(await readFile(file));
        if (resize) {
          image = image.resize({ width: sizex, height: sizey, fit: "cover", withoutEnlargement: shrinkOnly });
        }
        return await (encoding ? ENCODE[encoding](image) : image).toBuffer();
      } catch {
        throw fail("invalid_image");
      }
    });
    return c.body(new Uint8Array(bytes), 200, headers);
  });
}
