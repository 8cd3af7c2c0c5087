/**
 * The tenant strings the checkout island uses (every "checkout." key), resolved on the server and
 * passed as one prop, so the island never ships the whole string table.
 */
import { type defaultStrings, format } from "../../lib/tenant/strings.ts";

export type CheckoutStringKey = Extract<keyof typeof defaultStrings, `checkout.${string}`>;
export type CheckoutStrings = Record<CheckoutStringKey, string>;
export type CheckoutTranslate = (key: CheckoutStringKey, vars?: Record<string, string | number>) => string;

export function isCheckoutStringKey(key: string): key is CheckoutStringKey {
  return key.startsWith("checkout.");
}

export function checkoutTranslator(strings: CheckoutStrings): CheckoutTranslate {
  return (key, vars) => format(strings[key], vars);
}
