/**
 * The page in each of the tenant's languages: the `hreflang` alternates in the head and the
 * language switcher's links (DESIGN §13). The path after the router base and language prefix is
 * the same page in every language; the default language has no prefix.
 */
import { CHOOSE_LANGUAGE_PARAM } from "../domain/language-route.ts";
import { pathFor, routerBase } from "../domain/tenant-hosts/hosts.ts";
import {
  defaultLanguage,
  type Language,
  languageOf,
  localeFor,
  tenantLanguages,
} from "../tenant/languages.ts";
import { LANGUAGE_NAMES } from "../tenant/locales/index.ts";
import type { Tenant } from "../tenant/schema.ts";

export interface LanguageLink {
  language: Language;
  /** The language's name in itself ("Español"). */
  name: string;
  /** The BCP 47 tag for `hreflang` and `lang` (the locale without its Unicode extensions). */
  tag: string;
  /** The page in that language (a path). */
  path: string;
  /** The same page as an absolute URL on the page's origin (the head's `hreflang` alternates). */
  href: string;
  /** The switcher's link: the path with the choice to remember. */
  choose: string;
  current: boolean;
}

type Locals = { routerBase?: string | undefined; languagePrefix?: string | undefined };

/** Page addresses whose links are kept per tenant at most; past it the tenant's memo starts over. */
const KEPT_ADDRESSES = 256;
const kept = new WeakMap<Tenant, Map<string, readonly LanguageLink[]>>();

/** A locale as `lang`/`hreflang` write it: "ar-KW-u-nu-latn" is "ar-KW". */
export function languageTag(locale: string): string {
  const at = locale.indexOf("-u-");
  return at === -1 ? locale : locale.slice(0, at);
}

/**
 * The page in each of the tenant's languages (none for a tenant in one language). A pure function
 * of the tenant and the page's address, worked out on every page a shopper opens: kept per tenant
 * (held weakly: a reloaded tenant is a new object) and address, frozen, as the uncached listing
 * otherwise parsed the query and made each absolute URL again on every request.
 */
export function languageLinks(
  tenant: Tenant,
  locals: Locals,
  originPathname: string,
  search: string,
  /** The page's origin (locals.origin: configured, never the Host header), for hreflang's absolute URLs. */
  origin: string,
): readonly LanguageLink[] {
  if (tenantLanguages(tenant).length < 2) return [];
  const address = [locals.routerBase, locals.languagePrefix, originPathname, search, origin].join("\n");
  let byAddress = kept.get(tenant);
  if (!byAddress) {
    byAddress = new Map();
    kept.set(tenant, byAddress);
  }
  const known = byAddress.get(address);
  if (known) return known;
  const links = Object.freeze(makeLanguageLinks(tenant, locals, originPathname, search, origin));
  if (byAddress.size >= KEPT_ADDRESSES) byAddress.clear();
  byAddress.set(address, links);
  return links;
}

function makeLanguageLinks(
  tenant: Tenant,
  locals: Locals,
  originPathname: string,
  search: string,
  origin: string,
): LanguageLink[] {
  const languages = tenantLanguages(tenant);
  const root = locals.routerBase ?? routerBase(tenant.slug, false);
  const here = `${root}${locals.languagePrefix ?? ""}`;
  const rest = originPathname.startsWith(here) ? originPathname.slice(here.length) : "";
  const fallback = defaultLanguage(tenant);
  const current = languageOf(tenant);
  const query = new URLSearchParams(search);
  query.delete(CHOOSE_LANGUAGE_PARAM);
  return languages.map((language) => {
    const path = pathFor(`${root}${language === fallback ? "" : `/${language}`}`, rest);
    const choice = new URLSearchParams(query);
    choice.set(CHOOSE_LANGUAGE_PARAM, language);
    return Object.freeze({
      language,
      name: LANGUAGE_NAMES[language],
      tag: languageTag(localeFor(tenant, language)),
      path,
      href: new URL(path, origin).href,
      choose: `${path}?${choice}`,
      current: language === current,
    });
  });
}
