/**
 * Helpers of the my-account e2e specs: a new user with a password (logged in through the
 * request's cookie jar) and a membership bought by them with auto-renew and the test card.
 */
import { type APIRequestContext, expect } from "@playwright/test";

const TEST_CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };

export async function newUser(request: APIRequestContext, seller: string, info: Record<string, string> = {}) {
  const email = `member-${crypto.randomUUID()}@example.com`;
  const res = await request.post(`/api/user?_seller=${seller}`, {
    data: {
      first_name: "Rosalind",
      last_name: "Franklin",
      email,
      password: "Account-2026",
      additional_info: info,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** The logged-in user buys a level with auto-renew and the succeeding test card. */
export async function buyWithAutoRenew(request: APIRequestContext, seller: string, level: string) {
  const modify = await request.post(`/api/my/cart/modify?_seller=${seller}`, {
    data: { add: [{ ticket_type_id: level, quantity: 1 }], autoRenewMembership: true },
  });
  expect(modify.status(), await modify.text()).toBe(200);
  const cartId = ((await modify.json()) as { cart: { _data: Array<{ id: string }> } }).cart._data[0]?.id;
  const paid = await request.post(`/api/my/cart/${cartId}/checkout?_seller=${seller}`, {
    data: { gateway_id: "test", gateway_data: TEST_CARD },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const order = ((await paid.json()) as { ticket_order: { _data: Array<{ id: string }> } }).ticket_order
    ._data[0];
  if (!order) throw new Error("no order");
  return order.id;
}
