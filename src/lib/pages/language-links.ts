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
  /** The page in that language (a path; the head makes it absolute). */
  path: string;
  /** The switcher's link: the path with the choice to remember. */
  choose: string;
  current: boolean;
}

type Locals = { routerBase?: string | undefined; languagePrefix?: string | undefined };

/** A locale as `lang`/`hreflang` write it: "ar-KW-u-nu-latn" is "ar-KW". */
export function languageTag(locale: string): string {
  const at = locale.indexOf("-u-");
  return at === -1 ? locale : locale.slice(0, at);
}

export function languageLinks(
  tenant: Tenant,
  locals: Locals,
  originPathname: string,
  search = "",
): LanguageLink[] {
  const languages = tenantLanguages(tenant);
  if (languages.length < 2) return [];
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
    return {
      language,
      name: LANGUAGE_NAMES[language],
      tag: languageTag(localeFor(tenant, language)),
      path,
      choose: `${path}?${choice}`,
      current: language === current,
    };
  });
}
