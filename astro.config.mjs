// @ts-check
import { fileURLToPath } from "node:url";
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { memoizeCspDigests } from "./scripts/csp-digest-memo.mjs";
import { precompressAssets } from "./scripts/precompressed.mjs";
import { memoizePropsSerialization } from "./scripts/props-serialization-memo.mjs";
import { patchReactRenderer } from "./scripts/react-renderer-patch.mjs";
import { astroCspConfig } from "./src/lib/server/http/content-security-policy.ts";

/**
 * The browser's `zod` is src/lib/zod-browser.ts: a small façade on zod/mini with the classic API
 * the islands use (classic zod does not tree-shake: ~52 KB of gzip), which also turns on zod's
 * `jitless` before any schema is built (without it zod probes for `new Function`, which the page
 * CSP, no 'unsafe-eval', reports as a violation). Server code keeps the plain, classic `zod`.
 */
/** @returns {import("vite").Plugin} */
function zodJitlessInTheBrowser() {
  const shim = fileURLToPath(new URL("./src/lib/zod-browser.ts", import.meta.url));
  const locales = fileURLToPath(new URL("./src/lib/zod-locales-browser.ts", import.meta.url));
  return {
    name: "foyer-zod-jitless-in-the-browser",
    enforce: "pre",
    resolveId(source, importer) {
      if (this.environment?.config.consumer !== "client") return null;
      // zod's every-locale namespace (src/lib/zod-locales-browser.ts): English only in the browser.
      if (
        source === "../locales/index.js" &&
        /[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(importer ?? "")
      ) {
        return locales;
      }
      if (source !== "zod" || importer?.startsWith(shim)) return null;
      return shim;
    },
  };
}

export default defineConfig({
  output: "server",
  // Pages are rendered whole, then sent (issue 17): streaming them cost about a fifth of a page's CPU (a
  // web stream pulled chunk by chunk into Node's response), and with every read in process a page is
  // ready in a few milliseconds, so there is nothing to send early.
  // Middleware mode: the adapter renders pages and the API only; scripts/serve.mjs serves the static
  // files from a list made at start, so a page request never tries the disk first (issue 17).
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [
    react(),
    // .br and .gz twins of the built /_astro files, served by scripts/serve.mjs.
    precompressAssets(),
    // `client:cart`: the cart widget starts only with a cart (src/islands/cart/hydrate-with-cart.ts).
    {
      name: "foyer-cart-directive",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) => {
          addClientDirective({ name: "cart", entrypoint: "./src/islands/cart/hydrate-with-cart.ts" });
        },
      },
    },
    // The mailbox pages live in src/pages/_mail (underscored: not auto-routed) and are injected here.
    {
      name: "foyer-mailbox",
      hooks: {
        "astro:config:setup": ({ injectRoute }) => {
          injectRoute({ pattern: "/_mail", entrypoint: "./src/pages/_mail/index.astro" });
          injectRoute({ pattern: "/_mail/[id]", entrypoint: "./src/pages/_mail/[id].astro" });
          injectRoute({
            pattern: "/_mail/[id]/attachment/[cid]",
            entrypoint: "./src/pages/_mail/[id]/attachment/[cid].ts",
          });
        },
      },
    },
    // The component gallery (spec 2 §2), outside production only: src/pages/_stories, injected the same way.
    {
      name: "foyer-stories",
      hooks: {
        "astro:config:setup": ({ injectRoute }) => {
          injectRoute({ pattern: "/_stories", entrypoint: "./src/pages/_stories/index.astro" });
          injectRoute({
            pattern: "/_stories/[tenant]/[story]",
            entrypoint: "./src/pages/_stories/[tenant]/[story].astro",
          });
        },
      },
    },
  ],
  // Spec doc 2 §2 "A trailing slash is stripped": Astro redirects (301 GET, 308 otherwise, query kept).
  trailingSlash: "never",
  server: { host: "127.0.0.1", port: 4321 },
  // The storefront is the only client of its own forms; Hono checks the origin of API writes.
  // csp: Astro writes each page's Content-Security-Policy header with the hashes of the scripts it
  // renders; the sources are in content-security-policy.ts, frame-ancestors in security-headers.ts.
  security: { checkOrigin: true, csp: astroCspConfig() },
  vite: {
    plugins: [
      zodJitlessInTheBrowser(),
      memoizeCspDigests(),
      memoizePropsSerialization(),
      patchReactRenderer(),
    ],
    ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  },
});
