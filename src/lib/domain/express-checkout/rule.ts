/**
 * Express checkout (spec 2 §2): "If the express-checkout flag is set and the cart has
 * items, /events redirects to /checkout"; the `expresscheckout` query parameter does the same for
 * one visit without the flag. The cart lives in this browser's localStorage (stores/cart.ts keeps a
 * snapshot of the server's last answer under `foyer.cart.{seller}`), so the page decides in the
 * browser, before it paints: the listing's head runs EXPRESS_CHECKOUT_SCRIPT
 * (pages/inline-scripts.ts), which follows this rule (tests/unit/checkout/express-checkout.test.ts runs both
 * over the same cases).
 */

/** The query parameter of spec 2 §2 "Query parameters drive actions: expresscheckout, ...". */
export const EXPRESS_CHECKOUT_PARAM = "expresscheckout";

export interface ExpressCheckoutInput {
  /** The tenant's `web.express_checkout`. */
  flag: boolean;
  /** The listing's query string (`?expresscheckout` asks for this visit only). */
  search: string;
  seller: string;
  /** The stored cart snapshot (raw localStorage text), or null. */
  stored: string | null;
  /** Epoch ms (the browser's clock, the one the snapshot's local expiry was set by). */
  now: number;
}

interface StoredCart {
  seller?: unknown;
  localExpiresAt?: unknown;
  envelope?: { cart?: { _data?: { state?: unknown }[] }; ticket?: { _data?: unknown } };
}

/** Whether the stored snapshot is this seller's current cart with at least one ticket. */
export function storedCartHasItems(stored: string | null, seller: string, now: number): boolean {
  if (!stored) return false;
  let value: StoredCart | null;
  try {
    value = JSON.parse(stored) as StoredCart | null;
  } catch {
    return false;
  }
  if (!value || value.seller !== seller) return false;
  if (typeof value.localExpiresAt !== "number" || value.localExpiresAt <= now) return false;
  const cart = value.envelope?.cart?._data?.[0];
  const tickets = value.envelope?.ticket?._data;
  return cart?.state === "pending" && Array.isArray(tickets) && tickets.length > 0;
}

/** Spec 2 §2: go straight to checkout (the flag, or the parameter for this visit) with items in the cart. */
export function expressCheckout(input: ExpressCheckoutInput): boolean {
  const asked = input.flag || new URLSearchParams(input.search).has(EXPRESS_CHECKOUT_PARAM);
  return asked && storedCartHasItems(input.stored, input.seller, input.now);
}
