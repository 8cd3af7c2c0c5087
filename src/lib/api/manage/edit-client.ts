/**
 * The edit-cart read the confirm page makes (GET ticket_order/{id}/edit_cart?token=), the
 * order's pending edit cart as a cart envelope. The other edit calls are in manage-client.ts.
 */
import { cartEnvelope } from "../cart/schemas.ts";
import type { ApiClient } from "../client.ts";

export function manageEditApi(client: ApiClient, seller: string) {
  return {
    pendingEditCart(orderId: string, token: string, cartId?: string) {
      return client.get(
        `ticket_order/${encodeURIComponent(orderId)}/edit_cart`,
        { _seller: seller, token, ...(cartId ? { cart: cartId } : {}) },
        cartEnvelope,
      );
    },
  };
}
