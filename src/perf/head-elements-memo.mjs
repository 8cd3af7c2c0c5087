// A route's stylesheet and script tags worked out once, not on every request.
//
// For every page, Astro's production environment finds the route's entry by a linear search of the
// manifest's routes, makes its stylesheet and script elements again (parsing each asset path as a
// URL), and resolves each island's component and renderer URLs the same way. Its head renderer
// then de-duplicates those elements (a JSON key of each) and writes them out as tags. All of it is
// a pure function of the build's manifest and the route. Profiled under load with the page cache
// off, it was about a tenth of an uncached listing beyond the framework floor (a constant page
// through the same server).
//
// Three build-time changes keep it once:
// 1. `resolve` keeps each specifier's URL per manifest.
// 2. `headElements` keeps each route's elements per manifest, frozen, and hands every request new
//    Sets of them (the head renderer empties the styles Set it is given).
// 3. The head renderer keeps the tags it wrote for a sequence of those frozen elements (held
//    weakly, one step per element), so the same elements are not de-duplicated and written again.
//    An element that is not frozen (added some other way) is rendered as before, as is everything
//    when `userAssetsBase` is set (Astro then rewrites script URLs in place).
// The tags are the same text in the same order. The build fails when Astro's source no longer has
// what this rewrites.

import { astroSourcePatch } from "./astro-source-patch.mjs";

const PRODUCTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/;
const RESOLVE = "  async resolve(manifest, specifier) {";
const HEAD_ELEMENTS = "  async headElements(manifest, routeData) {";
const ENVIRONMENT = "const productionEnvironment = {";

const HEAD_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]head\.js$/;
const HEAD_RENDER = "function renderAllHeadContent(result) {";
const ELEMENTS_START = "  const styles = deduplicateElements(Array.from(result.styles)).map(";
const ELEMENTS_END = "  content += styles.join(sep) + links.join(sep) + scripts.join(sep);\n";

/** @param {string} file @param {string} code @param {string[]} expected */
function requireSource(file, code, expected) {
  for (const text of expected) {
    if (!code.includes(text)) {
      throw new Error(
        `src/perf/head-elements-memo.mjs: astro/dist/${file} no longer has \`${text.trim().split("\n")[0]}\`; ` +
          "update the memo for this Astro version.",
      );
    }
  }
}

/**
 * Astro's production environment with `resolve` and `headElements` kept per manifest.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizeProductionEnvironmentSource(code) {
  requireSource("core/environment/production.js", code, [RESOLVE, HEAD_ELEMENTS, ENVIRONMENT]);
  const helpers = [
    "const foyerResolved = new WeakMap();",
    "const foyerHeads = new WeakMap();",
    "function foyerPerManifest(memo, manifest) {",
    "  let kept = memo.get(manifest);",
    "  if (kept === undefined) {",
    "    kept = new Map();",
    "    memo.set(manifest, kept);",
    "  }",
    "  return kept;",
    "}",
    "function foyerFrozenElement(element) {",
    "  Object.freeze(element.props);",
    "  return Object.freeze(element);",
    "}",
    ENVIRONMENT,
  ].join("\n");
  const resolve = [
    RESOLVE,
    "    const kept = foyerPerManifest(foyerResolved, manifest);",
    "    let url = kept.get(specifier);",
    "    if (url === undefined) {",
    "      url = await productionEnvironment.foyerResolveAnew(manifest, specifier);",
    "      kept.set(specifier, url);",
    "    }",
    "    return url;",
    "  },",
    "  async foyerResolveAnew(manifest, specifier) {",
  ].join("\n");
  const headElements = [
    HEAD_ELEMENTS,
    "    if (manifest.userAssetsBase) return productionEnvironment.foyerHeadElementsAnew(manifest, routeData);",
    "    const byRoute = foyerPerManifest(foyerHeads, manifest);",
    "    let kept = byRoute.get(routeData.route);",
    "    if (kept === undefined) {",
    "      const made = await productionEnvironment.foyerHeadElementsAnew(manifest, routeData);",
    "      kept = {",
    "        links: [...made.links].map(foyerFrozenElement),",
    "        styles: [...made.styles].map(foyerFrozenElement),",
    "        scripts: [...made.scripts].map(foyerFrozenElement),",
    "      };",
    "      byRoute.set(routeData.route, kept);",
    "    }",
    "    return { links: new Set(kept.links), styles: new Set(kept.styles), scripts: new Set(kept.scripts) };",
    "  },",
    "  async foyerHeadElementsAnew(manifest, routeData) {",
  ].join("\n");
  return code.replace(ENVIRONMENT, helpers).replace(RESOLVE, resolve).replace(HEAD_ELEMENTS, headElements);
}

/**
 * Astro's head renderer with the tags of frozen head elements kept per sequence of elements.
 * @param {string} code the module's source
 * @returns {string}
 */
