/**
 * The router base of the page being rendered: "" on a tenant's own host name (the
 * middleware sets `Astro.locals.routerBase`), `/{seller}` on the shared host. Links are
 * `${base}/events`; the home is `homePath(...)` ("/" or "/{seller}").
 */
import { pathFor, routerBase } from "../domain/tenant-hosts/hosts.ts";

export function pageBase(locals: { routerBase?: string | undefined }, slug: string): string {
  return locals.routerBase ?? routerBase(slug, false);
}

export function homePath(locals: { routerBase?: string | undefined }, slug: string): string {
  return pathFor(pageBase(locals, slug));
}
