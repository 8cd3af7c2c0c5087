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
//
// The build fails when the renderer's source no longer has what this rewrites
// (src/perf/astro-source-patch.mjs).

import { astroSourcePatch } from "./astro-source-patch.mjs";

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
    "  try {",
    "    const html = ReactDOM.renderToString(vnode, { identifierPrefix: options.identifierPrefix, onError() {} });",
    '    return html.includes("<!--$!") ? undefined : html;',
    "  } catch {",
    "    return undefined;",
    "  }",
    "}",
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
