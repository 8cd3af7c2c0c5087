/**
 * Tenant host names on the storefront (DESIGN §7). On a host a tenant lists in `hosts`:
 * - the storefront is served at `/` (the router base is `/`): `/events` renders the page of
 *   `/{seller}/events` (an internal rewrite, the browser's URL stays `/events`);
 * - `/{seller}/…` answers a 301 to the `/…` form (one URL per page, old links keep working), except
 *   the tenant's icon `/{seller}/favicon.svg` (`/favicon.svg` is Foyer's static file);
 * - a redirect a page answers with `Location: /{seller}/…` leaves as `/…`;
 * - `Astro.locals.routerBase` is "" so pages build their links with `pathFor("", …)`.
 * On any other host (the shared one) nothing changes: `/{seller}/…` as before.
 * The API (/api, /cached_api) resolves the seller from the Host itself (tenant-hosts/api.ts), and
 * the mailbox (/_mail) and the component gallery (/_stories) are the deployment's, not a tenant's.
 */
import type { MiddlewareHandler } from "astro";
import { sellerPagePath, withoutSellerPrefix } from "../../domain/tenant-hosts/hosts.ts";
import { tenantForHost } from "../../tenant/load.ts";
import { withEditedHeaders } from "./edited-headers.ts";

const NOT_STOREFRONT = /^\/(api|cached_api|_mail|_stories|_astro|_image|_server-islands)(\/|$)/;

/** A `Location` on the seller prefix in the `/…` form; any other location unchanged. */
export function locationOnTenantHost(location: string, slug: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    return location;
  }
  if (url.origin !== origin) return location;
  const path = withoutSellerPrefix(url.pathname, slug);
  if (path === undefined) return location;
  return `${path}${url.search}${url.hash}`;
}

/**
 * What the tenant-host rules make of a request for `pathname` on `host`: left as it is (the shared
 * host, the API, the tenant's icon), a 301/308 to the `/…` form, or served from the `/{seller}/…`
 * page. The middleware below and the page cache's fast path (src/perf/page-cache.ts) share it.
 */
export type TenantHostRoute =
  | { kind: "pass" }
  | { kind: "redirect"; path: string }
  | { kind: "rewrite"; path: string };

export function tenantHostRoute(host: string, pathname: string): TenantHostRoute {
  const tenant = tenantForHost(host);
  if (!tenant || NOT_STOREFRONT.test(pathname)) return { kind: "pass" };
  const stripped = withoutSellerPrefix(pathname, tenant.slug);
  // The tenant's icon keeps its path: `/favicon.svg` is Foyer's static file (lib/tenant/favicon.ts).
  if (stripped === "/favicon.svg") return { kind: "pass" };
  if (stripped !== undefined) return { kind: "redirect", path: stripped };
  return { kind: "rewrite", path: sellerPagePath(pathname, tenant.slug) };
}

export const tenantHost: MiddlewareHandler = async (context, next) => {
  const { pathname, search } = context.url;
  const route = tenantHostRoute(context.url.host, pathname);
  if (route.kind === "pass") return next();
  if (route.kind === "redirect") {
    const method = context.request.method;
    return new Response(null, {
      status: method === "GET" || method === "HEAD" ? 301 : 308,
      headers: { Location: `${route.path}${search}`, "Cache-Control": "public, max-age=3600" },
    });
  }
  const slug = route.path.split("/")[1] ?? "";
  context.locals.routerBase = "";
  const response = await next(`${route.path}${search}`);
  const location = response.headers.get("Location");
  if (!location) return response;
  const moved = locationOnTenantHost(location, slug, context.url.origin);
  if (moved === location) return response;
  return withEditedHeaders(response, (headers) => headers.set("Location", moved));
};
