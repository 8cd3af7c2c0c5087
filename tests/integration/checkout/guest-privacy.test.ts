/**
 * What a guest cart and a guest order show to whoever holds their id ("A guest cart shows
 * its gift card's full number and balance to anyone who holds the cart id: mask it to the last 4
 * digits. Guest order answers are `private, no-store`.").
 */
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const GUEST = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" };
const GIFT_CARD = "GC-1000-0001";

async function guestCart(quantity: number) {
  const session = await upcomingSession(api, "hm-general-admission", 1);
  await setSessionCapacity(api, session.id, 50, 0);
  return cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
}

describe("'mask it to the last 4 digits'", () => {
  it("regression: GET cart/{id} showed a guest's gift card number in full; the cart and pay answers show ****0001", async () => {
    const cart = await guestCart(2);
    const paid = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "ledger",
      gateway_data: { number: GIFT_CARD },
      amount: "10.00",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const payment = checkoutAnswer.parse(paid.body).payment?._data[0];
    expect(payment).toMatchObject({ gateway_id: "ledger", card_number: "****0001", amount: "10.00" });
    const read = await send(api, "GET", `/api/cart/${cart.id}`);
    expect(read.status).toBe(200);
    const payments = asCart(read).payment?._data ?? [];
    expect(payments.map((p) => p.card_number)).toEqual(["****0001"]);
    expect(JSON.stringify(read.body)).not.toContain(GIFT_CARD);
    expect(JSON.stringify(paid.body)).not.toContain(GIFT_CARD);
  });
});

describe("'Guest order answers are `private, no-store`'", () => {
  it("GET ticket_order/{id}, ticket_order?id._in= (under /api and /cached_api) and the QR code are private, no-store and never served from the cache", async () => {
    const cart = await guestCart(1);
    const done = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      identity: GUEST,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const orderId = checkoutAnswer.parse(done.body).ticket_order?._data[0]?.id ?? "";
    for (const path of [
      `/api/ticket_order/${orderId}`,
      `/cached_api/ticket_order/${orderId}`,
      `/api/ticket_order?id._in=${orderId}`,
      `/cached_api/ticket_order?id._in=${orderId}`,
      `/cached_api/ticket_order/${orderId}/qrcode`,
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await api.app.request(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control"), path).toBe("private, no-store");
        expect(res.headers.get("x-cache"), path).toBeNull();
      }
    }
  });
});
