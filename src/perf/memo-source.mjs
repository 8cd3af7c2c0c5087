// Source text shared by the build-time patches that memoize on frozen values
// (src/perf/props-serialization-memo.mjs, src/perf/react-renderer-patch.mjs). Each patch injects
// it into the module it patches, so it is text, with the names the patch gives.

/**
 * `function name(value)`: whether a value is a JSON primitive, or a plain object or array frozen
 * all the way down and made only of those (nothing a freeze leaves mutable, such as a Date or a
 * Map). Values proven so are remembered in the WeakSet `proven`, declared with it.
 * @param {string} name
 * @param {string} proven
 * @returns {string[]}
 */
export function frozenPlainSource(name, proven) {
  return [
    `const ${proven} = new WeakSet();`,
    `function ${name}(value) {`,
    "  if (value === null) return true;",
    '  if (typeof value !== "object") return typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === undefined;',
    `  if (${proven}.has(value)) return true;`,
    "  if (!Object.isFrozen(value)) return false;",
    "  const proto = Object.getPrototypeOf(value);",
    "  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;",
    `  for (const inner of Object.values(value)) if (!${name}(inner)) return false;`,
    `  ${proven}.add(value);`,
    "  return true;",
    "}",
  ];
}

/**
 * `function name(map, shape, frozen, limit)`: the memo's node for a shape (keys and primitive
 * values, a Map key by its JSON) and its frozen values in order (each a WeakMap step under it, so
 * they are held weakly); the map starts over once it holds `limit` shapes.
 * @param {string} name
 * @returns {string[]}
 */
export function memoNodeSource(name) {
  return [
    `function ${name}(map, shape, frozen, limit) {`,
    "  const signature = JSON.stringify(shape);",
    "  let node = map.get(signature);",
    "  if (node === undefined) {",
    "    if (map.size >= limit) map.clear();",
    "    node = {};",
    "    map.set(signature, node);",
    "  }",
    "  for (const value of frozen) {",
    "    node.next ??= new WeakMap();",
    "    let next = node.next.get(value);",
    "    if (next === undefined) {",
    "      next = {};",
    "      node.next.set(value, next);",
    "    }",
    "    node = next;",
    "  }",
    "  return node;",
    "}",
  ];
}
