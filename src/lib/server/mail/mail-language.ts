/**
 * The language a mail is written in (DESIGN §13): an order's mails speak the language it was bought
 * in (`ticket_order.language`), a waiting-list entry's the one it was joined in, an account mail the
 * API call's. Null, or a language the tenant no longer offers, is its default language. The mail is
 * rendered for the localized tenant, so every `t()` and every formatter given its `locale` speaks it.
 */
import {
  defaultLanguage,
  hasLanguage,
  type LocalizedTenant,
  languageOf,
  localizedTenant,
} from "../../tenant/languages.ts";
import { getTenant } from "../../tenant/load.ts";
import type { Tenant } from "../../tenant/schema.ts";

/** The tenant in `language` (else its default language's); undefined without a tenant file. */
export function tenantIn(tenant: Tenant | undefined, language?: string | null): LocalizedTenant | undefined {
  if (!tenant) return undefined;
  const lang = language && hasLanguage(tenant, language) ? language : defaultLanguage(tenant);
  return localizedTenant(tenant, lang);
}

/** The seller's tenant in `language`; undefined when the seller has no tenant file (tests, demos). */
export function mailTenant(sellerSlug: string, language?: string | null): LocalizedTenant | undefined {
  let tenant: Tenant | undefined;
  try {
    tenant = getTenant(sellerSlug);
  } catch {
    tenant = undefined;
  }
  return tenantIn(tenant, language);
}

/**
 * A storefront route (`/login`, `/manage/…`, under the seller) in the mail's language: the
 * default language's stays as it is, another gets its `/{lang}` segment, the page's address in that
 * language (domain/language-route.ts).
 */
export function routeInLanguage(
  tenant: (Pick<Tenant, "languages" | "locale"> & { language?: string }) | undefined,
  route: string,
): string {
  if (!tenant) return route;
  const lang = tenant.language ?? defaultLanguage(tenant);
  // pathInLanguage's rule for a route under `/{seller}`: the language's segment comes first.
  return lang === defaultLanguage(tenant) ? route : `/${lang}${route}`;
}

/** What an order's mail needs of its language: its words and brand, and the locales of its formatters. */
export interface MailLanguage {
  /** The tenant in the mail's language; undefined without a tenant file (the English defaults). */
  tenant: Tenant | undefined;
  /** The locale of times and dates (the tenant's, in the mail's language). */
  locale: string | undefined;
  /**
   * The locale of amounts: an English mail keeps the format it always had (the formatter's
   * default), a mail in another language the language's own.
   */
  moneyLocale: string | undefined;
  /** The seller's name in the mail's language: the stored name, or the tenant's translated one. */
  sellerName: (stored: string) => string;
}

export function mailLanguage(sellerSlug: string, language?: string | null): MailLanguage {
  const tenant = mailTenant(sellerSlug, language);
  const lang = tenant ? languageOf(tenant) : "en";
  const isDefault = !tenant || lang === defaultLanguage(tenant);
  return {
    tenant,
    locale: tenant?.locale,
    moneyLocale: lang === "en" ? undefined : tenant?.locale,
    sellerName: (stored) => (isDefault || !tenant ? stored : tenant.name),
  };
}
