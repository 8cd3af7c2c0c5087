/**
 * Tenant host names (DESIGN §7): a tenant may list its own host names; on those, requests
 * need no `_seller` and the router base is `/`. On the shared host the router base is the seller
 * slug (spec doc 2 §2): `/{seller}/events`. Pure rules; the server and the pages use them.
 */

/** A lower-case DNS host name with at least two labels (no port, no trailing dot, no IP literal). */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export function isHostName(value: string): boolean {
  return HOST_NAME_PATTERN.test(value) && !/^[0-9.]+$/.test(value);
}

/** The host name of a URL's host or a Host header: lower case, port and a trailing dot removed. */
export function hostNameOf(host: string | null | undefined): string | undefined {
  if (!host) return undefined;
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return undefined;
  const name = trimmed.replace(/:\d*$/, "").replace(/\.$/, "");
  return isHostName(name) ? name : undefined;
}

/** A host name listed by two tenants (or twice by one), or undefined when every name is unique. */
export function duplicateHost(
  tenants: readonly { slug: string; hosts: readonly string[] }[],
): string | undefined {
  const seen = new Set<string>();
  for (const tenant of tenants) {
    for (const host of tenant.hosts) {
      if (seen.has(host)) return host;
      seen.add(host);
    }
  }
  return undefined;
}

/** The router base: "" on the tenant's own host name (the storefront at `/`), else `/{seller}`. */
export function routerBase(slug: string, onTenantHost: boolean): string {
  return onTenantHost ? "" : `/${slug}`;
}

/**
 * A storefront path under the router base: `pathFor("/harbour-museum", "/events")` is
 * "/harbour-museum/events", `pathFor("", "/events")` is "/events". The home ("" or "/") is the base
 * itself, or "/" when the base is empty (a trailing slash is stripped, spec doc 2 §2).
 */
export function pathFor(base: string, path = ""): string {
  const rest = path === "/" ? "" : path;
  if (rest !== "" && !rest.startsWith("/") && !rest.startsWith("?") && !rest.startsWith("#")) {
    throw new Error(`pathFor: a path starts with "/", "?" or "#": ${rest}`);
  }
  const joined = `${base}${rest}`;
  if (joined === "" || joined.startsWith("?") || joined.startsWith("#")) return `/${joined}`;
  return joined;
}

/**
 * On a tenant's host, the path of a `/{seller}/…` request in the `/…` form (for a 301), or
 * undefined when the path is not under the seller prefix.
 */
export function withoutSellerPrefix(pathname: string, slug: string): string | undefined {
  const prefix = `/${slug}`;
  if (pathname === prefix) return "/";
  if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  return undefined;
}

/** The `/{seller}/…` page path a request on the tenant's host is served from (an internal rewrite). */
export function sellerPagePath(pathname: string, slug: string): string {
  return pathname === "/" || pathname === "" ? `/${slug}` : `/${slug}${pathname}`;
}

/**
 * A link the tenant's content names on the seller prefix (`/{seller}/membership` in a content block
 * or `web.signup_url`) under the page's router base: `/membership` on the tenant's own host name.
 * Anything else (other sites, other paths) is left as it is.
 */
export function hrefUnderBase(href: string, slug: string, base: string): string {
  if (base === `/${slug}`) return href;
  const match = /^([^?#]*)(.*)$/.exec(href);
  const path = withoutSellerPrefix(match?.[1] ?? "", slug);
  return path === undefined ? href : pathFor(base, path === "/" ? "" : path) + (match?.[2] ?? "");
}

/** The same for the `href`s of sanitized HTML (tenant Markdown rendered by lib/tenant/blocks.ts). */
export function htmlUnderBase(html: string, slug: string, base: string): string {
  if (base === `/${slug}`) return html;
  return html.replace(/href="([^"]*)"/g, (_all, href: string) => `href="${hrefUnderBase(href, slug, base)}"`);
}
