/**
 * Spec 1 §9: "A default promo code comes from the first entry of the web config" — a new cart
 * gets it as a preloaded code (applied when it can be, silently skipped otherwise; spec 1 §7
 * "apply_code_default (codes, ignore_errors, require_benefit false)").
 */

/** The tenant's default promo code: the first entry of `web.default_promo_codes`, trimmed. */
export function defaultPromoCode(configured: readonly string[]): string | undefined {
  const first = configured[0]?.trim();
  return first ? first : undefined;
}

/** The preloaded codes of a new cart: the caller's, then the default code unless already listed. */
export function withDefaultPromoCode(preloaded: readonly string[], code: string | undefined): string[] {
  if (!code || preloaded.includes(code)) return [...preloaded];
  return [...preloaded, code];
}
