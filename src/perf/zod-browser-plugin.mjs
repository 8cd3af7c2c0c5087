// The Vite plugin that gives the browser its own `zod` (astro.config.mjs). Client modules that
// import `zod` get the façade, zod-browser.ts: a small stand-in on zod/mini with the classic API the
// islands use (classic zod does not tree-shake: ~52 KB of gzip), which also turns on zod's
// `jitless` before any schema is built (without it zod probes for `new Function`, which the page
// CSP, no 'unsafe-eval', reports as a violation). zod's own every-locale namespace is pointed at
// zod-locales-browser.ts (English only: ~40 KB of gzip less). Server code keeps the plain, classic
// `zod`. The client build fails when either redirect never happened (a zod upgrade that moves its
// locales, or a Vite that no longer asks this plugin): the islands would then ship classic zod or
// every locale without anyone noticing until the JS budgets were measured.
import { fileURLToPath } from "node:url";

export const ZOD_FACADE = fileURLToPath(new URL("./zod-browser.ts", import.meta.url));
export const ZOD_BROWSER_LOCALES = fileURLToPath(new URL("./zod-locales-browser.ts", import.meta.url));
/** How zod's classic, core and mini namespaces import their every-locale namespace (zod 4). */
const LOCALES_IMPORT = "../locales/index.js";
const ZOD_NAMESPACE_IMPORTER = /[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/;

/** @returns {import("vite").Plugin} */
export function zodInTheBrowser() {
  /** Which redirects the build has made: "facade", "locales". */
  const redirected = new Set();
  return {
    name: "foyer-zod-in-the-browser",
    enforce: "pre",
    resolveId(source, importer) {
      if (this.environment?.config.consumer !== "client") return null;
      if (source === LOCALES_IMPORT && ZOD_NAMESPACE_IMPORTER.test(importer ?? "")) {
        redirected.add("locales");
        return ZOD_BROWSER_LOCALES;
      }
      if (source !== "zod" || importer?.startsWith(ZOD_FACADE)) return null;
      redirected.add("facade");
      return ZOD_FACADE;
    },
    buildEnd(error) {
      if (error || this.environment?.config.command !== "build") return;
      if (this.environment.config.consumer !== "client") return;
      for (const [what, target] of [
        ["facade", "client modules' `zod` imports to src/perf/zod-browser.ts"],
        ["locales", `zod's \`${LOCALES_IMPORT}\` imports to src/perf/zod-locales-browser.ts`],
      ]) {
        if (!redirected.has(what)) {
          this.error(
            `foyer-zod-in-the-browser: the client build never redirected ${target}; ` +
              "see src/perf/README.md (the zod façade) for what to check after a zod or Vite upgrade.",
          );
        }
      }
    },
  };
}
