/**
 * What every account call needs: the database, the time, the seller (from `_seller`), the tenant's
 * login modes, the caller's address (per-address limits) and the storefront origin for mail links.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { defaultLanguage, languageOf, tenantAsAsked } from "../../../tenant/languages.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { mailLinkOrigin } from "../../config/origins.ts";
import type { Db } from "../../db/client.ts";
import type { MailSeller } from "../../mail/account-mails.ts";
import { mailTenant, tenantIn } from "../../mail/mail-language.ts";
import { clientAddress } from "../../request/client-address.ts";
import type { ApiEnv } from "../../request/env.ts";
import { mailOriginFor } from "../../tenant-hosts/links.ts";
import { cachedSeller } from "../cart/static-rows.ts";
import type { SellerRow } from "../catalogue/reads.ts";
import { type Caller, resolveCaller, SESSION_COOKIE } from "../identity/identity.ts";

export interface AuthCall {
  c: Context<ApiEnv>;
  db: Db;
  now: Date;
  seller: SellerRow;
  /** The seller's tenant (its strings give the errors' words); undefined without a tenant file. */
  tenant?: Tenant | undefined;
  /** The tenant's web.login_modes; empty when the seller has no tenant file (login disabled). */
  modes: readonly string[];
  address: string;
  /** Where links in mails point: a configured origin (linkOrigin), never the request's Host. */
  origin: string;
}

/**
 * The origin for links in mails: a configured origin only (PUBLIC_URL; in the demo with nothing
 * configured, loopback origins), never one a request's Host header names (config/origins.ts).
 * `extraOrigins` is the seam for a tenant's own host names.
 */
export function linkOrigin(
  requestUrl: string,
  env: NodeJS.ProcessEnv = process.env,
  extraOrigins: readonly string[] = [],
): string {
  return mailLinkOrigin(requestUrl, { env, extraOrigins });
}

export async function authCall(c: Context<ApiEnv>, sellerRef: string | undefined): Promise<AuthCall> {
  const { db, clock } = c.get("deps");
  const seller = await cachedSeller(db, sellerRef);
  const own = getTenant(seller.slug);
  // The errors' words in the call's language (`_lang`, as http/request-language.ts reads it).
  const tenant = own && tenantAsAsked(own, c.req.query("_lang"));
  return {
    c,
    db,
    now: clock.now(),
    seller,
    tenant,
    modes: tenant?.web.login_modes ?? [],
    address: clientAddress(c),
    // The tenant's own host name when it lists one, else the configured origin.
    origin: mailOriginFor(seller.slug, c.req.url),
  };
}

/**
 * The seller as the call's mails name it, with the tenant in the call's language (`_lang`, which
 * the storefront's client adds on a page in a language other than the default; one the tenant
 * doesn't offer is its default): the login link, password and account mails speak it.
 */
export function mailSellerOf(
  call: Pick<AuthCall, "seller"> & Partial<Pick<AuthCall, "c" | "tenant">>,
): MailSeller {
  const asked = call.c?.req.query("_lang");
  const words = call.tenant ? tenantIn(call.tenant, asked) : mailTenant(call.seller.slug, asked);
  const isDefault = !words || languageOf(words) === defaultLanguage(words);
  return {
    id: call.seller.id,
    slug: call.seller.slug,
    name: isDefault ? call.seller.name : words.name,
    words,
  };
}

export function sessionToken(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** The logged-in identity at this seller, or null (a session of another seller does not count). */
export async function loggedInAt(call: AuthCall): Promise<string | null> {
  const caller: Caller = await resolveCaller(call.db, sessionToken(call.c), call.now);
  return caller.identityId && caller.sellerId === call.seller.id ? caller.identityId : null;
}
