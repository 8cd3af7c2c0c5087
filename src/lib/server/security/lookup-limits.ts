/**
 * Guessing brakes on lookups of secrets a shopper types: gift-card numbers (GET ledger/{type}/{number},
 * checkout and pay with the ledger gateway) and codes (GET code/{code}, apply_code, and the codes of
 * a cart modify: pre-, post-reserve and preloaded promo codes, the voucher of a code-required
 * ticket, CityPASS vouchers among them). "A limit must slow the guesser, not every shopper."
 *
 * A shopper tries a card number or a handful of codes and most of them exist; a guesser tries
 * thousands and nearly all of them miss. So the brake counts, per client address (bucketed:
 * rate-limit.ts addressBucket) and seller:
 * 1. every lookup, found or not (each code of a list counts): a burst from one address stops at once;
 * 2. the lookups that missed (not found, expired, used up, not a CityPASS number), over a longer
 *    window: a patient guesser from one address is capped at a few dozen misses an hour;
 * and per seller, from all addresses together, only the misses:
 * 3. past the seller's miss ceiling the seller is under attack (a guesser spread over many
 *    addresses). That never switches lookups off for everyone: it only tightens rule 2, so an
 *    address with a few misses already is refused, while an address with none (the honest shopper
 *    with a real card number or a printed code) is served as always.
 * Found lookups never count as misses, so shoppers never add to rule 3.
 *
 * | lookup | 1. every lookup, per address | 2. misses, per address | 3. misses per seller, all addresses | under attack, an address is refused from |
 * |---|---|---|---|---|
 * | gift cards | 10 / minute | 20 / hour | 100 / 10 minutes | 3 misses in its hour |
 * | codes | 30 / 10 minutes | 20 / hour | 100 / 10 minutes | 3 misses in its hour |
 * | member IDs (scan_code login) | 30 / 10 minutes | 20 / hour | 50 / 10 minutes | 3 misses in its hour |
 *
 * Member IDs are sequential and printed on cards, and the second field (a ZIP code) is often the
 * venue's own, so a guesser spread over a few addresses found a member within a few dozen tries:
 * their seller ceiling is the lowest. A miss there is a refused member-ID login (member_not_found).
 *
 * Per-address numbers (rules 1, 2 and the last column) scale with RATE_LIMIT_ADDRESS_FACTOR;
 * the seller ceiling does not. Over a limit: 429 `rate_limited` with Retry-After and
 * `_extra.retry_after`. Counts live in the database (DESIGN §10), so every process shares them.
 * Misses are recorded after the lookup answers, so a burst of parallel lookups can overshoot rule 2
 * by the requests in flight, which rule 1 (counted before the lookup, atomically) bounds.
 */
import type { Context } from "hono";
import type { Tenant } from "../../tenant/schema.ts";
import type { Executor } from "../db/executor.ts";
import { ApiError, notFound } from "../errors/api-error.ts";
import { clientAddress } from "../request/client-address.ts";
import type { ApiEnv } from "../request/env.ts";
import {
  addressBucket,
  hitRateLimit,
  peekRateLimits,
  perAddress,
  type RateLimitResult,
  type RateLimitRule,
  rateLimited,
} from "./rate-limit.ts";

