/**
 * The router base of the page being rendered: "" on a tenant's own host name (the
 * middleware sets `Astro.locals.routerBase`), `/{seller}` on the shared host, either followed by
 * `/{lang}` on a page in a language other than the default. Links are
 * `${base}/events`; the home is `homePath(...)` ("/" or "/{seller}").
 */
import { pathFor, routerBase } from "../domain/tenant-hosts/hosts.ts";

type BaseLocals = { routerBase?: string | undefined; languagePrefix?: string | undefined };

/** The base links start with, the page's language prefix included (`/{seller}/es`). */
export function pageBase(locals: BaseLocals, slug: string): string {
  return (locals.routerBase ?? routerBase(slug, false)) + (locals.languagePrefix ?? "");
}

export function homePath(locals: BaseLocals, slug: string): string {
  return pathFor(pageBase(locals, slug));
}
