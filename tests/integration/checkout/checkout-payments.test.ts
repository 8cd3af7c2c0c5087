/**
 * Payments at checkout (spec 2 §4, §5, §8): gift cards as partial payments that go first,
 * then a card for the rest; the gift card errors; the free gateway; the card amount limits.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const GUEST = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" };

async function newCart(seller: string, event: string, type: string, offset: number, quantity = 1) {
  const session = await upcomingSession(api, event, offset);
  await setSessionCapacity(api, session.id, 50, 0);
  const env = asCart(
    await send(api, "POST", `/api/my/cart/modify?_seller=${seller}`, {
      add: [{ ticket_type_id: type, event_session_id: session.id, quantity }],
    }),
  );
  return cartOf(env);
}
const harbourCart = (offset: number, quantity = 1) =>
  newCart("harbour-museum", "hm-general-admission", "hm-ga-adult", offset, quantity);

const payWith = (cartId: string, body: Record<string, unknown>) =>
  send(api, "POST", `/api/cart/${cartId}/pay`, body);

async function balance(number: string) {
  const [row] = await api.handle.db.select().from(s.ledger).where(eq(s.ledger.number, number));
  return row?.balance;
}

describe("gift cards (ledger gateway)", () => {
  // Every call here comes from one address in one clock minute: start each test with a fresh
  // gift-card limit (its own test: tests/integration/security/gift-card-limit.test.ts).
  beforeEach(async () => {
    await api.handle.db.delete(s.rateLimit);
  });

  it("GET ledger/gift_card/{number} answers number, state and balance; an unknown card is 404 not_found", async () => {
    const res = await send(api, "GET", "/api/ledger/gift_card/GC-1000-0001?_seller=harbour-museum");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ledger: {
        _count: 1,
        _data: [{ type: "gift_card", number: "GC-1000-0001", state: "active", balance: "100.00" }],
      },
    });
    const missing = await send(api, "GET", "/api/ledger/gift_card/NOPE?_seller=harbour-museum");
    expect(missing.status).toBe(404);
    expect(errorOf(missing)._code).toBe("not_found");
    const noSeller = await send(api, "GET", "/api/ledger/gift_card/GC-1000-0001");
    expect(noSeller.status).toBe(400);
    expect(errorOf(noSeller)._code).toBe("validation_failed");
  });

  it("spec 2 §4: a gift card pays part first (status partial), then a card pays the rest", async () => {
    const cart = await harbourCart(0, 6); // 6 x 26.50 = 159.00
    const before = (await balance("GC-1000-0001")) ?? 0;
    const partial = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      amount: "159.00",
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const result = checkoutAnswer.parse(partial.body).checkout_result._data[0];
    expect(result).toMatchObject({ status: "partial", amount_paid: "100.00", total_outstanding: "59.00" });
    expect(await balance("GC-1000-0001")).toBe(before - 10000);
    const cartNow = asCart(await send(api, "GET", `/api/cart/${cart.id}`));
    expect(cartNow.cart_fees._data[0]?.grand_totals.total_outstanding).toBe("59.00");
    const tooMuch = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "159.00",
      identity: GUEST,
    });
    expect(tooMuch.status).toBe(400);
    const rest = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "59.00",
      identity: GUEST,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const answer = checkoutAnswer.parse(rest.body);
    expect(answer.checkout_result._data[0]).toMatchObject({ status: "completed", amount_paid: "59.00" });
    expect(answer.payment?._data.map((p) => [p.gateway_id, p.amount])).toEqual([
      ["ledger", "100.00"],
      ["test", "59.00"],
    ]);
    expect(answer.ticket_order?._data[0]?.ticket_order_fees.total_after_fees_price).toBe("159.00");
  });

  it("spec 2 §5: a 0 balance card is 422 'Gift Card balance is $0' (an inactive one its own ledger_inactive); the same card twice is 409 'Oops! You already applied this gift card'", async () => {
    const cart = await harbourCart(1, 2);
    const empty = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0002" },
      amount: "10.00",
    });
    expect(empty.status).toBe(422);
    expect(errorOf(empty)._code).toBe("ledger_empty");
    expect(errorOf(empty)._description).toBe("Gift Card balance is $0");
    const inactive = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0003" },
      amount: "10.00",
    });
    expect(inactive.status).toBe(422);
    expect(errorOf(inactive)._code).toBe("ledger_inactive");
    expect(errorOf(inactive)._description).toBe("This gift card is not active. Please contact us for help.");
    await api.handle.db.update(s.ledger).set({ balance: 10000 }).where(eq(s.ledger.number, "GC-1000-0001"));
    const first = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      amount: "10.00",
    });
    expect(first.status).toBe(200);
    const twice = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      amount: "10.00",
    });
    expect(twice.status).toBe(409);
    expect(errorOf(twice)._code).toBe("duplicate_ledger");
    expect(errorOf(twice)._description).toBe("Oops! You already applied this gift card");
  });

  it("the zoo's gift card errors use the pound sign", async () => {
    await api.handle.db.update(s.ledger).set({ balance: 0 }).where(eq(s.ledger.number, "GC-2000-0001"));
    const cart = await newCart("riverside-zoo", "rz-day-admission", "rz-day-adult", 2);
    const res = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-2000-0001" },
      amount: "1.00",
    });
    expect(res.status).toBe(422);
    expect(errorOf(res)._description).toBe("Gift Card balance is £0");
  });

  it("a gift card covering everything, then the free gateway completes the zero total", async () => {
    await api.handle.db.update(s.ledger).set({ balance: 10000 }).where(eq(s.ledger.number, "GC-1000-0001"));
    const cart = await harbourCart(2, 1);
    const paid = await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      amount: "26.50",
    });
    expect(checkoutAnswer.parse(paid.body).checkout_result._data[0]?.total_outstanding).toBe("0.00");
    const done = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "free",
      identity: GUEST,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(checkoutAnswer.parse(done.body).checkout_result._data[0]?.status).toBe("completed");
  });

  it("a cart that expires after a gift card payment gives the balance back", async () => {
    await api.handle.db.update(s.ledger).set({ balance: 10000 }).where(eq(s.ledger.number, "GC-1000-0001"));
    const cart = await harbourCart(3, 1);
    await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      amount: "20.00",
    });
    expect(await balance("GC-1000-0001")).toBe(8000);
    api.clock.advance(901_000);
    try {
      const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
        gateway_id: "test",
        gateway_data: CARD,
        identity: GUEST,
      });
      expect(res.status).toBe(410);
    } finally {
      api.clock.advance(-901_000);
    }
    expect(await balance("GC-1000-0001")).toBe(10000);
  });

  /** A gift card of its own, so other tests' carts expiring in the same sweep do not move its balance. */
  async function ownCard(number: string): Promise<void> {
    await api.handle.db.insert(s.ledger).values({
      id: `ledger-${number.toLowerCase()}`,
      sellerId: "harbour-museum",
      type: "gift_card",
      number,
      balance: 5000,
      state: "active",
    });
  }

  it("a cart the sweeper expires after a gift card payment gives the balance back", async () => {
    // Regression: only checkout and pay calls refunded gift cards; the sweeper kept the money.
    await ownCard("GC-SWEEP-0001");
    const cart = await harbourCart(4, 1);
    await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-SWEEP-0001" },
      amount: "20.00",
    });
    expect(await balance("GC-SWEEP-0001")).toBe(3000);
    api.clock.advance(901_000);
    try {
      expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBeGreaterThan(0);
    } finally {
      api.clock.advance(-901_000);
    }
    expect(await balance("GC-SWEEP-0001")).toBe(5000);
    const [payment] = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id));
    expect(payment?.state).toBe("refunded");
  });

  it("deleting a cart after a gift card payment gives the balance back", async () => {
    await ownCard("GC-DELETE-0001");
    const cart = await harbourCart(5, 1);
    await payWith(cart.id, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-DELETE-0001" },
      amount: "20.00",
    });
    expect(await balance("GC-DELETE-0001")).toBe(3000);
    expect((await send(api, "DELETE", `/api/my/cart/${cart.id}`)).status).toBe(204);
    expect(await balance("GC-DELETE-0001")).toBe(5000);
  });
});

