/**
 * The one place of the promo code input rules (spec 1 §5 "Promo code: trimmed, required, 2 to 35
 * characters ... Several codes may be comma separated, trimmed, empties dropped"; §9 "promo 2 to
 * 35"). Free of zod, so the cart widget and the reserve island can use it without loading the
 * schemas; the API schemas (cart-schemas.ts) and the server rules (promo-codes.ts) use it too.
 */
export const PROMO_CODE_MIN = 2;
export const PROMO_CODE_MAX = 35;

/** "a, b,,c " -> ["a", "b", "c"]: split on commas, trimmed, empties dropped. */
export function splitPromoCodes(raw: string): string[] {
  return raw
    .split(",")
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
}

export function promoCodeLengthOk(code: string): boolean {
  return code.length >= PROMO_CODE_MIN && code.length <= PROMO_CODE_MAX;
}

export interface PromoInput {
  /** The codes to send: trimmed, empties dropped. */
  codes: string[];
  /** True when there is at least one code and every code is 2 to 35 characters. */
  valid: boolean;
}

/** Spec §5: trimmed, required, 2 to 35 characters; several codes may be comma separated. */
export function parsePromoInput(raw: string): PromoInput {
  const codes = splitPromoCodes(raw);
  return { codes, valid: codes.length > 0 && codes.every(promoCodeLengthOk) };
}
