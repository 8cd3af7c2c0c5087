/**
 * Rate limits of the account calls ("Login attempts and passcode requests are rate
 * limited per account and per address. Going past the limit gives a clear error and never shows
 * whether the account exists"), keeping brute force out without handing a stranger a way to
 * lock anyone out. Every number is here. The account is the seller plus the lower-cased e-mail
 * (or member ID), counted whether or not such an account exists, so a refusal looks the same for
 * known and unknown accounts. Counts live in the database (DESIGN §10).
 *
 * No limit is per account alone, because anyone can name any account: ten wrong passwords from a
 * stranger must not lock the owner out. Instead every call counts three ways:
 * - per address, whatever the account: one address spraying many accounts;
 * - per account and address together: one address guessing one account's password (a successful
 *   login clears this count);
 * - per account from all addresses: a guesser spread over many addresses. Past this ceiling the
 *   account is under attack, and that only slows: an address that has already tried the account a
 *   few times in its window is refused, while an address that has not (the owner) is served. The
 *   reset and passcode routes have their own counts, so they stay open to the owner too.
 *
 * | call | per address | per account and address | per account, all addresses | under attack, per account and address |
 * |---|---|---|---|---|
 * | login (password, member ID) | 50 / 15 min | 10 / 15 min (cleared by a successful login) | 100 / 15 min | 3 |
 * | login/verify_otp | 50 / 15 min | 10 / 15 min (the challenge's e-mail) | 100 / 15 min | 3 |
 * | login/request_otp | 20 / 15 min | 5 / 15 min | 20 / 15 min | 2 |
 * | password_reset/request | 20 / 15 min | 5 / 15 min | 20 / 15 min | 2 |
 * | ticket_order/resend (also forgot-membership) | 20 / 15 min | 5 / 15 min | 20 / 15 min | 2 |
 * | POST user | 10 / 15 min | 5 / 15 min | 20 / 15 min | 2 |
 * | password_reset/validate | 30 / 15 min | - | - | - |
 * | password_reset/reset | 10 / 15 min | - | - | - |
 * | proof of an e-mail or password change (current password or code; the account is the identity) | 30 / 15 min | 10 / 15 min | 20 / 15 min | 3 |
 * | my/user/change_code (a code to the current address) | 20 / 15 min | 5 / 15 min | 10 / 15 min | 2 |
 * | email_change/undo | 10 / 15 min | - | - | - |
 * | guest_account password-setup mail | - | - | 1 / 10 min per identity (the answer is the same) | - |
 *
 * A reset token is 32 random bytes, so it cannot be guessed; the validate and reset limits are per
 * address only and keep a script from hammering the routes (reset hashes a password with argon2).
 * Per-address numbers (the per-address, per account and address, and under-attack columns) scale
 * with RATE_LIMIT_ADDRESS_FACTOR (rate-limit.ts). Over a limit: 429 `rate_limited`, Retry-After,
 * `_extra.retry_after`, "Too many attempts. Please wait a minute and try again."
 */
import type { Context } from "hono";
import type { Tenant } from "../../../tenant/schema.ts";
import type { Executor } from "../../db/executor.ts";
import {
  addressBucket,
  clearRateLimit,
  hitRateLimit,
  perAddress,
  type RateLimitResult,
  type RateLimitRule,
  rateLimited,
} from "../../security/rate-limit.ts";

const MIN15 = 15 * 60;
const per15min = (limit: number): RateLimitRule => ({ limit, windowSeconds: MIN15 });

export type LimitedCall =
  | "login"
  | "verify_otp"
  | "request_otp"
  | "password_reset"
  | "resend"
  | "create_user"
  | "reset_validate"
  | "reset"
  | "change_proof"
  | "change_code"
  | "undo_email_change";

export interface AccountRules {
  /** Calls naming one account from one address. */
  accountAddress: RateLimitRule;
  /** Calls naming one account from all addresses; past it the account is under attack. */
  account: RateLimitRule;
  /** Under attack, an address with more calls than this for the account (in its window) is refused. */
  underAttack: number;
}

export interface CallLimits {
  /** Every call from one address, whatever account it names. */
  address: RateLimitRule;
  /** Absent for calls that name no account (the reset-token routes). */
  account?: AccountRules;
}

const guessed = (perAccountAddress: number, perAccount: number, underAttack: number): AccountRules => ({
  accountAddress: per15min(perAccountAddress),
  account: per15min(perAccount),
  underAttack,
});

