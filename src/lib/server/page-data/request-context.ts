/**
 * The request context the middleware resolves once per page request into `Astro.locals`
 * (src/middleware.ts): the tenant named by the path, the visitor logged in with it, the router
 * base, the origin of the page's absolute URLs, and the cache policy. Pages and components read
 * these from `locals` and never resolve them again.
 */

import { pageBase } from "../../pages/router-base.ts";
import { localizedTenant } from "../../tenant/languages.ts";
import { getTenant } from "../../tenant/load.ts";
import { mailLinkOrigin } from "../config/origins.ts";
import { ApiError } from "../errors/api-error.ts";
import { logger } from "../log/logger.ts";
import { getRuntime } from "../runtime.ts";
import { cachedSeller } from "../services/cart/static-rows.ts";
import { mailOriginFor } from "../tenant-hosts/links.ts";
import { SESSION_COOKIE, viewerFor } from "./visitor.ts";

type Locals = App.Locals;

/** The tenant a page path names (`/{seller}/…`), or undefined. */
export function tenantOfPath(pathname: string) {
  const slug = pathname.split("/")[1] ?? "";
  return slug ? getTenant(slug) : undefined;
}

/**
 * The tenant when its shop is open: a tenant file whose catalogue was never applied has no seller
 * row, so nothing of it can be read or sold; its pages are not found rather than failing.
 */
async function openTenant<T extends { slug: string }>(tenant: T | undefined): Promise<T | undefined> {
  if (!tenant) return undefined;
  try {
    const { handle } = await getRuntime();
    await cachedSeller(handle.db, tenant.slug);
    return tenant;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Fills the context into `locals`: the visitor only when the request has a session cookie (a
 * failed lookup renders the page as for an anonymous visitor, never cached: the request has a
 * cookie). `routerBase` is already set on a tenant's own host name (tenant-hosts/middleware.ts).
 */
export async function resolveRequestContext(
  locals: Locals,
  url: URL,
  sessionToken: string | undefined,
): Promise<void> {
  const open = await openTenant(tenantOfPath(url.pathname));
  // The page speaks its language (lib/server/http/language.ts): the tenant as that language shows it.
  const tenant = open && locals.language ? localizedTenant(open, locals.language) : open;
  locals.tenant = tenant;
  locals.viewer = null;
  if (tenant && sessionToken) {
    try {
      const { handle, clock } = await getRuntime();
      locals.viewer = await viewerFor(handle.db, tenant.slug, sessionToken, clock.now());
    } catch (error) {
      logger.error({ err: error }, "session.resolve_failed");
    }
  }
  locals.base = tenant ? pageBase(locals, tenant.slug) : "";
  // Absolute URLs from the configured origins (the rule mail links follow), never from the Host
  // header; on the tenant's own host name the page's URLs are on that name, at `/`.
  locals.origin = tenant && locals.routerBase === "" ? mailOriginFor(tenant.slug) : mailLinkOrigin(url.href);
  locals.cachePolicy = locals.viewer ? "personal" : "shared";
}

export { SESSION_COOKIE };
