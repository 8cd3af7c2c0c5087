/**
 * The disk cache of resized images (routes/image.ts), bounded (the endpoint "caches every
 * result forever ... bound the cache"). After each write the oldest files (by modification time)
 * are removed until the folder holds at most IMAGE_CACHE_MAX_ENTRIES files and
 * IMAGE_CACHE_MAX_BYTES bytes. A file another process removes between listing and reading is simply
 * rendered again. Renders of the same variant running at once in this process share one render.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { logger } from "../log/logger.ts";
import { unlessMissing } from "./missing-file.ts";

export interface ImageCacheConfig {
  dir: string;
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_IMAGE_CACHE_ENTRIES = 2_000;
export const DEFAULT_IMAGE_CACHE_BYTES = 256 * 1024 * 1024;

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw !== undefined && Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

export function imageCacheConfig(env: NodeJS.ProcessEnv = process.env): ImageCacheConfig {
  return {
    dir: env.IMAGE_CACHE_DIR?.trim() || join(process.cwd(), ".cache", "images"),
    maxEntries: positive(env.IMAGE_CACHE_MAX_ENTRIES, DEFAULT_IMAGE_CACHE_ENTRIES),
    maxBytes: positive(env.IMAGE_CACHE_MAX_BYTES, DEFAULT_IMAGE_CACHE_BYTES),
  };
}

const TMP = ".tmp";

/** Removes the oldest cached files until the folder is within its bounds. */
export async function evictOldest(config: ImageCacheConfig): Promise<number> {
  const names = (await unlessMissing(readdir(config.dir), [] as string[])).filter((n) => !n.endsWith(TMP));
  const files = (
    await Promise.all(
      names.map(async (name) => {
        // Another process may have evicted it since the listing.
        const info = await unlessMissing(stat(join(config.dir, name)), null);
        return info?.isFile() ? { name, size: info.size, mtime: info.mtimeMs } : null;
      }),
    )
  ).filter((f): f is { name: string; size: number; mtime: number } => f !== null);
  files.sort((a, b) => a.mtime - b.mtime || (a.name < b.name ? -1 : 1));
  let count = files.length;
  let bytes = files.reduce((sum, f) => sum + f.size, 0);
  let removed = 0;
  for (const file of files) {
    if (count <= config.maxEntries && bytes <= config.maxBytes) break;
    await unlessMissing(unlink(join(config.dir, file.name)), undefined);
    count -= 1;
    bytes -= file.size;
    removed += 1;
  }
  return removed;
}

let evicting: Promise<unknown> = Promise.resolve();
const rendering = new Map<string, Promise<Buffer>>();

/**
 * The cached bytes of `name`, else `render()`'s, stored (atomically, by rename) and followed by an
 * eviction pass. A render that fails is not stored.
 */
export async function cachedRender(
  config: ImageCacheConfig,
  name: string,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const path = join(config.dir, name);
  const hit = await unlessMissing(readFile(path), null).catch((error: unknown) => {
    // An unreadable cache file is rendered again (the answer does not depend on the cache), but said.
    logger.warn({ err: error }, "image_cache.read_failed");
    return null;
  });
  if (hit) return hit;
  const running = rendering.get(name);
  if (running) return running;
  const job = (async () => {
    const bytes = await render();
    await mkdir(config.dir, { recursive: true });
    const tmp = `${path}.${randomUUID()}${TMP}`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    // One eviction pass at a time in this process; each sees the files written before it.
    // The image is answered even when the eviction fails; the failure is logged, and the next
    // write tries again.
    evicting = evicting
      .then(() => evictOldest(config))
      .catch((error: unknown) => logger.warn({ err: error }, "image_cache.evict_failed"));
    await evicting;
    return bytes;
  })();
  rendering.set(name, job);
  try {
    return await job;
  } finally {
    rendering.delete(name);
  }
}
