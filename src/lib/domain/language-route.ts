/**
 * Where a storefront path's language comes from (DESIGN §13), as pure rules the middleware and the
 * page cache's fast path share. The default language is at `/{seller}/…`; any other at
 * `/{seller}/{lang}/…`, served from the `/{seller}/…` page with the language in `locals`. A path
 * naming the default language (`/{seller}/en/…`) moves to the one without.
 */

export type LanguageRoute<L extends string> =
  | { kind: "unprefixed" }
  | { kind: "canonical"; path: string }
  | { kind: "rewrite"; language: L; path: string };

/** `/{seller}/{segment}/rest`: the segment and the rest, or undefined. */
function languageSegment(pathname: string): { slug: string; segment: string; rest: string } | undefined {
  const match = /^\/([^/]+)\/([a-z]{2,3})(\/.*)?$/.exec(pathname);
  if (!match) return undefined;
  return { slug: match[1] ?? "", segment: match[2] ?? "", rest: match[3] ?? "" };
}

export function languageRoute<L extends string>(pathname: string, languages: readonly L[]): LanguageRoute<L> {
  const parts = languageSegment(pathname);
  if (!parts) return { kind: "unprefixed" };
  const index = languages.indexOf(parts.segment as L);
  if (index === -1) return { kind: "unprefixed" };
  const path = `/${parts.slug}${parts.rest}`;
  if (index === 0) return { kind: "canonical", path };
  return { kind: "rewrite", language: parts.segment as L, path };
}

/** A page path (`/{seller}/…`) in `lang`: the default language's path stays unprefixed. */
export function pathInLanguage(pagePath: string, lang: string, defaultLanguage: string): string {
  if (lang === defaultLanguage) return pagePath;
  const match = /^\/([^/]+)(\/.*)?$/.exec(pagePath);
  if (!match) return pagePath;
  return `/${match[1]}/${lang}${match[2] ?? ""}`;
}

/**
 * Paths of a tenant that keep no language: the back office (staff work in the venue's language),
 * the tenant's icon, and files a page links to (wallet passes and calendar files are rendered in
 * the order's language, not the path's).
 */
export function languageNeutral(restPath: string): boolean {
  return /^\/(admin|favicon\.svg)(\/|$)/.test(restPath);
}

/** The cookie that remembers a visitor's choice of language. */
export const LANGUAGE_COOKIE = "foyer_lang";
/** The query parameter the language switcher's links carry: the choice is remembered, then dropped. */
export const CHOOSE_LANGUAGE_PARAM = "choose_language";
