/**
 * A tenant's languages (DESIGN §13): the tenant file lists them, the first being the default. Each
 * language other than the default has its own address, `/{seller}/{lang}/…`; the default keeps
 * `/{seller}/…`. A page is rendered for a *localized tenant*: the same tenant with its strings,
 * locale, name and texts in one language, so every `t(tenant, key)` and every `Intl` call that
 * reads `tenant.locale` speaks that language without knowing languages exist.
 */
import { builtInStrings, isRtlLanguage, type Language, SUPPORTED_LANGUAGES } from "./locales/index.ts";
import type { Tenant } from "./schema.ts";

export { isRtlLanguage, type Language, SUPPORTED_LANGUAGES };

/** A tenant as one language shows it. */
export type LocalizedTenant = Tenant & { readonly language: Language };

const isLanguage = (value: string): value is Language =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The primary language subtag of a locale: "en-GB" → "en". */
function primaryOf(locale: string): string {
  return (locale.split("-")[0] ?? locale).toLowerCase();
}

/** The tenant's languages, the default first: the `languages` it lists, or its locale's language. */
export function tenantLanguages(tenant: Pick<Tenant, "languages" | "locale">): readonly Language[] {
  if (tenant.languages && tenant.languages.length > 0) return tenant.languages;
  const primary = primaryOf(tenant.locale);
  return [isLanguage(primary) ? primary : "en"];
}

export function defaultLanguage(tenant: Pick<Tenant, "languages" | "locale">): Language {
  return tenantLanguages(tenant)[0] ?? "en";
}

/** The language a call asked for (`_lang`) when it is one of the tenant's, else the default. */
export function askedLanguage(
  tenant: Pick<Tenant, "languages" | "locale">,
  asked: string | undefined,
): Language {
  return asked && hasLanguage(tenant, asked) ? asked : defaultLanguage(tenant);
}

/** The language a (possibly localized) tenant object speaks. */
export function languageOf(tenant: Tenant): Language {
  return (tenant as Partial<LocalizedTenant>).language ?? defaultLanguage(tenant);
}

/** Whether `lang` is one of the tenant's languages (a path segment or a stored order's language). */
export function hasLanguage(tenant: Pick<Tenant, "languages" | "locale">, lang: string): lang is Language {
  return (tenantLanguages(tenant) as readonly string[]).includes(lang);
}

/**
 * The `Intl` locale of one of the tenant's languages: the one `language_locales` names, else the
 * tenant's locale when it is in that language ("en-GB" for English at the zoo), else the language
 * with the tenant locale's region ("cy" + "GB"), which `Intl` resolves or falls back from.
 */
export function localeFor(tenant: Pick<Tenant, "locale" | "language_locales">, lang: Language): string {
  const named = tenant.language_locales[lang];
  if (named) return named;
  if (primaryOf(tenant.locale) === lang) return tenant.locale;
  const region = tenant.locale.split("-")[1];
  return region ? `${lang}-${region}` : lang;
}

const localized = new WeakMap<Tenant, Map<Language, LocalizedTenant>>();
/** The tenant file's object a localized tenant was made from. */
const fileTenant = new WeakMap<Tenant, Tenant>();

/**
 * The tenant in `lang` (kept per tenant object and language, so the memos keyed by a tenant object
 * keep working per language). Strings: Foyer's own translation, then the tenant's overrides (its
 * `strings` speak the default language; `translations[lang].strings` any other), each falling back
 * to the English default key by key. The tenant's name, description and texts fall back to the
 * default language's.
 */
export function localizedTenant(given: Tenant, lang: Language): LocalizedTenant {
  // A tenant already in a language is made from its tenant file's, not from its own words.
  const tenant = fileTenant.get(given) ?? given;
  let byLanguage = localized.get(tenant);
  if (!byLanguage) {
    byLanguage = new Map();
    localized.set(tenant, byLanguage);
  }
  const kept = byLanguage.get(lang);
  if (kept) return kept;
  const isDefault = lang === defaultLanguage(tenant);
  const own = tenant.translations[lang];
  const strings: Record<string, string> = {
    ...builtInStrings(lang),
    ...(isDefault ? tenant.strings : {}),
    ...(own?.strings ?? {}),
  };
  const web = own?.web
    ? {
        ...tenant.web,
        ...(own.web.terms_and_conditions_dialog_content !== undefined && {
          terms_and_conditions_dialog_content: own.web.terms_and_conditions_dialog_content,
        }),
        ...(own.web.session_picker_tabs &&
          tenant.web.session_picker_tabs && {
            session_picker_tabs: { ...tenant.web.session_picker_tabs, ...own.web.session_picker_tabs },
          }),
      }
    : tenant.web;
  const result: LocalizedTenant = Object.freeze({
    ...tenant,
    name: own?.name ?? tenant.name,
    description: own?.description ?? tenant.description,
    theme: own?.logo_text ? { ...tenant.theme, logoText: own.logo_text } : tenant.theme,
    locale: localeFor(tenant, lang),
    strings,
    web,
    language: lang,
  });
  byLanguage.set(lang, result);
  fileTenant.set(result, tenant);
  return result;
}

/**
 * The tenant in the language a call asks for (an API call's `_lang`) when it is one of the
 * tenant's, else in its default language: its strings and locale in that language.
 */
export function tenantAsAsked(tenant: Tenant, asked: string | undefined): LocalizedTenant {
  return localizedTenant(tenant, asked && hasLanguage(tenant, asked) ? asked : defaultLanguage(tenant));
}

/**
 * The visitor's language among the tenant's, from an `Accept-Language` header (RFC 9110: ranges
 * with q-values; "es-MX" matches "es"; q=0 refuses), or undefined when nothing matches.
 */
export function negotiateLanguage(
  header: string | null | undefined,
  languages: readonly Language[],
): Language | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: primaryOf(range.trim()), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.lang !== "" && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    if (range.lang === "*") return languages[0];
    const match = languages.find((lang) => lang === range.lang);
    if (match) return match;
  }
  return undefined;
}
