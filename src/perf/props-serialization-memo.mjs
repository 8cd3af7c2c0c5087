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
//
// The whole props string is kept too. An island's props object is a new one on every render, so
// the walk above still ended in a JSON.stringify of every string (the cart island's ~6 KB) and an
// HTML escape of it, twice per render (the island's id hashes the props, then its attribute holds
// them), and the escape left a string of hundreds of pieces for the page's UTF-8 encoding to join:
// together more than the walk had cost. Props made only of JSON primitives and values already
// known to be deeply frozen (the walk above proved them, cycle check first) are serialized once
// per combination: the primitives by value, the frozen values by identity, held weakly. The
// island's attribute reuses the escaped string kept beside it (hydration.js is patched to ask
// for it). Anything else is serialized and escaped as before.

import { astroSourcePatch } from "./astro-source-patch.mjs";
import { frozenPlainSource, memoNodeSource } from "./memo-source.mjs";

/** The module of Astro that defines `serializeObject`. */
const SERIALIZE_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/;
const SIGNATURE = "function serializeObject(value, metadata = {}, parents = /* @__PURE__ */ new WeakSet()) {";
const PROPS_SIGNATURE = [
  "function serializeProps(props, metadata) {",
  "  const serialized = JSON.stringify(serializeObject(props, metadata));",
  "  return serialized;",
  "}",
].join("\n");
const EXPORTS = "export {\n  serializeProps\n};";

/** The module of Astro that escapes an island's serialized props into its attribute. */
const HYDRATION_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]hydration\.js$/;
const HYDRATION_IMPORT = 'import { serializeProps } from "./serialize.js";';
const HYDRATION_CALL = 'island.props["props"] = escapeHTML(serializeProps(props, metadata));';

/** How many props signatures (keys and primitive values) are kept; past it the memo starts over. */
export const PROPS_MEMO_LIMIT = 256;

/**
 * Astro's serialize module with `serializeObject` memoized for deeply frozen plain values.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizePropsSerializationSource(code) {
  for (const expected of [SIGNATURE, PROPS_SIGNATURE, EXPORTS]) {
    if (!code.includes(expected)) {
      throw new Error(
        "src/perf/props-serialization-memo.mjs: astro/dist/runtime/server/serialize.js no longer has " +
          `\`${expected.split("\n")[0]}\`; update the memo for this Astro version.`,
      );
    }
  }
  const memoized = [
    "const foyerSerialized = new WeakMap();",
    ...frozenPlainSource("foyerIsDeepFrozenPlain", "foyerDeepFrozen"),
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
  const propsMemo = [
    "const foyerPropsMemo = new Map();",
    // The memo's slot for these props, or undefined when one of them is not a JSON primitive or a
    // value the walk has already proven deeply frozen. Keys and primitives are the signature (a
    // Map key); each frozen value, in order, is a WeakMap step under it.
    // Symbol keys are left out: Astro's walk and JSON.stringify never see them either.
    "function foyerPropsSlot(props) {",
    "  const shape = [];",
    "  const frozen = [];",
    "  for (const key of Object.keys(props)) {",
    "    const value = props[key];",
    '    if (value !== null && typeof value === "object") {',
    "      if (!foyerDeepFrozen.has(value)) return undefined;",
    "      frozen.push(value);",
    "      shape.push(key, 0);",
    "    } else if (value === undefined) shape.push(key, 1);",
    '    else if (value === null || typeof value === "string" || typeof value === "boolean") shape.push(key, 2, value);',
    // String(n): JSON would write NaN and Infinity as null, which Astro tags apart.
    '    else if (typeof value === "number") shape.push(key, 3, String(value));',
    "    else return undefined;",
    "  }",
    `  return foyerMemoNode(foyerPropsMemo, shape, frozen, ${PROPS_MEMO_LIMIT});`,
    "}",
    ...memoNodeSource("foyerMemoNode"),
    "function foyerSerializeInto(slot, props, metadata) {",
    "  if (slot?.json !== undefined) return slot.json;",
    "  const serialized = JSON.stringify(serializeObject(props, metadata));",
    "  if (slot) slot.json = serialized;",
    "  return serialized;",
    "}",
    "function serializeProps(props, metadata) {",
    "  return foyerSerializeInto(foyerPropsSlot(props), props, metadata);",
    "}",
    "/** `escape(serializeProps(props, metadata))`, kept beside the props string when that is kept. */",
    "function foyerSerializePropsEscaped(props, metadata, escape) {",
    "  const slot = foyerPropsSlot(props);",
    "  if (slot?.escaped !== undefined) return slot.escaped;",
    "  const escaped = escape(foyerSerializeInto(slot, props, metadata));",
    "  if (slot) {",
    // Joined into one flat string now (ToNumber flattens it in V8), not by every page that writes it.
    "    Number(escaped);",
    "    slot.escaped = escaped;",
    "  }",
    "  return escaped;",
    "}",
  ].join("\n");
  return code
    .replace(SIGNATURE, memoized)
    .replace(PROPS_SIGNATURE, propsMemo)
    .replace(EXPORTS, "export {\n  foyerSerializePropsEscaped,\n  serializeProps\n};");
}

/**
 * Astro's hydration module with the island's props attribute taken from the memo's kept escaped
 * string (`foyerSerializePropsEscaped` of the patched serialize module).
 * @param {string} code the module's source
 * @returns {string}
 */
export function escapedPropsFromMemoSource(code) {
  for (const expected of [HYDRATION_IMPORT, HYDRATION_CALL]) {
    if (!code.includes(expected)) {
      throw new Error(
        "src/perf/props-serialization-memo.mjs: astro/dist/runtime/server/hydration.js no longer has " +
          `\`${expected}\`; update the memo for this Astro version.`,
      );
    }
  }
  return code
    .replace(HYDRATION_IMPORT, 'import { foyerSerializePropsEscaped, serializeProps } from "./serialize.js";')
    .replace(
      HYDRATION_CALL,
      'island.props["props"] = foyerSerializePropsEscaped(props, metadata, escapeHTML);',
    );
}

/** @returns {import("vite").Plugin[]} */
export function memoizePropsSerialization() {
  return [
    astroSourcePatch({
      name: "foyer-memoize-props-serialization",
      module: SERIALIZE_MODULE,
      modulePath: "astro/dist/runtime/server/serialize.js",
      patch: memoizePropsSerializationSource,
    }),
    astroSourcePatch({
      name: "foyer-memoize-escaped-props",
      module: HYDRATION_MODULE,
      modulePath: "astro/dist/runtime/server/hydration.js",
      patch: escapedPropsFromMemoSource,
    }),
  ];
}