describe("spec 2 §5 payment amount limits", () => {
  it("USD 0.49 by card is refused with 'Payment is not supported for this amount.'; USD 0.50 is accepted", async () => {
    const cart = await harbourCart(4, 1);
    const low = await payWith(cart.id, { gateway_id: "test", gateway_data: CARD, amount: "0.49" });
    expect(low.status).toBe(400);
    expect(errorOf(low)._code).toBe("payment_not_supported");
    expect(errorOf(low)._description).toBe("Payment is not supported for this amount.");
    const ok = await payWith(cart.id, { gateway_id: "test", gateway_data: CARD, amount: "0.50" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(checkoutAnswer.parse(ok.body).checkout_result._data[0]).toMatchObject({
      status: "partial",
      total_outstanding: "26.00",
    });
  });

  it("GBP 0.30 by card is accepted, GBP 0.29 refused; amounts need two decimals", async () => {
    const cart = await newCart("riverside-zoo", "rz-day-admission", "rz-day-adult", 3);
    expect((await payWith(cart.id, { gateway_id: "test", gateway_data: CARD, amount: "0.29" })).status).toBe(
      400,
    );
    const ok = await payWith(cart.id, { gateway_id: "test", gateway_data: CARD, amount: "0.30" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const oneDecimal = await payWith(cart.id, { gateway_id: "test", gateway_data: CARD, amount: "0.5" });
    expect(oneDecimal.status).toBe(400);
    expect(errorOf(oneDecimal)._code).toBe("validation_failed");
  });
});
