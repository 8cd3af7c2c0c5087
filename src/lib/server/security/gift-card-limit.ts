/**
 * Gift-card guessing brake (DESIGN §5): every gift-card lookup (GET ledger/{type}/{number}) and
 * every checkout or pay attempt with the ledger gateway counts, found or not:
 * - 10 per minute per client address and seller: a shopper types a card number a few times, a
 *   script enumerating numbers is stopped after 10;
 * - 300 per minute per seller from all addresses together: a brake on guessing spread over many
 *   addresses, far above a seller's real lookup rate.
 * Over either limit: 429 `rate_limited` with Retry-After. Counts live in the database (DESIGN §10).
 */
import type { Executor } from "../db/seed/helpers.ts";
import { ApiError } from "../http/errors.ts";
import { hitRateLimits, perAddress, type RateLimitResult, type RateLimitRule } from "./rate-limit.ts";

export const GIFT_CARD_PER_ADDRESS: RateLimitRule = { limit: 10, windowSeconds: 60 };
export const GIFT_CARD_PER_SELLER: RateLimitRule = { limit: 300, windowSeconds: 60 };

export const RATE_LIMITED_TEXT = "Too many attempts. Please wait a minute and try again.";

/** Counts one gift-card attempt of `address` at `sellerId`. */
export function hitGiftCardLimit(
  db: Executor,
  sellerId: string,
  address: string,
  now: Date,
): Promise<RateLimitResult> {
  return hitRateLimits(
    db,
    [
      { key: `gift-card:${sellerId}:addr:${address}`, rule: perAddress(GIFT_CARD_PER_ADDRESS) },
      { key: `gift-card:${sellerId}`, rule: GIFT_CARD_PER_SELLER },
    ],
    now,
  );
}

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", RATE_LIMITED_TEXT, {
    context: "rate_limit",
    extra: { retry_after: retryAfterSeconds },
  });
