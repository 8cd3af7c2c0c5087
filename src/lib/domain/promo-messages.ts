/**
 * Promo codes in the cart (spec 1 §5 "Promo code", §8 "Promo codes"): the input's rules and the
 * message a shopper sees for a failed apply. Pure: the messages come in as a lookup (tenant
 * strings), the error as the API's error entries.
 */

export { PROMO_CODE_MAX, PROMO_CODE_MIN, type PromoInput, parsePromoInput } from "./promo-input.ts";

/** Spec §8: the codes a shopper can act on; any other failure is 'Sorry. Please try again later.' */
export const USER_FACING_PROMO_CODES = [
  "code_exhausted",
  "code_not_found",
  // Each refusal its own text; the server once sent these as code_not_found or code_exhausted.
  "code_expired",
  "code_not_yet_valid",
  "code_held",
  "additional_info_validation_failed",
  "validation_failed",
  "invalid_citypass",
  "citypass_failure",
  "no_code_benefit",
  "duplicate_code",
] as const;

interface ErrorEntry {
  _code: string;
  _description: string;
  _extra?: Record<string, unknown>;
}

/** What the lookup needs from a failed call (an ApiClientError fits). */
export interface PromoFailure {
  entries: ErrorEntry[];
}

function isPromoFailure(error: unknown): error is PromoFailure {
  return (
    typeof error === "object" &&
    error !== null &&
    Array.isArray((error as { entries?: unknown }).entries) &&
    (error as { entries: unknown[] }).entries.length > 0
  );
}

/** Spec §5: a full stop is appended to a message that lacks one. */
export function withFullStop(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Spec §8 duplicate_code: when the body carries a second entry, that one is the real failure;
 * otherwise the first entry stands.
 */
export function relevantPromoEntry(entries: ErrorEntry[]): ErrorEntry | undefined {
  const first = entries[0];
  if (first?._code === "duplicate_code" && entries[1]) return entries[1];
  return first;
}

export interface PromoMessageTexts {
  /** The tenant's promo message for an error code, if it has one (empty counts as none). */
  byCode: (code: string, vars: { code: string }) => string | undefined;
  /** '"{code}" is not a valid promo code.' with the code filled in. */
  invalid: (code: string) => string;
  /** 'Sorry. Please try again later.' */
  unknown: string;
}

/**
 * Spec §8 message lookup: by code in the promo messages, else the API description with a full
 * stop, else '"{code}" is not a valid promo code.'; unknown errors 'Sorry. Please try again later.'
 */
export function promoErrorMessage(error: unknown, enteredCode: string, texts: PromoMessageTexts): string {
  if (!isPromoFailure(error)) return texts.unknown;
  const entry = relevantPromoEntry(error.entries);
  if (!entry || !(USER_FACING_PROMO_CODES as readonly string[]).includes(entry._code)) return texts.unknown;
  const extraCode = entry._extra?.code;
  const code = typeof extraCode === "string" && extraCode ? extraCode : enteredCode;
  const byCode = texts.byCode(entry._code, { code });
  if (byCode) return byCode;
  if (entry._description.trim()) return withFullStop(entry._description);
  return texts.invalid(code);
}