export const AUTH_LIMITS: Record<LimitedCall, CallLimits> = {
  login: { address: per15min(50), account: guessed(10, 100, 3) },
  verify_otp: { address: per15min(50), account: guessed(10, 100, 3) },
  request_otp: { address: per15min(20), account: guessed(5, 20, 2) },
  password_reset: { address: per15min(20), account: guessed(5, 20, 2) },
  resend: { address: per15min(20), account: guessed(5, 20, 2) },
  create_user: { address: per15min(10), account: guessed(5, 20, 2) },
  reset_validate: { address: per15min(30) },
  reset: { address: per15min(10) },
  change_proof: { address: per15min(30), account: guessed(10, 20, 3) },
  change_code: { address: per15min(20), account: guessed(5, 10, 2) },
  undo_email_change: { address: per15min(10) },
};

/** At most one password-setup mail per guest identity per 10 minutes. */
export const GUEST_SETUP_MAIL: RateLimitRule = { limit: 1, windowSeconds: 10 * 60 };

const accountOf = (sellerId: string, account: string) => `${sellerId}:${account.trim().toLowerCase()}`;
export const accountKey = (call: LimitedCall, sellerId: string, account: string) =>
  `${call}:acct:${accountOf(sellerId, account)}`;
export const accountAddressKey = (call: LimitedCall, sellerId: string, account: string, address: string) =>
  `${call}:acct:${accountOf(sellerId, account)}:addr:${addressBucket(address)}`;
export const addressKey = (call: LimitedCall, address: string) => `${call}:addr:${addressBucket(address)}`;

export interface LimitSubject {
  sellerId: string;
  address: string;
  /** The e-mail or member ID; omitted when the call names no account (an unknown passcode token). */
  account?: string;
  /** The seller's tenant, whose strings give the refusal's words. */
  words?: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined;
}

const refusal = (seconds: number): RateLimitResult => ({
  allowed: false,
  count: 0,
  retryAfterSeconds: Math.max(1, seconds),
  resetsInSeconds: Math.max(1, seconds),
});

/** Counts one call of `call` by `subject` and answers whether it may go on (see the table above). */
export async function checkLimit(
  db: Executor,
  call: LimitedCall,
  subject: LimitSubject,
  now: Date,
): Promise<RateLimitResult> {
  const rules = AUTH_LIMITS[call];
  const address = await hitRateLimit(db, addressKey(call, subject.address), perAddress(rules.address), now);
  if (!address.allowed) return address;
  if (!rules.account || subject.account === undefined) return address;
  const { accountAddress: pairRule, account: accountRule, underAttack } = rules.account;
  const pair = await hitRateLimit(
    db,
    accountAddressKey(call, subject.sellerId, subject.account, subject.address),
    perAddress(pairRule),
    now,
  );
  if (!pair.allowed) return pair;
  const account = await hitRateLimit(
    db,
    accountKey(call, subject.sellerId, subject.account),
    accountRule,
    now,
  );
  const strict = perAddress({ ...pairRule, limit: underAttack }).limit;
  if (!account.allowed && pair.count > strict) {
    // Lifted when either this address's window for the account or the attack's window runs out.
    return refusal(Math.min(pair.resetsInSeconds, account.resetsInSeconds));
  }
  return pair;
}

/** Counts one call of `call`; over a limit: Retry-After and 429 `rate_limited`. */
export async function enforceLimit(
  c: Context,
  db: Executor,
  call: LimitedCall,
  subject: LimitSubject,
  now: Date,
): Promise<void> {
  const result = await checkLimit(db, call, subject, now);
  if (!result.allowed) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw rateLimited(result.retryAfterSeconds, subject.words);
  }
}

/** A successful login forgets this address's attempts at the account. */
export function clearLoginLimit(
  db: Executor,
  sellerId: string,
  account: string,
  address: string,
): Promise<void> {
  return clearRateLimit(db, accountAddressKey("login", sellerId, account, address));
}

/** Whether a guest's password-setup mail may go out now (one per 10 minutes). */
export async function mayMailGuestSetup(db: Executor, identityId: string, now: Date): Promise<boolean> {
  return (await hitRateLimit(db, `guest-setup:${identityId}`, GUEST_SETUP_MAIL, now)).allowed;
}
