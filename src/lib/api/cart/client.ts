/**
 * The cart calls of spec 1 §7 over the typed client. Writes are never retried (client.ts), so a
 * reserve is sent once; reads retry on network errors and 502s.
 */
import { z } from "zod";
import type { ApiClient } from "../client.ts";
import { type ApplyCodeBody, type CartModifyBody, cartEnvelope, extendCartAnswer } from "./schemas.ts";

const cartPath = (id: string) => `my/cart/${encodeURIComponent(id)}`;
/**
 * The seller whose storefront makes the call (`_seller`): the API answers a cart of any other
 * seller as not found, and without it a logged-in caller's context is the seller they are logged
 * in with, so the storefront names its seller on every call by cart id.
 */
export const inStore = (seller: string | undefined) => (seller ? { _seller: seller } : {});

export function cartApi(client: ApiClient) {
  return {
    /** POST my/cart/modify (no cart yet: creates one) or POST my/cart/{id}/modify. */
    modify(seller: string, cartId: string | null, body: CartModifyBody) {
      const path = cartId ? `${cartPath(cartId)}/modify` : "my/cart/modify";
      return client.send("POST", path, { _seller: seller }, body, cartEnvelope);
    },
    /** GET my/cart/{id}; an expired cart is an ApiClientError with code cart_expired. */
    get(cartId: string, seller?: string) {
      return client.get(cartPath(cartId), inStore(seller), cartEnvelope);
    },
    /** DELETE my/cart/{id}: releases every hold; answers 204. A not_found is ignored by the store. */
    remove(cartId: string, seller?: string) {
      return client.send("DELETE", cartPath(cartId), inStore(seller), undefined, z.unknown());
    },
    /** PATCH my/cart/{id}: moves expires_at (the timer's 2-minute extension). */
    extend(cartId: string, expiresAt: Date, seller?: string) {
      return client.send(
        "PATCH",
        cartPath(cartId),
        inStore(seller),
        { expires_at: expiresAt.toISOString() },
        extendCartAnswer,
      );
    },
    /** POST my/cart/{id}/apply_code. */
    applyCode(cartId: string, body: ApplyCodeBody, seller?: string) {
      return client.send("POST", `${cartPath(cartId)}/apply_code`, inStore(seller), body, cartEnvelope);
    },
    /** DELETE my/cart/{id}/code/{code}: takes an applied promo code off. */
    removeCode(cartId: string, code: string, seller?: string) {
      return client.send(
        "DELETE",
        `${cartPath(cartId)}/code/${encodeURIComponent(code)}`,
        inStore(seller),
        undefined,
        cartEnvelope,
      );
    },
    /** DELETE my/cart/{id}/payment/{paymentId}: a gift card payment, refunded to the card. */
    removePayment(cartId: string, paymentId: string, seller?: string) {
      return client.send(
        "DELETE",
        `${cartPath(cartId)}/payment/${encodeURIComponent(paymentId)}`,
        inStore(seller),
        undefined,
        cartEnvelope,
      );
    },
  };
}

export type CartApi = ReturnType<typeof cartApi>;
