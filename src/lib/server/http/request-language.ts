/**
 * The language of an API call (DESIGN §13): `_lang`, which the browser's client adds on a page in a
 * language other than the tenant's default (lib/api/browser.ts), when it is one of the tenant's;
 * else the default. In the query, not a header, so a cached catalogue answer's address names its
 * language and a CDN keeps the languages apart.
 */
import type { Context } from "hono";
import { askedLanguage, type Language, tenantAsAsked } from "../../tenant/languages.ts";
import type { Tenant } from "../../tenant/schema.ts";

export function requestLanguage(c: Pick<Context, "req">, tenant: Tenant): Language {
  return askedLanguage(tenant, c.req.query("_lang"));
}

/**
 * The tenant as the call's language shows it: its strings and locale in that language. The default
 * language too is the localized tenant, as the pages use it: a tenant whose default is not English
 * (Sidra, Arabic) keeps only its own overrides in `strings`, Foyer's Arabic comes with localizing.
 */
export function requestTenant(c: Pick<Context, "req">, tenant: Tenant): Tenant {
  return tenantAsAsked(tenant, c.req.query("_lang"));
}