export function memoizeHeadTagsSource(code) {
  requireSource("runtime/server/render/head.js", code, [HEAD_RENDER, ELEMENTS_START, ELEMENTS_END]);
  const start = code.indexOf(ELEMENTS_START);
  const end = code.indexOf(ELEMENTS_END, start);
  if (end === -1) requireSource("runtime/server/render/head.js", "", [ELEMENTS_END]);
  const block = code.slice(start, end);
  const memo = [
    "const foyerHeadNode = () => ({ weak: new WeakMap(), strong: new Map(), tags: undefined });",
    "const foyerHeadRoot = foyerHeadNode();",
    // The memo's node for this result's elements in order (each list closed by the separator), or
    // undefined when one of them is not a kept (frozen) element.
    "function foyerHeadNodeOf(result, sep) {",
    "  if (result.userAssetsBase) return undefined;",
    "  let node = foyerHeadRoot;",
    "  for (const list of [result.styles, result.links, result.scripts]) {",
    "    for (const element of list) {",
    "      if (!Object.isFrozen(element)) return undefined;",
    "      let next = node.weak.get(element);",
    "      if (next === undefined) {",
    "        next = foyerHeadNode();",
    "        node.weak.set(element, next);",
    "      }",
    "      node = next;",
    "    }",
    "    let next = node.strong.get(sep);",
    "    if (next === undefined) {",
    "      next = foyerHeadNode();",
    "      node.strong.set(sep, next);",
    "    }",
    "    node = next;",
    "  }",
    "  return node;",
    "}",
    "function foyerHeadTags(result) {",
    '  const node = foyerHeadNodeOf(result, result.compressHTML === true || result.compressHTML === "jsx" ? "" : "\\n");',
    "  if (node?.tags !== undefined) {",
    "    result.styles.clear();",
    "    return node.tags;",
    "  }",
    "  const tags = foyerHeadTagsAnew(result);",
    "  if (node) node.tags = tags;",
    "  return tags;",
    "}",
    "function foyerHeadTagsAnew(result) {",
    block,
    "  return styles.join(sep) + links.join(sep) + scripts.join(sep);",
    "}",
    HEAD_RENDER,
  ].join("\n");
  return `${code.slice(0, start)}  content += foyerHeadTags(result);\n${code.slice(end + ELEMENTS_END.length)}`.replace(
    HEAD_RENDER,
    memo,
  );
}

/** @returns {import("vite").Plugin[]} */
export function memoizeHeadElements() {
  return [
    astroSourcePatch({
      name: "foyer-memoize-production-environment",
      module: PRODUCTION_MODULE,
      modulePath: "astro/dist/core/environment/production.js",
      patch: memoizeProductionEnvironmentSource,
    }),
    astroSourcePatch({
      name: "foyer-memoize-head-tags",
      module: HEAD_MODULE,
      modulePath: "astro/dist/runtime/server/render/head.js",
      patch: memoizeHeadTagsSource,
    }),
  ];
}
