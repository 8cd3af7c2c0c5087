/**
 * The tenant strings the cart islands use, resolved on the server (CartAside.astro) and passed as
 * one small prop, so the islands never ship the whole string table.
 */
import { format, type IslandSharedKey, isIslandSharedKey } from "../../lib/tenant/string-format.ts";
import type { defaultStrings } from "../../lib/tenant/strings.ts";

export type CartStringKey = Extract<
  keyof typeof defaultStrings,
  `cart.${string}` | `promo.${string}` | "image.alt" | IslandSharedKey
>;
export type CartStrings = Record<CartStringKey, string>;
export type CartTranslate = (key: CartStringKey, vars?: Record<string, string | number>) => string;

export function isCartStringKey(key: string): key is CartStringKey {
  return key.startsWith("cart.") || key.startsWith("promo.") || key === "image.alt" || isIslandSharedKey(key);
}

export function cartTranslator(strings: CartStrings): CartTranslate {
  return (key, vars) => format(strings[key], vars);
}
