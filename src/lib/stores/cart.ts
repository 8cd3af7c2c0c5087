/**
 * The cart store (spec 1 §4 "Cart"): one cart per seller, shared by every island on the page and
 * by every tab (through localStorage and its `storage` event). It only ever holds the server's
 * answers: an action sends the call, waits, and stores what came back (no optimistic updates).
 * Calls run one at a time, so two clicks never race each other.
 *
 * The API client and the zod schemas are loaded on first need (a stored cart to check, an
 * action), so a page whose shopper has no cart ships neither (DESIGN §9 listing budget).
 *
 * This module is the store's one door: its parts are cart/core.ts (the stores, the seller's
 * context, the queue, how an answer is kept), cart/sync.ts (keeping in step with the server) and
 * cart/actions.ts (the shopper's actions).
 */
import { $cart, $cartBusy, $cartChecked, bindContext } from "./cart/core.ts";

export {
  addToCart,
  applyCode,
  clearCart,
  deleteCart,
  extendCart,
  removeCode,
  removePayment,
  removeTickets,
} from "./cart/actions.ts";
export {
  $cart,
  $cartBusy,
  $cartChecked,
  CART_EXTENSION_MS,
  type CartSnapshot,
  currentCart,
  LOCAL_EXPIRY_BUFFER_S,
  msLeft,
  NO_LOCAL_EXPIRY,
  RECREATE_BELOW_MS,
} from "./cart/core.ts";
export { adoptCart, type InitCartOptions, initCart, refreshAfterLogin, refreshCart } from "./cart/sync.ts";

/** Test hook: forgets the seller binding and the queue. */
export function resetCartStoreForTests(): void {
  bindContext(undefined);
  $cart.set(null);
  $cartBusy.set(false);
  $cartChecked.set(false);
}
