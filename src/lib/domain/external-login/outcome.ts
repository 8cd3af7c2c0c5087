/**
 * External login outcomes, free of I/O (spec 2 §8 "External login": 'Please enable
 * cookies and try again'; 'Auth0 could not be initialized. Please try again.'; "An Invalid state
 * error navigates forward, with the session message shown for about 5 seconds. Tenant auth error
 * redirect wait is 5 s."):
 * - the error codes of the start and callback calls and what the callback page does with each;
 * - whether a provider's `email_verified` claim says yes;
 * - the names a new identity takes from the provider's claims.
 */

/** A login attempt lives this long between the start route and the callback. */
export const EXTERNAL_LOGIN_FLOW_LIFETIME_S = 10 * 60;

/** Spec 2 §8: the invalid-state message and a provider's auth error show this long before moving on. */
export const EXTERNAL_LOGIN_FORWARD_WAIT_S = 5;

export const EXTERNAL_LOGIN_ERRORS = {
  /** The callback came without the browser's flow cookie. */
  cookies: "cookies_required",
  /** The provider cannot be reached or its answers do not check out (discovery, token, ID token). */
  unavailable: "external_login_unavailable",
  /** Unknown, forged, reused or expired `state`, or a flow of another browser. */
  invalidState: "invalid_state",
  /** The provider does not vouch for the e-mail (`email_verified` not true). */
  unverified: "email_not_verified",
  /** The provider answered the callback with an error (the visitor cancelled, access denied). */
  refused: "external_login_refused",
} as const;

export type ExternalLoginErrorCode = (typeof EXTERNAL_LOGIN_ERRORS)[keyof typeof EXTERNAL_LOGIN_ERRORS];

export type ExternalLoginMessageKey =
  | "login.external.cookies"
  | "login.external.initFailed"
  | "login.external.initFailedOther"
  | "login.external.invalidState"
  | "login.external.unverified"
  | "login.external.refused";

export interface CallbackFailureView {
  /** The tenant string shown. */
  message: ExternalLoginMessageKey;
  /**
   * Spec 2 §8: after EXTERNAL_LOGIN_FORWARD_WAIT_S the page moves on by itself: forward (to the
   * return path) for an invalid state, back to the login page for the provider's auth error.
   * Null: the page stays, with a way to try again.
   */
  after: "forward" | "login" | null;
}

/** What the callback page shows for a failed callback (an unknown code reads as the provider failing). */
export function callbackFailureView(code: string, provider: "auth0" | "other"): CallbackFailureView {
  switch (code) {
    case EXTERNAL_LOGIN_ERRORS.cookies:
      return { message: "login.external.cookies", after: null };
    case EXTERNAL_LOGIN_ERRORS.invalidState:
      return { message: "login.external.invalidState", after: "forward" };
    case EXTERNAL_LOGIN_ERRORS.unverified:
      return { message: "login.external.unverified", after: null };
    case EXTERNAL_LOGIN_ERRORS.refused:
      return { message: "login.external.refused", after: "login" };
    default:
      return { message: initFailedKey(provider), after: null };
  }
}

/** The initialisation text: the spec's own for an Auth0 tenant, the neutral one with the label otherwise. */
export function initFailedKey(
  provider: "auth0" | "other",
): "login.external.initFailed" | "login.external.initFailedOther" {
  return provider === "auth0" ? "login.external.initFailed" : "login.external.initFailedOther";
}

/**
 * OpenID Connect Core §5.1: `email_verified` is a boolean. Some providers send the string "true";
 * anything else (absent, false, "false", 1) is not a yes.
 */
export function isEmailVerified(claim: unknown): boolean {
  return claim === true || claim === "true";
}

export interface ClaimNames {
  firstName: string | null;
  lastName: string | null;
}

const NAME_MAX = 100;

function clean(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim().slice(0, NAME_MAX);
  return trimmed === "" ? null : trimmed;
}

/** given_name and family_name, else `name` split at its last space. */
export function namesFromClaims(claims: Record<string, unknown>): ClaimNames {
  const first = clean(claims.given_name);
  const last = clean(claims.family_name);
  if (first || last) return { firstName: first, lastName: last };
  const full = clean(claims.name);
  if (!full) return { firstName: null, lastName: null };
  const cut = full.lastIndexOf(" ");
  return cut > 0
    ? { firstName: full.slice(0, cut).trim(), lastName: full.slice(cut + 1).trim() }
    : { firstName: full, lastName: null };
}

/** A usable e-mail claim: a string with one @ and no whitespace, at most 254 characters. */
export function emailFromClaims(claims: Record<string, unknown>): string | null {
  const email = claims.email;
  if (typeof email !== "string") return null;
  const trimmed = email.trim();
  return trimmed.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(trimmed) ? trimmed : null;
}

/** The login button's target: the start call with the seller and the return path (the cart id is added on click). */
export function externalLoginStartHref(seller: string, returnPath: string, cartId?: string): string {
  const params = new URLSearchParams({ _seller: seller, return: returnPath });
  if (cartId) params.set("cart_id", cartId);
  return `/api/login/external/start?${params.toString()}`;
}

/**
 * Where the callback page may send the visitor on (an answer's `_extra.redirect`): a path of the
 * seller only, else its events page.
 */
export function callbackNextPath(value: unknown, seller: string, base: string = `/${seller}`): string {
  const fallback = `${base}/events`;
  if (typeof value !== "string" || value.length > 2000) return fallback;
  // `base` is the router base: `/{seller}`, or "" on the tenant's own host name.
  if (!value.startsWith(`${base}/`) && (base === "" || value !== base)) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
  if (/[\u0000-\u001f\u007f\\]|\/\//.test(value)) return fallback;
  return value;
}
