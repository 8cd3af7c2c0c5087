// Island props serialized once per frozen value rather than on every request.
// Astro writes an island's props into its `props` attribute on every render: it walks
// every value into a tagged form (`serializeObject`), then JSON-encodes it. Profiled under load
// with the page cache off, that walk was about 4 % of an uncached listing (the cart island's ~80
// strings) and more of an event page. Most of what our pages pass is shared and frozen: the
// tenant's string subsets (tenant/strings.ts stringSubset) and the stored catalogue answers
// (src/perf/stored-json.ts deepFreeze). This Vite plugin wraps Astro's `serializeObject` at
// build time: a value that is frozen all the way down and made only of plain objects, arrays and
// JSON primitives (nothing a freeze leaves mutable, such as a Date or a Map) keeps its tagged form,
// and the next render reuses it; anything else is serialized as before. The kept forms are only
// ever read (JSON.stringify), and are held weakly by the value they came from. The build fails
// when Astro's source no longer has the function it wraps.

import { astroSourcePatch } from "./astro-source-patch.mjs";

/** The module of Astro that defines `serializeObject`. */
const SERIALIZE_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/;
const SIGNATURE = "function serializeObject(value, metadata = {}, parents = /* @__PURE__ */ new WeakSet()) {";

/**
 * Astro's serialize module with `serializeObject` memoized for deeply frozen plain values.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizePropsSerializationSource(code) {
  if (!code.includes(SIGNATURE)) {
    throw new Error(
      "src/perf/props-serialization-memo.mjs: astro/dist/runtime/server/serialize.js no longer defines " +
        `\`${SIGNATURE}\`; update the memo for this Astro version.`,
    );
  }
  const memoized = [
    "const foyerSerialized = new WeakMap();",
    "const foyerDeepFrozen = new WeakSet();",
    "function foyerIsDeepFrozenPlain(value) {",
    "  if (value === null) return true;",
    '  if (typeof value !== "object") return typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === undefined;',
    "  if (foyerDeepFrozen.has(value)) return true;",
    "  if (!Object.isFrozen(value)) return false;",
    "  const proto = Object.getPrototypeOf(value);",
    "  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;",
    "  for (const inner of Object.values(value)) if (!foyerIsDeepFrozenPlain(inner)) return false;",
    "  foyerDeepFrozen.add(value);",
    "  return true;",
    "}",
    "function serializeObject(value, metadata = {}, parents = /* @__PURE__ */ new WeakSet()) {",
    "  if (!Object.isFrozen(value)) return serializeObjectAnew(value, metadata, parents);",
    "  const known = foyerSerialized.get(value);",
    "  if (known !== undefined) return known;",
    "  const serialized = serializeObjectAnew(value, metadata, parents);",
    "  if (foyerIsDeepFrozenPlain(value)) foyerSerialized.set(value, serialized);",
    "  return serialized;",
    "}",
    SIGNATURE.replace("function serializeObject(", "function serializeObjectAnew("),
  ].join("\n");
  return code.replace(SIGNATURE, memoized);
}

/** @returns {import("vite").Plugin} */
export function memoizePropsSerialization() {
  return astroSourcePatch({
    name: "foyer-memoize-props-serialization",
    module: SERIALIZE_MODULE,
    modulePath: "astro/dist/runtime/server/serialize.js",
    patch: memoizePropsSerializationSource,
  });
}
