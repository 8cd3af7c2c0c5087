/**
 * An order bought as a guest through the shop's API (a cart of adult tickets for one session, paid
 * with the test gateway's card), for the back office specs that then find, refund or admit it.
 */
import { type APIRequestContext, expect } from "../fixtures.ts";
import { SELLER } from "./cart.ts";

export interface GuestOrder {
  id: string;
  orderNumber: string;
}

export async function buyGuestOrder(
  request: APIRequestContext,
  order: { session: string; quantity: number; firstName: string; lastName: string; email: string },
): Promise<GuestOrder> {
  const cart = await request.post(`/api/my/cart/modify?_seller=${SELLER}`, {
    data: {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: order.session, quantity: order.quantity }],
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const cartId = ((await cart.json()) as { cart: { _data: { id: string }[] } }).cart._data[0]?.id ?? "";
  const paid = await request.post(`/api/cart/${cartId}/guest_checkout?_seller=${SELLER}`, {
    data: {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      identity: { first_name: order.firstName, last_name: order.lastName, email: order.email },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const placed = ((await paid.json()) as { ticket_order: { _data: { id: string; order_number: string }[] } })
    .ticket_order._data[0];
  if (!placed) throw new Error("No order was placed");
  return { id: placed.id, orderNumber: placed.order_number };
}
