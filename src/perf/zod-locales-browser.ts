/**
 * zod's locales, as the browser bundle sees them (astro.config.mjs points zod's own
 * `../locales/index.js` imports here in the client build). zod's namespace re-exports every
 * locale (`z.locales`, `z.core.locales`), and a re-exported namespace is not tree-shaken, so the
 * islands shipped all of zod's ~45 translations (about 40 KB of gzip). The storefront's words come
 * from the tenant strings, and zod's messages only ever use its default English, so the browser
 * keeps English alone.
 */
export { default as en } from "zod/v4/locales/en.js";
