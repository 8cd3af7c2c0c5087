/**
 * The tenant strings the checkout island uses (every "checkout." key, plus the promo messages and
 * the code form's texts for a cart blocked until a code is entered), resolved on the server and
 * passed as one prop, so the island never ships the whole string table.
 */
import { format, type IslandSharedKey, isIslandSharedKey } from "../../lib/tenant/string-format.ts";
import type { defaultStrings } from "../../lib/tenant/strings.ts";

export type CheckoutStringKey = Extract<
  keyof typeof defaultStrings,
  `checkout.${string}` | `promo.${string}` | `reserve.code.${string}` | IslandSharedKey
>;
export type CheckoutStrings = Record<CheckoutStringKey, string>;
export type CheckoutTranslate = (key: CheckoutStringKey, vars?: Record<string, string | number>) => string;

export function isCheckoutStringKey(key: string): key is CheckoutStringKey {
  return (
    key.startsWith("checkout.") ||
    key.startsWith("promo.") ||
    key.startsWith("reserve.code.") ||
    isIslandSharedKey(key)
  );
}

export function checkoutTranslator(strings: CheckoutStrings): CheckoutTranslate {
  return (key, vars) => format(strings[key], vars);
}
