// The client build's static files (dist/client: /_astro, /images, the favicons, the ICU warm-up
// worker), served by scripts/serve.mjs before Astro (for the listing's SSR without the page
// cache). The Node adapter runs in middleware mode, so it renders pages and the API only: a page
// request no longer tries the disk first, as the standalone adapter did on every request (an
// lstat and a stat that fail, about 5 % of an uncached listing's CPU). The files are listed once,
// at start: dist/client does not change while the server runs (a new build is a new start).
// They are sent as the standalone adapter sent them: with `send` (ETag, Last-Modified, ranges,
// HEAD), dotfiles refused but under /.well-known, and /_astro files cached for a year, since
// their names carry a content hash.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import send from "send";

const ASSETS_PREFIX = "/_astro/";

/**
 * Every file under `clientDir`, as the URL path that names it ("/_astro/client.js").
 * @param {string} clientDir
 * @returns {Set<string>}
 */
export function listClientFiles(clientDir) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} folder @param {string} prefix */
  const walk = (folder, prefix) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      // Dotfiles are not the site's to serve (but /.well-known): they go to Astro, as with the adapter.
      if (entry.name.startsWith(".") && !(prefix === "/" && entry.name === ".well-known")) continue;
      if (entry.isDirectory()) walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.add(`${prefix}${entry.name}`);
    }
  };
  try {
    walk(clientDir, "/");
  } catch (error) {
    // No client folder: a build with no static files (or a test's listener without one).
    if (/** @type {{ code?: string }} */ (error).code !== "ENOENT") throw error;
  }
  return files;
}

/**
 * The URL path of a request, decoded as the adapter decoded it (decodeURI), or null when the
 * address, query included, cannot be decoded (the standalone adapter answered 400 to it).
 * @param {string} url
 * @returns {string | null}
 */
export function decodedPath(url) {
  const end = url.search(/[?#]/);
  try {
    decodeURI(url);
    return decodeURI(end === -1 ? url : url.slice(0, end));
  } catch {
    return null;
  }
}

/**
 * @param {string} clientDir the built client folder (dist/client)
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, path: string) => boolean}
 *   answers the request and returns true when `path` (decoded) is one of the build's files
 */
export function createStaticFiles(clientDir) {
  const files = listClientFiles(clientDir);
  return (req, res, path) => {
    if (!files.has(path)) return false;
    const immutable = path.startsWith(ASSETS_PREFIX);
    const stream = send(req, path, {
      root: clientDir,
      dotfiles: "allow",
      // /_astro files get their own policy, set below on GET and HEAD alike.
      cacheControl: !immutable,
    });
    if (immutable) {
      stream.on("headers", () => res.setHeader("Cache-Control", "public, max-age=31536000, immutable"));
    }
    stream.on("error", (/** @type {{ statusCode?: number }} */ error) => {
      // Listed at start but gone or unreadable now.
      const status = typeof error.statusCode === "number" ? error.statusCode : 500;
      if (!res.headersSent) res.writeHead(status);
      res.end();
    });
    stream.pipe(res);
    return true;
  };
}
