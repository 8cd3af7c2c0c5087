/**
 * The island's API glue: the checkout client loaded on first use (so the form renders before the
 * client and schemas arrive), failures read as the spec's ApiFailure, a fresh idempotency key per
 * attempt, and the dataLayer pushes. No business rules here (src/lib/domain holds them).
 */
import type { CheckoutApi } from "../../lib/api/checkout/client.ts";
import type { CheckoutBody, PayBody } from "../../lib/api/checkout/schemas.ts";
import { $cart } from "../../lib/stores/cart.ts";

let loading: Promise<CheckoutApi> | undefined;

export function checkoutCalls(): Promise<CheckoutApi> {
  loading ??= Promise.all([
    import("../../lib/api/checkout/client.ts"),
    import("../../lib/api/browser.ts"),
  ]).then(([{ checkoutApi }, { browserClient }]) => checkoutApi(browserClient()));
  return loading;
}

/**
 * The checkout and pay calls of a guest, or of a logged-in member (my/cart/...; spec 2 §7). A
 * logged-in buyer's gift of membership (the cart names a giftee) checks out through gift_checkout.
 */
export async function paymentCalls(member: boolean) {
  const api = await checkoutCalls();
  const snapshot = $cart.get();
  const gift = Boolean(snapshot?.envelope.cart._data[0]?.giftee);
  // The page's seller, named on every call (the API finds no cart of another seller).
  const seller = snapshot?.seller;
  const checkout = member ? (gift ? api.giftCheckout : api.memberCheckout) : api.guestCheckout;
  const pay = member ? api.memberPay : api.pay;
  return {
    checkout: (cartId: string, body: CheckoutBody) => checkout(cartId, body, seller),
    pay: (cartId: string, body: PayBody) => pay(cartId, body, seller),
  };
}

/** One key per attempt: a double click or a retried request gives the same order. */
export function idempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

interface DataLayerWindow {
  dataLayer?: unknown[];
}

/** Spec: begin_checkout and purchase go to the dataLayer only when the tenant has a tag-manager id. */
export function reportCheckout(
  tagManagerId: string | undefined,
  event: "begin_checkout" | "purchase",
  ecommerce: Record<string, unknown>,
): void {
  if (!tagManagerId || typeof window === "undefined") return;
  const w = window as unknown as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({ event, ecommerce });
}
