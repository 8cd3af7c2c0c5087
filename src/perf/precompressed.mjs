// Precompressed static assets (DESIGN §9 "responses compressed").
//
// The built scripts and styles under dist/client/_astro never change (their names carry a hash), so
// they are compressed once, at the end of the build, at the best settings (brotli 11, gzip 9): a
// `.br` and a `.gz` next to each file. src/perf/static-files.mjs serves static files with `send`,
// which knows nothing of them, so scripts/serve.mjs asks `servePrecompressed` first: a request for
// a compressible /_astro file whose client accepts br or gzip gets the precompressed twin; anything
// else falls through to the static files as before (with `Vary: Accept-Encoding` set on the way, so a
// cache keys the identity copy apart). Pages and the API are compressed as they stream, by the
// Astro middleware src/lib/server/http/compression.ts.
import { createReadStream, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { negotiateEncoding } from "../lib/server/http/accept-encoding.mjs";
import { listClientFiles } from "./static-files.mjs";

/** Content types of the files worth compressing (images and fonts are compressed already). */
const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};
const MIN_BYTES = 1024;
const ASSETS_PREFIX = "/_astro/";

/**
 * Writes `{file}.br` and `{file}.gz` for every compressible file of at least 1 KB under `dir`,
 * keeping only the twins that are smaller than the file. Returns how many files were compressed.
 * @param {string} dir
 */
export function precompressDir(dir) {
  let count = 0;
  // The same list of files the server serves (static-files.mjs), taken before any twin is written.
  for (const name of listClientFiles(dir)) {
    if (!(extname(name) in TYPES)) continue;
    const path = join(dir, name);
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = zlib.gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    count++;
  }
  return count;
}

/**
 * An Astro integration: precompresses the client build's assets when the build is done.
 * @returns {import("astro").AstroIntegration}
 */
export function precompressAssets() {
  return {
    name: "foyer-precompress-assets",
    hooks: {
      "astro:build:done": ({ dir, logger }) => {
        // `dir` is the client folder of a server build (dist/client); dist/ itself is tried too.
        const out = fileURLToPath(dir);
        const assets = [join(out, "_astro"), join(out, "client", "_astro")].find((path) => {
          try {
            return statSync(path).isDirectory();
          } catch {
            return false;
          }
        });
        if (!assets) return;
        logger.info(`precompressed ${precompressDir(assets)} assets (.br, .gz)`);
      },
    },
  };
}

/**
 * Serves the precompressed twin of a /_astro file when the client accepts it. Returns false when
 * the request is not one for it (src/perf/static-files.mjs serves it then), true when it was answered.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} clientDir the built client folder (dist/client)
 */
export function servePrecompressed(req, res, clientDir) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  if (!url.startsWith(ASSETS_PREFIX)) return false;
  const pathname = url.split(/[?#]/, 1)[0] ?? "";
  const type = TYPES[/** @type {keyof typeof TYPES} */ (extname(pathname))];
  if (!type) return false;
  // Whatever happens next, the answer depends on Accept-Encoding.
  res.setHeader("Vary", "Accept-Encoding");
  const coding = negotiateEncoding(req.headers["accept-encoding"]);
  if (!coding) return false;
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const root = resolve(clientDir);
  const file = resolve(join(root, decoded));
  if (!file.startsWith(root + sep)) return false;
  const twin = `${file}.${coding === "br" ? "br" : "gz"}`;
  let size;
  try {
    const stat = statSync(twin);
    if (!stat.isFile()) return false;
    size = stat.size;
  } catch {
    return false;
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", String(size));
  // The same policy the adapter gives /_astro files: the names carry a content hash.
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  const stream = createReadStream(twin);
  stream.on("error", () => res.destroy());
  stream.pipe(res);
  return true;
}
