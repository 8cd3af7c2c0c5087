// A Vite plugin that rewrites one module of the server build's runtime at build time: the shape
// of every patch here (csp-digest-memo.mjs, props-serialization-memo.mjs, page-bytes.mjs,
// island-id-memo.mjs, head-elements-memo.mjs and route-match-memo.mjs in Astro,
// react-renderer-patch.mjs in @astrojs/react). Each patch throws when the module's source no
// longer has what it rewrites, and the build fails when the server build never loaded the module
// at all, so an upgrade cannot drop a patch without anyone noticing.

/**
 * @param {{ name: string, module: RegExp, modulePath: string, patch: (code: string) => string }} options
 *   module: matches the module's file id; modulePath: how the error names it
 * @returns {import("vite").Plugin}
 */
export function astroSourcePatch({ name, module, modulePath, patch }) {
  let applied = false;
  return {
    name,
    transform(code, id) {
      if (!module.test(id)) return null;
      applied = true;
      return { code: patch(code), map: null };
    },
    buildEnd(error) {
      // The server build bundles Astro's runtime; the client build never loads these modules.
      if (error || this.environment?.name !== "ssr" || applied) return;
      this.error(`${name}: the server build never loaded ${modulePath}; see src/perf/README.md`);
    },
  };
}
