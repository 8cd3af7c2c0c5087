/**
 * The language a page's API reads ask for (DESIGN §13): the page's, when it is not the tenant's
 * default, else undefined, so the default language's reads keep their addresses (and their cached
 * answers). A page's tenant is already localized (locals.tenant on a `/{seller}/{lang}/…` page).
 */
import { defaultLanguage, languageOf } from "../../tenant/languages.ts";
import type { Tenant } from "../../tenant/schema.ts";

export function pageLanguage(tenant: Tenant | undefined): string | undefined {
  if (!tenant) return undefined;
  const language = languageOf(tenant);
  return language === defaultLanguage(tenant) ? undefined : language;
}
