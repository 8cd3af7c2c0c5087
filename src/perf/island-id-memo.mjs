// An island's id worked out once per island, not hashed again on every render.
//
// Astro names each island (`<astro-island uid>`) by a hash of its component, its server HTML and
// its serialized props: a JavaScript loop over every character (the cart widget's HTML and its
// ~6 KB of props), on every render. Profiled under load with the page cache off, that loop was
// about 18 µs of an uncached listing's 1 ms. The island's HTML and props strings are already the
// same string objects render after render (react-renderer-patch.mjs keeps a pure island's HTML,
// props-serialization-memo.mjs its props), so the id is kept in a memo keyed by those strings
// (whose hash V8 computes once per string object), then by the component's export and URL. The id
// is the same hash of the same text: only when it is computed changes. The memo starts over past
// its limit (an island whose HTML differs on every render must not grow it). The build fails when
// Astro's source no longer has what this rewrites.

import { astroSourcePatch } from "./astro-source-patch.mjs";

/** The module of Astro that renders a framework component (an island). */
const COMPONENT_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/;
const ID_START = "  const astroId = shorthash(";
const ID_END = "  const island = await generateHydrateScript(";
/** The props' serialization inside the hashed text (Astro serializes them again for the attribute). */
const PROPS_IN_TEXT = /serializeProps\(\s*props,\s*metadata\s*\)/;
const ANCHOR = "function sanitizeElementName(tag) {";

/** Islands' HTML strings kept at most; past it the memo starts over. */
export const ISLAND_ID_MEMO_LIMIT = 256;

/** @param {string} what */
function missing(what) {
  return new Error(
    "src/perf/island-id-memo.mjs: astro/dist/runtime/server/render/component.js no longer has " +
      `\`${what}\`; update the memo for this Astro version.`,
  );
}

/**
 * Astro's component module with the island id memoized. Astro's own hashing statement is kept as
 * it is, as the memo's way to compute an id it has not seen, with the props serialized once.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizeIslandIdSource(code) {
  const start = code.indexOf(ID_START);
  const end = start === -1 ? -1 : code.indexOf(ID_END, start);
  if (start === -1 || end === -1) throw missing(ID_START.trim());
  if (!code.includes(ANCHOR)) throw missing(ANCHOR);
  const hashing = code.slice(start, end);
  if (!PROPS_IN_TEXT.test(hashing)) throw missing("serializeProps(props, metadata) in the island's id");
  const computeId = hashing
    .replace(ID_START, "  const astroId = foyerIslandId(metadata, html, foyerProps, () => shorthash(")
    .replace(PROPS_IN_TEXT, "foyerProps")
    .replace(/\);\s*$/, "));\n");
  const memo = [
    "const foyerIslandIds = new Map();",
    "function foyerStep(map, key) {",
    "  let next = map.get(key);",
    "  if (next === undefined) {",
    "    next = new Map();",
    "    map.set(key, next);",
    "  }",
    "  return next;",
    "}",
    // Keyed by the island's HTML and props strings, then its component's export and URL.
    "function foyerIslandId(metadata, html, serialized, hash) {",
    `  if (!foyerIslandIds.has(html) && foyerIslandIds.size >= ${ISLAND_ID_MEMO_LIMIT}) foyerIslandIds.clear();`,
    "  const byComponent = foyerStep(foyerStep(foyerIslandIds, html), serialized);",
    "  const byUrl = foyerStep(byComponent, metadata.componentExport.value);",
    "  let id = byUrl.get(metadata.componentUrl);",
    "  if (id === undefined) {",
    "    id = hash();",
    "    byUrl.set(metadata.componentUrl, id);",
    "  }",
    "  return id;",
    "}",
    ANCHOR,
  ].join("\n");
  return `${code.slice(0, start)}  const foyerProps = serializeProps(props, metadata);\n${computeId}${code.slice(end)}`.replace(
    ANCHOR,
    memo,
  );
}

/** @returns {import("vite").Plugin} */
export function memoizeIslandIds() {
  return astroSourcePatch({
    name: "foyer-memoize-island-ids",
    module: COMPONENT_MODULE,
    modulePath: "astro/dist/runtime/server/render/component.js",
    patch: memoizeIslandIdSource,
  });
}