export interface LookupPolicy {
  /** The counters' key prefix. */
  name: string;
  /** Rule 1: every lookup of one address at one seller. */
  attempts: RateLimitRule;
  /** Rule 2: misses of one address at one seller. */
  misses: RateLimitRule;
  /** Rule 3: misses at one seller from all addresses; at the limit the seller is under attack. */
  sellerMisses: RateLimitRule;
  /** Under attack, an address with this many misses in its rule-2 window is refused. */
  missesUnderAttack: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const GIFT_CARD_LOOKUPS: LookupPolicy = {
  name: "gift-card",
  attempts: { limit: 10, windowSeconds: MINUTE },
  misses: { limit: 20, windowSeconds: HOUR },
  sellerMisses: { limit: 100, windowSeconds: 10 * MINUTE },
  missesUnderAttack: 3,
};

export const CODE_LOOKUPS: LookupPolicy = {
  name: "code",
  attempts: { limit: 30, windowSeconds: 10 * MINUTE },
  misses: { limit: 20, windowSeconds: HOUR },
  sellerMisses: { limit: 100, windowSeconds: 10 * MINUTE },
  missesUnderAttack: 3,
};

export const MEMBER_ID_LOOKUPS: LookupPolicy = {
  name: "member-id",
  attempts: { limit: 30, windowSeconds: 10 * MINUTE },
  misses: { limit: 20, windowSeconds: HOUR },
  sellerMisses: { limit: 50, windowSeconds: 10 * MINUTE },
  missesUnderAttack: 3,
};

const keys = (policy: LookupPolicy, sellerId: string, address: string) => {
  const bucket = addressBucket(address);
  return {
    attempts: `${policy.name}:${sellerId}:addr:${bucket}`,
    misses: `${policy.name}:${sellerId}:miss:${bucket}`,
    sellerMisses: `${policy.name}:${sellerId}:miss`,
  };
};

/**
 * Whether `address` may look up `weight` secrets at `sellerId` now; counts them (rule 1) when its
 * misses (rules 2 and 3) do not refuse it first. An address refused for its misses adds nothing,
 * so hammering then costs one read per request and never extends the wait.
 */
export async function admitLookup(
  db: Executor,
  policy: LookupPolicy,
  sellerId: string,
  address: string,
  now: Date,
  weight = 1,
): Promise<RateLimitResult> {
  const key = keys(policy, sellerId, address);
  const peeked = await peekRateLimits(
    db,
    [
      { key: key.misses, windowSeconds: policy.misses.windowSeconds },
      { key: key.sellerMisses, windowSeconds: policy.sellerMisses.windowSeconds },
    ],
    now,
  );
  const mine = peeked.get(key.misses) ?? { count: 0, resetsInSeconds: 0 };
  const seller = peeked.get(key.sellerMisses) ?? { count: 0, resetsInSeconds: 0 };
  const refuse = (seconds: number): RateLimitResult => ({
    allowed: false,
    count: mine.count,
    retryAfterSeconds: Math.max(1, seconds),
    resetsInSeconds: Math.max(1, seconds),
  });
  if (mine.count >= perAddress(policy.misses).limit) return refuse(mine.resetsInSeconds);
  const underAttack = seller.count >= policy.sellerMisses.limit;
  const strict = perAddress({ ...policy.misses, limit: policy.missesUnderAttack }).limit;
  if (underAttack && mine.count >= strict) {
    // Lifted when either the address's misses or the seller's attack window runs out.
    return refuse(Math.min(mine.resetsInSeconds, seller.resetsInSeconds));
  }
  return hitRateLimit(db, key.attempts, perAddress(policy.attempts), now, weight);
}

/** Records `count` misses of `address` at `sellerId` (rules 2 and 3). */
export async function recordMisses(
  db: Executor,
  policy: LookupPolicy,
  sellerId: string,
  address: string,
  now: Date,
  count = 1,
): Promise<void> {
  if (count <= 0) return;
  const key = keys(policy, sellerId, address);
  // Counted without a verdict: admitLookup reads these counts before the next lookup.
  await hitRateLimit(db, key.misses, policy.misses, now, count);
  await hitRateLimit(db, key.sellerMisses, policy.sellerMisses, now, count);
}

/** The brake of one API call: admits it (else 429 with Retry-After) and counts what it missed. */
export interface LookupBrakeCall<T> {
  policy: LookupPolicy;
  sellerId: string;
  /** Lookups this call makes (the codes it names); 0 skips the brake entirely. */
  weight?: number;
  run: () => Promise<T>;
  /** Misses of a refused call (1 when its error is a miss, else 0). */
  missesOfError: (error: unknown) => number;
  /** Misses of an answered call (codes skipped silently); none by default. */
  missesOfAnswer?: (answer: T) => number;
  /** The seller's tenant, whose strings word the refusal; the defaults without one. */
  words?: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined;
}

export async function withLookupBrake<T>(c: Context<ApiEnv>, call: LookupBrakeCall<T>): Promise<T> {
  const weight = call.weight ?? 1;
  if (weight <= 0) return call.run();
  const { db, clock } = c.get("deps");
  const address = clientAddress(c);
  const admitted = await admitLookup(db, call.policy, call.sellerId, address, clock.now(), weight);
  if (!admitted.allowed) {
    c.header("Retry-After", String(admitted.retryAfterSeconds));
    throw rateLimited(admitted.retryAfterSeconds, call.words);
  }
  let answer: T;
  try {
    answer = await call.run();
  } catch (error) {
    await recordMisses(db, call.policy, call.sellerId, address, clock.now(), call.missesOfError(error));
    throw error;
  }
  const missed = call.missesOfAnswer?.(answer) ?? 0;
  await recordMisses(db, call.policy, call.sellerId, address, clock.now(), missed);
  return answer;
}

const codes = (error: unknown): string[] =>
  error instanceof ApiError ? error.items.map((item) => item._code) : [];

const LEDGER_NOT_FOUND = notFound("ledger").message;

/** A gift card that is not there: the ledger lookup's and the ledger gateway's 404. */
export const giftCardMisses = (error: unknown): number =>
  error instanceof ApiError &&
  error.items.some((item) => item._code === "not_found" && item._description === LEDGER_NOT_FOUND)
    ? 1
    : 0;

/** A code that is unknown, outside its dates, used up, or not a CityPASS number. */
const CODE_MISSES = new Set([
  "code_not_found",
  "code_expired",
  "code_not_yet_valid",
  "code_exhausted",
  "code_held",
  "invalid_citypass",
]);
/** A member-ID login refused for its member ID or second field. */
export const memberIdMisses = (error: unknown): number => (codes(error).includes("member_not_found") ? 1 : 0);

export const codeMisses = (error: unknown): number => (codes(error).some((c) => CODE_MISSES.has(c)) ? 1 : 0);
