/**
 * What a page says about itself in its <head> (pages had no meta description or social
 * preview tags): the meta description, the canonical URL and the Open Graph and Twitter card tags.
 *
 * - The description is the page's own (an event's summary on its detail page), else the tenant's
 *   `description`; it is cut at a word boundary to 160 characters, as search results show no more.
 * - Every URL is absolute on `origin`, which the caller takes from the configured origins
 *   (src/lib/server/config/origins.ts), never from the request's Host header: a forged Host must not
 *   end up in a page a cache or a link preview keeps.
 * - The canonical URL is the path without its query (filters and preselections are views of it).
 */
import type { Tenant } from "../tenant/schema.ts";

export const DESCRIPTION_MAX = 160;

export interface PageHeadInput {
  tenant: Pick<Tenant, "name" | "locale" | "description"> | undefined;
  /** The page's title (without the tenant name) and its own description, if any. */
  title: string;
  description: string | undefined;
  /** An image for link previews: a site path (/api/image/...) or an absolute URL. */
  image: string | undefined;
  pathname: string;
  origin: string;
}

export interface PageHead {
  title: string;
  description: string | undefined;
  canonical: string;
  og: { property: string; content: string }[];
  twitter: { name: string; content: string }[];
}

/** Whitespace collapsed, and cut at a word boundary with an ellipsis when longer than `max`. */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** `en-GB` as Open Graph writes it: `en_GB`. */
export function ogLocale(locale: string): string {
  return locale.replace("-", "_");
}

export function pageHead(input: PageHeadInput): PageHead {
  const { tenant } = input;
  const title = tenant ? `${input.title} | ${tenant.name}` : input.title;
  const raw = input.description?.trim() || tenant?.description?.trim() || "";
  const description = raw ? shortDescription(raw) : undefined;
  const canonical = new URL(input.pathname, input.origin).href;
  const image = input.image ? new URL(input.image, input.origin).href : undefined;
  const og = [
    { property: "og:type", content: "website" },
    { property: "og:title", content: input.title },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: canonical },
    ...(tenant ? [{ property: "og:site_name", content: tenant.name }] : []),
    ...(tenant ? [{ property: "og:locale", content: ogLocale(tenant.locale) }] : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
  const twitter = [
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    ...(description ? [{ name: "twitter:description", content: description }] : []),
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
  return { title, description, canonical, og, twitter };
}
