/**
 * Server-side glue of the account pages (/user/*, /resend, /logout, /my/*): the account calls made
 * in process with the visitor's cookie and address (so the API sees the same caller and rate-limit
 * subject as the browser's own calls), who is logged in, and the account strings the islands get.
 * Server only.
 */
import type { AstroGlobal } from "astro";
import type { AccountStrings } from "../../../../islands/account/account-strings.ts";
import { type AuthApi, authApi } from "../../../api/auth/client.ts";
import type { IdentityResource } from "../../../api/auth/schemas.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { isResetLinkInvalid, isResetTokenShape } from "../../../domain/account-forms.ts";
import { PRIVATE_PAGE_CACHE_CONTROL } from "../../../pages/page-context.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { stringSubset } from "../../../tenant/strings.ts";
import { logger } from "../../log/logger.ts";
import { SESSION_COOKIE } from "../../services/identity/identity.ts";
import { clientAddressOf, visitorClient } from "../client.ts";

type PageContext = Pick<AstroGlobal, "request" | "cookies" | "clientAddress" | "locals">;

/** The account calls as this visitor: their cookie, their address, straight into the API app. */
export function visitorAuth(context: PageContext, seller: string): AuthApi {
  const client = visitorClient({
    cookie: context.request.headers.get("cookie"),
    clientAddress: clientAddressOf(context),
  });
  return authApi(client, seller);
}

/**
 * The logged-in identity (GET my/user), or null for a visitor without a session for this seller. A session the API
 * refuses (401, another seller's, revoked) reads as logged out; other failures are real errors.
 */
export async function currentIdentity(
  context: PageContext,
  seller: string,
): Promise<IdentityResource | null> {
  // The middleware already resolved the cookie: no session for this seller, no call.
  if (!context.locals.viewer) return null;
  try {
    const answer = await visitorAuth(context, seller).me();
    return answer.identity._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

export type ResetLink = { valid: true; email: string } | { valid: false };

/** POST password_reset/validate before the form shows (spec 2 §8 "Reset link invalid"). */
export async function checkResetLink(
  context: PageContext,
  seller: string,
  token: string,
): Promise<ResetLink> {
  if (!isResetTokenShape(token)) return { valid: false };
  try {
    const answer = await visitorAuth(context, seller).validateResetToken(token);
    return { valid: true, email: answer.identity.email };
  } catch (error) {
    if (error instanceof ApiClientError && isResetLinkInvalid(error)) return { valid: false };
    throw error;
  }
}

/** POST logout as this visitor, then the cookie is cleared here too (whatever the API answered). */
export async function logOut(context: PageContext, seller: string): Promise<void> {
  try {
    await visitorAuth(context, seller).logout();
  } catch (error) {
    // Already logged out (401) is fine; anything else is logged without personal data.
    if (!(error instanceof ApiClientError) || error.status >= 500 || error.status === 0) {
      logger.error(
        {
          status: error instanceof ApiClientError ? error.status : 0,
          code: error instanceof ApiClientError ? error.code : "unexpected",
          ...(error instanceof ApiClientError ? {} : { err: error }),
        },
        "account.logout_failed",
      );
    }
  }
  context.cookies.delete(SESSION_COOKIE, { path: "/" });
}

/** Every "account." string, resolved for the tenant, so the islands never ship the whole table. */
export function accountStrings(tenant: Tenant): AccountStrings {
  return stringSubset(tenant, isAccountStringKey);
}

function isAccountStringKey(key: string): key is keyof AccountStrings {
  return key.startsWith("account.");
}

/** A redirect that no cache keeps (it depends on the session). */
export function privateRedirect(location: string, status: 302 | 303 = 302): Response {
  return new Response(null, {
    status,
    headers: { Location: location, "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL },
  });
}
