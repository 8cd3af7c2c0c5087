/**
 * Gifts of membership (spec 2 §3, §4, §8, §9): the gift code's format (exactly 10
 * characters of an unambiguous alphabet), its state (valid; expired when now is before valid_from
 * or after valid_to; exhausted when used), and the redeem page's choice of levels: at most 3,
 * sorted by discounted amount then price, only those ranked at or above the first.
 * Pure: no I/O, no clock (the caller hands in `now`).
 */

/** Spec 2 §9 "Gift code length 10". */
export const GIFT_CODE_LENGTH = 10;
/** Spec 2 §9 "Redeem membership shows at most 3 level groups". */
export const MAX_REDEEM_CHOICES = 3;
/** A gift code is redeemable for one year from its purchase. */
export const GIFT_CODE_VALID_DAYS = 365;

/** Upper-case letters and digits without 0/O, 1/I/L: a code read aloud or copied by hand survives. */
export const GIFT_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** The spec's texts (spec 2 §8), the defaults of the tenant strings membership.redeem.*. */
export const GIFT_CODE_TEXTS = {
  invalid: "You must enter a valid code.",
  expired: "This code has expired",
  exhausted: "This code has already been redeemed",
} as const;

export type GiftCodeProblem = keyof typeof GIFT_CODE_TEXTS;

/** Trimmed and upper-cased, inner spaces and dashes dropped ("hmgi-ft00 01" -> "HMGIFT0001"). */
export function normalizeGiftCode(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

/** Spec 2 §5 "Gift-of-membership code: exactly 10 characters"; letters and digits only. */
export function isGiftCodeFormat(input: string): boolean {
  const code = normalizeGiftCode(input);
  return code.length === GIFT_CODE_LENGTH && /^[A-Z0-9]+$/.test(code);
}

/** A new code from 10 random bytes (the caller draws them: crypto on the server, fixed in tests). */
export function giftCodeFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < GIFT_CODE_LENGTH) throw new Error("a gift code needs 10 random bytes");
  let out = "";
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) {
    // 256 is not a multiple of 31: the first 8 letters are a shade likelier, harmless for a code
    // that is single use and looked up under a guessing brake.
    out += GIFT_CODE_ALPHABET[(bytes[i] ?? 0) % GIFT_CODE_ALPHABET.length];
  }
  return out;
}

export interface GiftCodeFacts {
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number;
  uses: number;
  redeemedOrderId: string | null;
}

/** Spec 2 §4 "Gift code: valid, expired (now before valid_from or after valid_to), or exhausted". */
export function giftCodeState(code: GiftCodeFacts, now: Date): "valid" | "expired" | "exhausted" {
  if (code.redeemedOrderId !== null) return "exhausted";
  if (code.maxUses >= 0 && code.uses >= code.maxUses) return "exhausted";
  if (code.validFrom && now < code.validFrom) return "expired";
  if (code.validTo && now > code.validTo) return "expired";
  return "valid";
}

/** The problem of a typed code before any lookup: only its format. */
export function giftCodeInputProblem(input: string): GiftCodeProblem | null {
  return isGiftCodeFormat(input) ? null : "invalid";
}

export interface RedeemLevel {
  ticketTypeId: string;
  name: string;
  /** Minor units. */
  price: number;
  rank: number;
}

export interface RedeemChoice extends RedeemLevel {
  /** What is left to pay after the gift's value (never below 0). */
  discounted: number;
}

/**
 * Spec 2 §9: at most 3 levels, sorted by discounted amount (ascending), then price, only those
 * whose rank is at or above the first's. Equal discounted amounts put the dearer level first (the
 * gift of a Dual covers Individual too, and the redeemer is offered the Dual first), so the rank
 * cut keeps the gifted level and what lies above it. Levels with equal amounts and prices keep
 * their rank order.
 */
export function redeemChoices(levels: readonly RedeemLevel[], giftValue: number): RedeemChoice[] {
  const value = Math.max(0, giftValue);
  const sorted = levels
    .map((level) => ({ ...level, discounted: Math.max(0, level.price - value) }))
    .sort((a, b) => a.discounted - b.discounted || b.price - a.price || a.rank - b.rank);
  const first = sorted[0];
  if (!first) return [];
  return sorted.filter((level) => level.rank >= first.rank).slice(0, MAX_REDEEM_CHOICES);
}

/** Where choosing a level sends the redeemer: the membership form with the code and the level. */
export function redeemFormPath(
  seller: string,
  membershipEventId: string,
  code: string,
  level: string,
  /** The router base: `/{seller}`, or "" on the tenant's own host name. */
  base = `/${seller}`,
): string {
  const query = new URLSearchParams({ redeem: code, select: level });
  return `${base}/events/${encodeURIComponent(membershipEventId)}?${query.toString()}`;
}

/** What the redeem page says about a failed lookup, from the API's error code. */
export function redeemFailureText(code: string): GiftCodeProblem | "rate_limited" | "error" {
  if (code === "code_not_found" || code === "validation_failed" || code === "not_found") return "invalid";
  if (code === "code_expired" || code === "code_not_yet_valid") return "expired";
  if (code === "code_exhausted") return "exhausted";
  if (code === "rate_limited") return "rate_limited";
  return "error";
}
