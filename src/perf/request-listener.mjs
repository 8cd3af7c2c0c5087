// The request listener of scripts/serve.mjs, around the Node adapter's handler (middleware mode):
//  0. a Host header that names no host (`Host: a@b`): straight to Astro with a plain host and a
//     mark, where the middleware answers 400 inside the access log (src/lib/server/http/host-header.mjs);
//  1. precompressed /_astro files (src/perf/precompressed.mjs; the adapter serves none);
//  2. fresh micro-cached pages, before Astro: the built middleware module publishes the page
//     cache's fast path on globalThis (src/perf/page-cache.ts) once Astro has loaded it, with the
//     first page request; until then, and for anything it declines (a miss, a cookie, a POST...),
//     the request goes on;
//  3. a URL that cannot be decoded: 400, as the standalone adapter answered;
//  4. the API (/api, /cached_api) straight to its Hono app through the direct path the built
//     middleware module publishes (src/lib/server/http/api-direct.ts), which answers as Astro's
//     pipeline does without running it; until it is published, and for what it declines (a
//     trailing slash, HEAD), the request goes on;
//  5. the build's static files (src/perf/static-files.mjs), looked up in a list made at start;
//  6. the adapter (pages, API).
import { INVALID_HOST_MARK, STAND_IN_HOST, usableHostHeader } from "../lib/server/http/host-header.mjs";
import { servePrecompressed } from "./precompressed.mjs";
import { createStaticFiles, decodedPath } from "./static-files.mjs";

/** The key src/perf/page-cache.ts publishes the fast path under. */
const FAST_PATH_KEY = Symbol.for("foyer.pageCache.fastPath");

/**
 * @typedef {{ serve(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): boolean }} FastPath
 */

/** The key src/lib/server/http/api-direct.ts publishes the API's direct path under. */
const API_DIRECT_PATH_KEY = Symbol.for("foyer.api.directPath");

/**
 * The path a built module published under `key`, once Astro has loaded it.
 * @param {symbol} key
 * @returns {FastPath | undefined}
 */
function published(key) {
  const value = /** @type {Record<symbol, unknown>} */ (globalThis)[key];
  if (
    typeof value === "object" &&
    value !== null &&
    typeof (/** @type {FastPath} */ (value).serve) === "function"
  ) {
    return /** @type {FastPath} */ (value);
  }
  return undefined;
}

/**
 * @param {{
 *   handler: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void,
 *   clientDir: string,
 *   pageFastPath?: boolean,
 *   apiDirectPath?: boolean,
 * }} options pageFastPath: false sends every page to Astro (PAGE_FAST_PATH=off); apiDirectPath:
 *   false sends every API request to Astro (API_DIRECT_PATH=off). The tests compare both.
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function createRequestListener({ handler, clientDir, pageFastPath = true, apiDirectPath = true }) {
  const serveStatic = createStaticFiles(clientDir);
  return (req, res) => {
    // Only this listener sets the mark.
    delete req.headers[INVALID_HOST_MARK];
    const host = req.headers.host;
    if (host !== undefined && !usableHostHeader(host)) {
      req.headers.host = STAND_IN_HOST;
      req.headers[INVALID_HOST_MARK] = "1";
      handler(req, res);
      return;
    }
    if (servePrecompressed(req, res, clientDir)) return;
    if (pageFastPath && published(FAST_PATH_KEY)?.serve(req, res)) return;
    const path = decodedPath(req.url ?? "/");
    if (path === null) {
      res.writeHead(400);
      res.end("Bad request.");
      return;
    }
    if (apiDirectPath && published(API_DIRECT_PATH_KEY)?.serve(req, res)) return;
    if (serveStatic(req, res, path)) return;
    handler(req, res);
  };
}
