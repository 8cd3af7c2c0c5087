// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [react()],
  // Spec doc 2 §2 "A trailing slash is stripped": Astro redirects (301 GET, 308 otherwise, query kept).
  trailingSlash: "never",
  server: { host: "127.0.0.1", port: 4321 },
  // The storefront is the only client of its own forms; Hono checks the origin of API writes.
  security: { checkOrigin: true },
  vite: {
    ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  },
});
