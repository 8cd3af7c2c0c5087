/**
 * The page side of the request context the middleware resolves into `Astro.locals` (tenant,
 * visitor, router base, origin, cache policy: server/page-data/request-context.ts): the few lines
 * every page starts with. Reads `locals` only; nothing here reaches the server.
 *
 *     const tenant = tenantPage(Astro, "private");
 *     if (!tenant) return notFound();
 */
import type { Tenant } from "../tenant/schema.ts";

/** Pages with nothing personal on them (spec: CDN cacheable for a minute). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/** Pages with personal data, or whose answer depends on the session: never cached anywhere. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";

/** "public": the page has nothing personal on it; "private": it is the visitor's own. */
export type PageCache = "public" | "private";

interface PageGlobal {
  locals: Pick<App.Locals, "tenant" | "cachePolicy">;
  response: { headers: Headers };
}

/**
 * Sets the page's Cache-Control. A public page rendered for a logged-in visitor is theirs alone
 * (the header shows their name), so it is private too (the middleware makes sure of it as well).
 */
export function declareCache(page: PageGlobal, cache: PageCache): void {
  const shared = cache === "public" && page.locals.cachePolicy !== "personal";
  page.response.headers.set("Cache-Control", shared ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL);
}

/** The page's tenant with its Cache-Control set, or undefined for an unknown seller (then `notFound()`). */
export function tenantPage(page: PageGlobal, cache: PageCache): Tenant | undefined {
  const { tenant } = page.locals;
  if (tenant) declareCache(page, cache);
  return tenant;
}

/** The 404 page with HTTP 404 (Astro renders src/pages/404.astro for an empty 404). */
export function notFound(): Response {
  return new Response(null, { status: 404 });
}
