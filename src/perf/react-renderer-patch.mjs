// Two build-time changes to @astrojs/react's server renderer, for the CPU an island costs on
// every render. Measured with the page cache off, as the interleaved
// CPU per request of two builds: the listing's one island (the cart widget) cost about 0.4 ms of
// its 1.1 ms, and an event page has two.
//
// 1. `check`, once per component. Astro asks each renderer whether it can render a component, on
//    every render of every island. @astrojs/react answers for a function by rendering it: it calls
//    the component inside a tester component, through a whole React server render, to see whether
//    it returns a React element. Whether a function is a React component does not change between
//    renders: a function once found to be one is answered for at once. Anything else is checked
//    as before (a `false` is not kept; Astro then picks the renderer by the file's extension).
// 2. A render that does not suspend is made with `renderToString`, in one synchronous pass, not
//    through `renderToReadableStream` (a web stream, read and decoded chunk by chunk). Both are
//    React's same server renderer and give the same HTML; the page's HTML was compared byte for
//    byte, pages and the component gallery. A render that suspends (a lazy component not loaded
//    yet: renderToString leaves its Suspense boundary to the client, `<!--$!`), throws, or carries
//    an action's form state is made again through the stream, exactly as before. The island's
//    identifier prefix is passed to both, so its useId ids match the browser's.
// 3. An island whose component says its server render is a pure function of its props
//    (`Component.pureServerRender = true`: the cart widget renders as served, with no cart, until
//    it hydrates) keeps its HTML per identifier prefix and props, when every prop is a JSON
//    primitive or a value frozen all the way down (the tenant's string subsets): primitives by
//    value, frozen values by identity, held weakly. The uncached listing rendered the same cart
//    widget through React on every request (about 35 µs and its garbage). Anything else, and a
//    render with children or slots, is rendered as before.
//
// The build fails when the renderer's source no longer has what this rewrites
// (src/perf/astro-source-patch.mjs).

import { astroSourcePatch } from "./astro-source-patch.mjs";
import { frozenPlainSource, memoNodeSource } from "./memo-source.mjs";

/** Signatures of a pure island's primitive props kept at most; past it the memo starts over. */
export const PURE_RENDER_MEMO_LIMIT = 256;

/** The module of @astrojs/react that defines the server renderer. */
const RENDERER_MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const CHECK = "async function check(Component, props, children, metadata) {";
const STREAM_RENDER = "html = await renderToReadableStreamAsync(vnode, renderOptions);";

/**
 * @astrojs/react's server renderer with both changes.
 * @param {string} code the module's source
 * @returns {string}
 */
export function patchReactRendererSource(code) {
  for (const expected of [CHECK, STREAM_RENDER]) {
    if (!code.includes(expected)) {
      throw new Error(
        "src/perf/react-renderer-patch.mjs: @astrojs/react/dist/server.js no longer has " +
          `\`${expected}\`; update the patch for this version of @astrojs/react.`,
      );
    }
  }
  const checkOnce = [
    "const foyerReactComponents = new WeakSet();",
    CHECK,
    '  if (typeof Component === "function" && foyerReactComponents.has(Component)) return true;',
    "  const answer = await checkAnew.call(this, Component, props, children, metadata);",
    '  if (answer === true && typeof Component === "function") foyerReactComponents.add(Component);',
    "  return answer;",
    "}",
    CHECK.replace("function check(", "function checkAnew("),
  ].join("\n");
  const stringFirst =
    "html = foyerRenderWhole(vnode, renderOptions) ?? await renderToReadableStreamAsync(vnode, renderOptions);";
  const renderWhole = [
    "function foyerRenderWhole(vnode, options) {",
    "  if (options.formState) return undefined;",
    "  const slot = foyerPureRenderSlot(vnode, options.identifierPrefix);",
    "  if (slot?.html !== undefined) return slot.html;",
    "  try {",
    "    const html = ReactDOM.renderToString(vnode, { identifierPrefix: options.identifierPrefix, onError() {} });",
    '    if (html.includes("<!--$!")) return undefined;',
    "    if (slot) slot.html = html;",
    "    return html;",
    "  } catch {",
    "    return undefined;",
    "  }",
    "}",
    "const foyerPureRenders = new WeakMap();",
    ...frozenPlainSource("foyerFrozenPlain", "foyerFrozenAllTheWay"),
    // The memo's slot for a pure component's render with these props, or undefined.
    "function foyerPureRenderSlot(vnode, prefix) {",
    "  const Component = vnode.type;",
    '  if (typeof Component !== "function" || Component.pureServerRender !== true) return undefined;',
    "  const props = vnode.props;",
    "  const shape = [prefix ?? null];",
    "  const frozen = [];",
    "  for (const key of Object.keys(props)) {",
    "    const value = props[key];",
    '    if (key === "children") return undefined;',
    '    if (value !== null && typeof value === "object") {',
    "      if (!foyerFrozenPlain(value)) return undefined;",
    "      frozen.push(value);",
    "      shape.push(key, 0);",
    "    } else if (value === undefined) shape.push(key, 1);",
    '    else if (value === null || typeof value === "string" || typeof value === "boolean") shape.push(key, 2, value);',
    '    else if (typeof value === "number") shape.push(key, 3, String(value));',
    "    else return undefined;",
    "  }",
    "  let byShape = foyerPureRenders.get(Component);",
    "  if (byShape === undefined) {",
    "    byShape = new Map();",
    "    foyerPureRenders.set(Component, byShape);",
    "  }",
    `  return foyerMemoNode(byShape, shape, frozen, ${PURE_RENDER_MEMO_LIMIT});`,
    "}",
    ...memoNodeSource("foyerMemoNode"),
  ].join("\n");
  return `${code.replace(CHECK, checkOnce).replace(STREAM_RENDER, stringFirst)}\n${renderWhole}\n`;
}

/** @returns {import("vite").Plugin} */
export function patchReactRenderer() {
  return astroSourcePatch({
    name: "foyer-react-renderer-patch",
    module: RENDERER_MODULE,
    modulePath: "@astrojs/react/dist/server.js",
    patch: patchReactRendererSource,
  });
}
