/**
 * Payment plans on the stripe gateway (spec 2 §4, §5), against the recorded Stripe responses of
 * tests/fixtures/stripe: the partial-payment choice (due, outstanding or other) sent as the
 * checkout's `amount` is a PaymentIntent for that amount with the same checks and the same partial
 * answer as the test gateway, whether the intent succeeds at once, after authentication, or later
 * through the webhook; the first plan payment keeps the cart's hold past its expiry.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send } from "../../helpers/cart.ts";

const api = withTestApi();
const stripe = withFakeStripe(api);
/** The plan carts are harbour memberships, whose checkout requires the buyer's ZIP. */
const GUEST = {
  first_name: "Grace",
  last_name: "Hopper",
  email: "grace@example.com",
  additional_info: { zip_code: "02110" },
};
const DAY_MS = 86_400_000;

/** 75.00 on a plan: 25.50 due now, then 24.75 and 24.75 every 30 days. */
async function planCart() {
  const res = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cartOf(asCart(res));
}

const stripeCheckout = (cartId: string, data: Record<string, string>, amount?: string) =>
  send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "stripe",
    gateway_data: data,
    ...(amount ? { amount } : {}),
    identity: GUEST,
  });

async function cartRow(cartId: string) {
  const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
  return row;
}
const ordersOf = (cartId: string) =>
  api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cartId));

describe("stripe: the partial-payment choice", () => {
  it("spec 2 §4–§5: the chosen amount is a PaymentIntent for that amount and answers partial with the next due date", async () => {
    // Regression: on the stripe gateway the full outstanding amount was always charged.
    const cart = await planCart();
    const res = await stripeCheckout(cart.id, { payment_method_id: "pm_card_visa" }, "30.00");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = checkoutAnswer.parse(res.body).checkout_result._data[0];
    expect(result).toMatchObject({
      status: "partial",
      amount_paid: "30.00",
      total_outstanding: "45.00",
    });
    expect(stripe.fake().created.at(-1)).toMatchObject({ amount: 3000, currency: "usd" });
    // Spec 2 §4: the buyer stays on checkout, with the order booked and still owing its instalments
    // (checkout/plan-order.ts); the order's owner pays the rest from the order (instalment.ts).
    const orders = await ordersOf(cart.id);
    expect(orders.map((o) => o.state)).toEqual(["completed"]);
    expect(result?.ticket_order_ids).toEqual([orders[0]?.id]);
    expect(Date.parse(result?.next_due_date ?? "")).toBeGreaterThan(api.clock.now().getTime());
  });

  it("spec 2 §5: below the due amount, or above the outstanding balance, is refused before Stripe is called", async () => {
    const cart = await planCart();
    const before = stripe.fake().created.length;
    const low = await stripeCheckout(cart.id, { payment_method_id: "pm_card_visa" }, "10.00");
    expect(low.status).toBe(400);
    expect(errorOf(low)._description).toBe("The amount is less than the amount due.");
    const high = await stripeCheckout(cart.id, { payment_method_id: "pm_card_visa" }, "75.01");
    expect(high.status).toBe(400);
    expect(errorOf(high)._code).toBe("validation_failed");
    expect(stripe.fake().created.length).toBe(before);
  });

  it("a cart without a plan still needs the whole outstanding total at checkout", async () => {
    const env = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-donation-amount", face_value: "20.00" }],
      }),
    );
    const res = await stripeCheckout(cartOf(env).id, { payment_method_id: "pm_card_visa" }, "10.00");
    expect(res.status).toBe(400);
    expect(errorOf(res)._description).toBe("The amount must equal the total outstanding.");
  });

  it("requires_action: the follow-up with payment_intent_id and the same amount answers partial", async () => {
    const cart = await planCart();
    const first = await stripeCheckout(
      cart.id,
      { payment_method_id: "pm_card_authenticationRequired" },
      "25.50",
    );
    expect(first.status).toBe(402);
    const intentId = String(errorOf(first)._extra.payment_intent_id);
    stripe.fake().authenticate(intentId);
    const done = await stripeCheckout(cart.id, { payment_intent_id: intentId }, "25.50");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(checkoutAnswer.parse(done.body).checkout_result._data[0]).toMatchObject({
      status: "partial",
      amount_paid: "25.50",
      total_outstanding: "49.50",
    });
  });

  it("through the webhook: a processing plan payment counts when it succeeds and the cart then survives the sweeper", async () => {
    const cart = await planCart();
    const res = await stripeCheckout(cart.id, { payment_method_id: "pm_foyer_processing" }, "30.00");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = checkoutAnswer.parse(res.body).checkout_result._data[0];
    expect(result).toMatchObject({ status: "partial", total_outstanding: "75.00" });
    const intent = stripe.fake().created.at(-1) ?? {};
    expect(result?.reference).toBe(intent.id);
    expect((await cartRow(cart.id))?.expiresAt).not.toBeNull();
    const hook = await stripe.webhook("payment_intent.succeeded", { ...intent, status: "succeeded" });
    expect(await hook.json()).toEqual({ received: true, outcome: "payment_succeeded" });
    expect((await cartRow(cart.id))?.expiresAt).toBeNull();
    api.clock.advance(DAY_MS);
    try {
      await releaseExpiredCarts(api.handle.db, api.clock.now());
      const env = asCart(await send(api, "GET", `/api/cart/${cart.id}`));
      expect(cartOf(env)).toMatchObject({ state: "pending", outstanding_balance: "45.00" });
    } finally {
      api.clock.advance(-DAY_MS);
    }
  });
});
