/**
 * The storefront's languages in the middleware (DESIGN §13; rules in domain/language-route.ts):
 * - `/{seller}/{lang}/…` renders the `/{seller}/…` page in that language (an internal rewrite; the
 *   links the page builds keep the prefix: `locals.languagePrefix`);
 * - `/{seller}/{default}/…` moves (301) to `/{seller}/…`;
 * - a page navigation to an unprefixed page of a shop with several languages goes (302) to the
 *   visitor's language: the one they chose (the `foyer_lang` cookie), else the first of theirs
 *   (`Accept-Language`) the shop speaks; the default language stays where it is;
 * - `?choose_language=xx` (the language switcher's links) remembers the choice and drops the
 *   parameter.
 * It runs inside tenantHost, so on a tenant's own host name it sees `/{seller}/…` and its Location
 * headers are moved back to the `/…` form there.
 */
import type { MiddlewareHandler } from "astro";
import {
  CHOOSE_LANGUAGE_PARAM,
  LANGUAGE_COOKIE,
  languageNeutral,
  languageRoute,
  pathInLanguage,
} from "../../domain/language-route.ts";
import {
  defaultLanguage,
  hasLanguage,
  type Language,
  negotiateLanguage,
  tenantLanguages,
} from "../../tenant/languages.ts";
import { getTenant } from "../../tenant/load.ts";
import { withEditedHeaders } from "./edited-headers.ts";

const NOT_STOREFRONT = /^\/(api|cached_api|_mail|_stories|_astro|_image|_server-islands)(\/|$)/;
const ONE_YEAR = 60 * 60 * 24 * 365;

function redirect(status: 301 | 302, location: string, setCookie?: string): Response {
  const headers = new Headers({
    Location: location,
    "Cache-Control": status === 301 ? "public, max-age=3600" : "private, no-store",
  });
  if (status === 302) headers.set("Vary", "Accept-Language, Cookie");
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return new Response(null, { status, headers });
}

/** Whether the request is a browser loading a page (not a script's fetch, an image or a form post). */
function isPageNavigation(request: Request): boolean {
  if (request.method !== "GET") return false;
  const dest = request.headers.get("sec-fetch-dest");
  if (dest) return dest === "document";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

export const language: MiddlewareHandler = async (context, next) => {
  const { pathname, search, searchParams } = context.url;
  if (NOT_STOREFRONT.test(pathname)) return next();
  const slug = pathname.split("/")[1] ?? "";
  const tenant = slug ? getTenant(slug) : undefined;
  if (!tenant) return next();
  const languages = tenantLanguages(tenant);
  const fallback = defaultLanguage(tenant);
  const route = languageRoute(pathname, languages);
  if (route.kind === "canonical") return redirect(301, `${route.path}${search}`);
  const pagePath = route.kind === "rewrite" ? route.path : pathname;
  const rest = pagePath.slice(slug.length + 1);
  if (languageNeutral(rest)) return route.kind === "rewrite" ? redirect(301, `${pagePath}${search}`) : next();

  const chosen = searchParams.get(CHOOSE_LANGUAGE_PARAM);
  if (chosen !== null && context.request.method === "GET") {
    const clean = new URL(context.url);
    clean.searchParams.delete(CHOOSE_LANGUAGE_PARAM);
    const cookie = hasLanguage(tenant, chosen)
      ? `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${context.url.protocol === "https:" ? "; Secure" : ""}`
      : undefined;
    return redirect(302, `${clean.pathname}${clean.search}`, cookie);
  }

  if (route.kind === "rewrite") {
    context.locals.language = route.language;
    context.locals.languagePrefix = `/${route.language}`;
    const response = await next(`${route.path}${search}`);
    // A page that sends the visitor elsewhere in the shop (`/{seller}/…`) keeps them in their language.
    const location = response.headers.get("Location");
    const kept = location
      ? locationInLanguage(location, context.url.origin, slug, route.language, languages)
      : undefined;
    return kept === undefined
      ? response
      : withEditedHeaders(response, (headers) => headers.set("Location", kept));
  }
  context.locals.language = fallback;
  if (languages.length > 1 && isPageNavigation(context.request)) {
    const remembered = context.cookies.get(LANGUAGE_COOKIE)?.value;
    const preferred =
      remembered && hasLanguage(tenant, remembered)
        ? remembered
        : negotiateLanguage(context.request.headers.get("accept-language"), languages);
    if (preferred && preferred !== fallback) {
      return redirect(302, `${pathInLanguage(pathname, preferred, fallback)}${search}`);
    }
  }
  return next();
};

/**
 * A redirect's location on this shop's unprefixed pages, in the page's language; undefined when it
 * goes elsewhere (another site, another shop, the back office, already in a language).
 */
function locationInLanguage(
  location: string,
  origin: string,
  slug: string,
  language: Language,
  languages: readonly Language[],
): string | undefined {
  if (!URL.canParse(location, origin)) return undefined;
  const url = new URL(location, origin);
  if (url.origin !== origin) return undefined;
  const inShop = url.pathname === `/${slug}` || url.pathname.startsWith(`/${slug}/`);
  if (!inShop || languageNeutral(url.pathname.slice(slug.length + 1))) return undefined;
  if (languageRoute(url.pathname, languages).kind !== "unprefixed") return undefined;
  const path = pathInLanguage(url.pathname, language, languages[0] ?? language);
  return location.startsWith("/")
    ? `${path}${url.search}${url.hash}`
    : `${url.origin}${path}${url.search}${url.hash}`;
}

/**
 * Whether the fast path may answer an unprefixed page from the shared copy: not when the request
 * would be sent to another language (its Accept-Language prefers one the shop speaks other than
 * the default). The fast path never answers a request with a cookie.
 */
export function defaultLanguageServes(pathname: string, acceptLanguage: string | undefined): boolean {
  const slug = pathname.split("/")[1] ?? "";
  const tenant = slug ? getTenant(slug) : undefined;
  if (!tenant) return true;
  const languages = tenantLanguages(tenant);
  if (languages.length < 2) return true;
  const preferred = negotiateLanguage(acceptLanguage, languages);
  return !preferred || preferred === defaultLanguage(tenant);
}
