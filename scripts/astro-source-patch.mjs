// A Vite plugin that rewrites one module of Astro's runtime at build time (the memos of
// scripts/csp-digest-memo.mjs and scripts/props-serialization-memo.mjs). Each patch throws when
// the module's source no longer has what it rewrites, and the build fails when the server build
// never loaded the module at all, so an Astro upgrade cannot drop a patch without anyone noticing.

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
      this.error(`${name}: the server build never loaded ${modulePath}`);
    },
  };
}
