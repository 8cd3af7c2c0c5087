/**
 * When the cart widget island wakes (the listing's blocking time). A shopper with no cart
 * sees the widget exactly as the server rendered it ("Your cart is empty", no controls), so the
 * island, and React with it, is not started for them. It starts, on idle, when the page opens with
 * a cart stored for the seller or with a `?code=` link (the cart store notes the code), and at once
 * when a cart is stored later: by this tab (a reserve, the cart store's `write`) or by another
 * (the `storage` event). Pure: the hydration directive (islands/cart/hydrate-with-cart.ts) and
 * the cart store share it.
 */
import { LINK_CODE_PARAM } from "./link-code/link-code.ts";

/** Where the browser keeps a seller's cart (the cart store, the express checkout, login). */
export function cartStorageKey(seller: string): string {
  return `foyer.cart.${seller}`;
}

/** The event the cart store dispatches on `window` when it stores a cart in this tab. */
export const CART_STORED_EVENT = "foyer:cart-stored";

/**
 * At page load: wake when a cart is stored for the seller (even an old one: the island clears it),
 * or when the address carries a `code` (the island notes it for the next cart).
 */
export function cartWidgetWakesAtLoad(stored: string | null, search: string): boolean {
  if (stored !== null) return true;
  try {
    return new URLSearchParams(search).has(LINK_CODE_PARAM);
  } catch {
    return false;
  }
}

/** A `storage` event wakes the widget when it stores a cart of this seller. */
export function cartWidgetWakesOnStorage(
  event: { key: string | null; newValue: string | null },
  seller: string,
): boolean {
  return event.key === cartStorageKey(seller) && event.newValue !== null;
}
