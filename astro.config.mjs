// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [
    react(),
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
  ],
  // Spec doc 2 §2 "A trailing slash is stripped": Astro redirects (301 GET, 308 otherwise, query kept).
  trailingSlash: "never",
  server: { host: "127.0.0.1", port: 4321 },
  // The storefront is the only client of its own forms; Hono checks the origin of API writes.
  security: { checkOrigin: true },
  vite: {
    ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  },
});
