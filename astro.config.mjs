// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { astroCspConfig } from "./src/lib/server/http/content-security-policy.ts";
import { memoizeCspDigests } from "./src/perf/csp-digest-memo.mjs";
import { memoizeHeadElements } from "./src/perf/head-elements-memo.mjs";
import { memoizeIslandIds } from "./src/perf/island-id-memo.mjs";
import { encodePagesAsRuns } from "./src/perf/page-bytes.mjs";
import { precompressAssets } from "./src/perf/precompressed.mjs";
import { memoizePropsSerialization } from "./src/perf/props-serialization-memo.mjs";
import { patchReactRenderer } from "./src/perf/react-renderer-patch.mjs";
import { memoizeRouteMatches } from "./src/perf/route-match-memo.mjs";
import { zodInTheBrowser } from "./src/perf/zod-browser-plugin.mjs";

export default defineConfig({
  output: "server",
  // Pages are rendered whole, then sent: streaming them cost about a fifth of a page's CPU (a
  // web stream pulled chunk by chunk into Node's response), and with every read in process a page is
  // ready in a few milliseconds, so there is nothing to send early.
  // Middleware mode: the adapter renders pages and the API only; scripts/serve.mjs serves the static
  // files from a list made at start, so a page request never tries the disk first
  // (src/perf/static-files.mjs).
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [
    react(),
    // .br and .gz twins of the built /_astro files, served by scripts/serve.mjs (src/perf/precompressed.mjs).
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
    // The performance layer's build-time pieces (src/perf/README.md says what each does, why, and
    // how to check it after an upgrade): the browser's zod, and patches of Astro's and
    // @astrojs/react's runtime that each fail the build when their target code is gone.
    plugins: [
      zodInTheBrowser(),
      memoizeCspDigests(),
      memoizePropsSerialization(),
      patchReactRenderer(),
      encodePagesAsRuns(),
      memoizeIslandIds(),
      memoizeHeadElements(),
      memoizeRouteMatches(),
    ],
    ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  },
});
