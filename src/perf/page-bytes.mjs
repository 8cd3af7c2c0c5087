// A page rendered whole is encoded as runs of its pieces, not as one string joined and encoded.
//
// Astro renders a page (streaming off) by appending every chunk to one string, then UTF-8 encodes
// it. That string is a rope of hundreds of pieces, and V8 flattens it before encoding: a copy of
// the whole page, and a copy in two bytes per character as soon as one piece holds a character
// past U+00FF (on the listing, one "…" in the cart island's strings: about 98 KB of garbage for a
// 49 KB page on every request, then a slower encode from two-byte text). Profiled under load with
// the page cache off, that was most of what the listing's encoding and garbage cost beyond the
// framework floor (a constant page of the same HTML, already one flat string).
//
// This keeps the page's chunks in order and encodes them as runs: small chunks joined into a run,
// each large chunk (a kept fragment, an island) a run of its own, so a two-byte piece widens only
// its own run and a kept fragment is flattened once, in place, rather than copied into every
// page. The bytes are the same: UTF-8 of the same text in the same order (a run never ends inside
// a surrogate pair). Only the page's own render (`renderToString` with `isPage`) changes; any other
// string render is joined as before. The build fails when Astro's source no longer has what this
// rewrites.

import { astroSourcePatch } from "./astro-source-patch.mjs";

/** A chunk at least this long is encoded as a run of its own. */
export const OWN_RUN_CHARS = 1024;

const RENDER_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/;
const PAGE_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;

const STREAM_TO_STRING = [
  "async function renderStreamToString(result, templateResult, isPage) {",
  '  let str = "";',
].join("\n");
const DOCTYPE_APPEND = "          str += doctype;";
const CHUNK_APPEND = "      str += chunkToString(result, chunk);";
const STRING_RETURN = [
  "  await renderStreaming(templateResult, result, destination);",
  "  return str;",
  "}",
].join("\n");
const RENDER_EXPORTS = "export {\n  bufferHeadContent,";

const PAGE_IMPORT =
  'import { renderToAsyncIterable, renderToReadableStream, renderToString } from "./astro/render.js";';
const PAGE_ENCODE = [
  '  if (!streaming && typeof body === "string") {',
  "    body = encoder.encode(body);",
].join("\n");

/** The page's pieces, encoded by `encode()` into the bytes of their concatenation. */
const PAGE_PARTS_CLASS = [
  "class FoyerPageParts {",
  "  constructor(parts) {",
  "    this.parts = parts;",
  "  }",
  "  encode() {",
  "    const runs = [];",
  '    let run = "";',
  // A chunk may be an HTMLString (a String object): its text, as the string concatenation took it.
  "    for (const chunk of this.parts) {",
  '      const part = typeof chunk === "string" ? chunk : String(chunk);',
  `      if (part.length < ${OWN_RUN_CHARS}) {`,
  "        run += part;",
  "        continue;",
  "      }",
  // A run must not end inside a surrogate pair (both halves would become U+FFFD).
  "      if (run.length > 0 && !foyerEndsInHighSurrogate(run)) {",
  "        runs.push(run);",
  '        run = "";',
  "      }",
  "      if (run.length > 0 || foyerEndsInHighSurrogate(part)) run += part;",
  "      else runs.push(part);",
  "    }",
  "    if (run.length > 0) runs.push(run);",
  "    let length = 0;",
  "    const lengths = runs.map((text) => {",
  '      const bytes = Buffer.byteLength(text, "utf8");',
  "      length += bytes;",
  "      return bytes;",
  "    });",
  "    const out = Buffer.allocUnsafe(length);",
  "    let at = 0;",
  '    for (let i = 0; i < runs.length; i++) at += out.write(runs[i], at, lengths[i], "utf8");',
  "    return out;",
  "  }",
  "}",
  "function foyerEndsInHighSurrogate(text) {",
  "  const last = text.charCodeAt(text.length - 1);",
  "  return last >= 0xd800 && last <= 0xdbff;",
  "}",
].join("\n");

/**
 * Astro's render module: a page's render keeps its chunks (FoyerPageParts) rather than one string.
 * @param {string} code the module's source
 * @returns {string}
 */
export function pagePartsSource(code) {
  for (const expected of [STREAM_TO_STRING, DOCTYPE_APPEND, CHUNK_APPEND, STRING_RETURN, RENDER_EXPORTS]) {
    if (!code.includes(expected)) {
      throw new Error(
        "src/perf/page-bytes.mjs: astro/dist/runtime/server/render/astro/render.js no longer has " +
          `\`${expected.split("\n")[0].trim()}\`; update the patch for this Astro version.`,
      );
    }
  }
  return `${code
    .replace(STREAM_TO_STRING, `${STREAM_TO_STRING.split("\n")[0]}\n  const foyerParts = [];`)
    .replace(DOCTYPE_APPEND, "          foyerParts.push(doctype);")
    .replace(CHUNK_APPEND, "      foyerParts.push(chunkToString(result, chunk));")
    .replace(
      STRING_RETURN,
      [
        "  await renderStreaming(templateResult, result, destination);",
        '  return isPage ? new FoyerPageParts(foyerParts) : foyerParts.join("");',
        "}",
      ].join("\n"),
    )
    .replace(RENDER_EXPORTS, "export {\n  FoyerPageParts,\n  bufferHeadContent,")}\n${PAGE_PARTS_CLASS}\n`;
}

/**
 * Astro's page module: a page's kept chunks are encoded as runs (FoyerPageParts.encode).
 * @param {string} code the module's source
 * @returns {string}
 */
export function pageBytesSource(code) {
  for (const expected of [PAGE_IMPORT, PAGE_ENCODE]) {
    if (!code.includes(expected)) {
      throw new Error(
        "src/perf/page-bytes.mjs: astro/dist/runtime/server/render/page.js no longer has " +
          `\`${expected.split("\n")[0].trim()}\`; update the patch for this Astro version.`,
      );
    }
  }
  return code
    .replace(
      PAGE_IMPORT,
      'import { FoyerPageParts, renderToAsyncIterable, renderToReadableStream, renderToString } from "./astro/render.js";',
    )
    .replace(
      PAGE_ENCODE,
      [
        '  if (!streaming && (typeof body === "string" || body instanceof FoyerPageParts)) {',
        '    body = typeof body === "string" ? encoder.encode(body) : body.encode();',
      ].join("\n"),
    );
}

/** @returns {import("vite").Plugin[]} */
export function encodePagesAsRuns() {
  return [
    astroSourcePatch({
      name: "foyer-page-parts",
      module: RENDER_MODULE,
      modulePath: "astro/dist/runtime/server/render/astro/render.js",
      patch: pagePartsSource,
    }),
    astroSourcePatch({
      name: "foyer-page-bytes",
      module: PAGE_MODULE,
      modulePath: "astro/dist/runtime/server/render/page.js",
      patch: pageBytesSource,
    }),
  ];
}
