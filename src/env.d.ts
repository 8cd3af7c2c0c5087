/** Per-request values the middleware (src/middleware.ts) gives pages and components. */
declare namespace App {
  interface Locals {
    /** The visitor logged in with the page's seller, or null (anonymous pages stay cacheable). */
    viewer: import("./lib/server/page-data/visitor.ts").Viewer | null;
    /**
     * The router base on a tenant's own host name: "" (set by lib/server/tenant-hosts/middleware.ts);
     * undefined on the shared host, where it is `/{seller}` (lib/pages/router-base.ts).
     */
    routerBase?: string;
    /** The micro-cached page a hit answers (src/middleware.ts); compression uses its kept copies. */
    cachedPage?: import("./lib/server/page-cache.ts").CachedPage;
  }
}
