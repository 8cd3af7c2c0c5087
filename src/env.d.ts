/** Per-request values the middleware (src/middleware.ts) gives pages and components. */
declare namespace App {
  interface Locals {
    /** The tenant the page's path names (`/{seller}/…`); undefined for the API, `/`, `/_mail` and unknown sellers. */
    tenant: import("./lib/tenant/schema.ts").Tenant | undefined;
    /** The router base the page's links start with: `/{seller}`, "" on a tenant's own host name or without a tenant. */
    base: string;
    /** The origin of the page's absolute URLs (canonical, link previews): configured, never the Host header. */
    origin: string;
    /**
     * How the page may be cached: "shared" for an anonymous visitor (a public page is CDN- and
     * micro-cacheable), "personal" for a logged-in one (never stored anywhere).
     */
    cachePolicy: "shared" | "personal";
    /** The visitor logged in with the page's seller, or null (anonymous pages stay cacheable). */
    viewer: import("./lib/server/page-data/visitor.ts").Viewer | null;
    /**
     * The router base on a tenant's own host name: "" (set by lib/server/http/tenant-host.ts);
     * undefined on the shared host, where it is `/{seller}` (lib/pages/router-base.ts).
     */
    routerBase?: string;
    /** The page's language (one of the tenant's; set by lib/server/http/language.ts). */
    language?: import("./lib/tenant/languages.ts").Language;
    /** `/{lang}` on a page in a language other than the tenant's default, else undefined: part of the router base. */
    languagePrefix?: string;
    /** The micro-cached page a hit answers (src/middleware.ts); compression uses its kept copies. */
    cachedPage?: import("./perf/page-cache.ts").CachedPage;
  }
}
