/**
 * Rate limits of the account calls (issue 5: "Login attempts and passcode requests are rate
 * limited per account and per address. Going past the limit gives a clear error and never shows
 * whether the account exists"). Every number is here. The account key is the seller plus the
 * lower-cased e-mail (or member ID), counted whether or not such an account exists, so a refusal
 * looks the same for known and unknown accounts. Counts live in the database (DESIGN §10).
 *
 * | call | per account | per address |
 * |---|---|---|
 * | login (password, member ID) | 10 / 15 min (cleared by a successful login) | 50 / 15 min |
 * | login/verify_otp | 10 / 15 min (the challenge's e-mail) | 50 / 15 min |
 * | login/request_otp | 5 / 15 min | 20 / 15 min |
 * | password_reset/request | 5 / 15 min | 20 / 15 min |
 * | ticket_order/resend (also forgot-membership) | 5 / 15 min | 20 / 15 min |
 * | POST user | 5 / 15 min | 10 / 15 min |
 * | guest_account password-setup mail | 1 / 10 min (per identity; the answer is the same) | - |
 *
 * Over a limit: 429 `rate_limited`, Retry-After, "Too many attempts. Please wait a minute and try again."
 */
import type { Context } from "hono";
import { MESSAGES } from "../../../domain/login-input.ts";
import type { Executor } from "../../db/seed/helpers.ts";
import { ApiError } from "../../http/errors.ts";
import {
  clearRateLimit,
  hitRateLimit,
  hitRateLimits,
  perAddress,
  type RateLimitRule,
} from "../../security/rate-limit.ts";

const MIN15 = 15 * 60;

export type LimitedCall =
  | "login"
  | "verify_otp"
  | "request_otp"
  | "password_reset"
  | "resend"
  | "create_user";

export const AUTH_LIMITS: Record<LimitedCall, { account: RateLimitRule; address: RateLimitRule }> = {
  login: { account: { limit: 10, windowSeconds: MIN15 }, address: { limit: 50, windowSeconds: MIN15 } },
  verify_otp: { account: { limit: 10, windowSeconds: MIN15 }, address: { limit: 50, windowSeconds: MIN15 } },
  request_otp: { account: { limit: 5, windowSeconds: MIN15 }, address: { limit: 20, windowSeconds: MIN15 } },
  password_reset: {
    account: { limit: 5, windowSeconds: MIN15 },
    address: { limit: 20, windowSeconds: MIN15 },
  },
  resend: { account: { limit: 5, windowSeconds: MIN15 }, address: { limit: 20, windowSeconds: MIN15 } },
  create_user: { account: { limit: 5, windowSeconds: MIN15 }, address: { limit: 10, windowSeconds: MIN15 } },
};

/** At most one password-setup mail per guest identity per 10 minutes. */
export const GUEST_SETUP_MAIL: RateLimitRule = { limit: 1, windowSeconds: 10 * 60 };

export const accountKey = (call: LimitedCall, sellerId: string, account: string) =>
  `${call}:acct:${sellerId}:${account.trim().toLowerCase()}`;
export const addressKey = (call: LimitedCall, address: string) => `${call}:addr:${address}`;

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", MESSAGES.rateLimited, {
    context: "rate_limit",
    extra: { retry_after: retryAfterSeconds },
  });

export interface LimitSubject {
  sellerId: string;
  address: string;
  /** The e-mail or member ID; omitted when the call names no account (an unknown passcode token). */
  account?: string;
}

/** Counts one hit of `call`; over any limit: Retry-After and 429 `rate_limited`. */
export async function enforceLimit(
  c: Context,
  db: Executor,
  call: LimitedCall,
  subject: LimitSubject,
  now: Date,
): Promise<void> {
  const rules = AUTH_LIMITS[call];
  const hits = [{ key: addressKey(call, subject.address), rule: perAddress(rules.address) }];
  if (subject.account !== undefined) {
    hits.push({ key: accountKey(call, subject.sellerId, subject.account), rule: rules.account });
  }
  const result = await hitRateLimits(db, hits, now);
  if (!result.allowed) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw rateLimited(result.retryAfterSeconds);
  }
}

/** A successful login forgets the account's failed attempts. */
export function clearLoginLimit(db: Executor, sellerId: string, account: string): Promise<void> {
  return clearRateLimit(db, accountKey("login", sellerId, account));
}

/** Whether a guest's password-setup mail may go out now (one per 10 minutes). */
export async function mayMailGuestSetup(db: Executor, identityId: string, now: Date): Promise<boolean> {
  return (await hitRateLimit(db, `guest-setup:${identityId}`, GUEST_SETUP_MAIL, now)).allowed;
}
