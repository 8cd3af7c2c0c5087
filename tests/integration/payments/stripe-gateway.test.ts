/**
 * The stripe gateway (DESIGN §6) against recorded Stripe responses served from 127.0.0.1
 * (tests/fixtures/stripe): PaymentIntents with idempotency keys, the card error shape of spec 2 §8,
 * requires_action and its follow-up, processing completed by a signed webhook, exactly once.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const GUEST = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" };
const stripe = withFakeStripe(api);
const webhook = stripe.webhook;

let offset = 0;
async function harbourCart() {
  const session = await upcomingSession(api, "hm-general-admission", offset++);
  await setSessionCapacity(api, session.id, 50, 0);
  const env = asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
    }),
  );
  return cartOf(env);
}

const checkoutWith = (
  cartId: string,
  gatewayData: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  send(
    api,
    "POST",
    `/api/cart/${cartId}/guest_checkout`,
    { gateway_id: "stripe", gateway_data: gatewayData, identity: GUEST },
    headers,
  );

async function cartState(cartId: string) {
  const [cart] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
  return cart?.state;
}
const ordersOf = (cartId: string) =>
  api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cartId));
const paymentsOf = (cartId: string) =>
  api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId));

describe("stripe gateway: PaymentIntents", () => {
  it("pm_card_visa: the intent succeeds and the order is booked (completed), amount and currency from the cart and seller", async () => {
    const cart = await harbourCart();
    const res = await checkoutWith(cart.id, { payment_method_id: "pm_card_visa" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = checkoutAnswer.parse(res.body);
    expect(answer.checkout_result._data[0]).toMatchObject({ status: "completed", amount_paid: "26.50" });
    expect(await cartState(cart.id)).toBe("booked");
    const intent = stripe.fake().created.at(-1);
    expect(intent).toMatchObject({ amount: 2650, currency: "usd", metadata: { cart_id: cart.id } });
    const [payment] = await paymentsOf(cart.id);
    expect(payment).toMatchObject({ gatewayId: "stripe", state: "succeeded", providerReference: intent?.id });
  });

  it("spec 2 §8: a declined card is 402 with Stripe's code and message in _extra, and the cart stays pending", async () => {
    const cart = await harbourCart();
    const res = await checkoutWith(cart.id, { payment_method_id: "pm_card_chargeDeclined" });
    expect(res.status).toBe(402);
    const error = errorOf(res);
    expect(error._code).toBe("card_declined");
    expect(error._description).toBe("Your card was declined.");
    expect(error._extra).toEqual({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    expect(await cartState(cart.id)).toBe("pending");
    expect(await ordersOf(cart.id)).toHaveLength(0);
  });

  it("an unknown payment method is Stripe's invalid_request_error as a 400", async () => {
    const cart = await harbourCart();
    const res = await checkoutWith(cart.id, { payment_method_id: "pm_nope" });
    expect(res.status).toBe(400);
    expect(errorOf(res)._extra).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
    expect(await cartState(cart.id)).toBe("pending");
  });

  it("the same checkout retried after a lost answer sends the same Idempotency-Key: one charge, one order", async () => {
    const cart = await harbourCart();
    const before = stripe.fake().created.length;
    const keysBefore = stripe.fake().idempotencyKeys.length;
    stripe.fake().loseNextAnswer = true;
    const headers = { "Idempotency-Key": `retry-${cart.id}` };
    const first = await checkoutWith(cart.id, { payment_method_id: "pm_card_visa" }, headers);
    expect(first.status).toBe(502);
    expect(errorOf(first)._code).toBe("payment_provider_error");
    expect(await cartState(cart.id)).toBe("pending");
    const second = await checkoutWith(cart.id, { payment_method_id: "pm_card_visa" }, headers);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const third = await checkoutWith(cart.id, { payment_method_id: "pm_card_visa" }, headers);
    expect(third.body).toEqual(second.body);
    const keys = stripe.fake().idempotencyKeys.slice(keysBefore);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^foyer-[0-9a-f]{48}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(stripe.fake().created.length - before).toBe(1);
    expect(await ordersOf(cart.id)).toHaveLength(1);
    expect(await paymentsOf(cart.id)).toHaveLength(1);
  });

  it("requires_action is 402 intent_requires_action with payment_intent_id and client_secret; the follow-up with payment_intent_id completes", async () => {
    const cart = await harbourCart();
    const res = await checkoutWith(cart.id, { payment_method_id: "pm_card_authenticationRequired" });
    expect(res.status).toBe(402);
    const error = errorOf(res);
    expect(error._code).toBe("intent_requires_action");
    const intentId = String(error._extra.payment_intent_id);
    expect(intentId).toMatch(/^pi_/);
    expect(error._extra.client_secret).toBe(`${intentId}_secret_fake`);
    const early = await checkoutWith(cart.id, { payment_intent_id: intentId });
    expect(early.status).toBe(402);
    expect(errorOf(early)._code).toBe("intent_requires_action");
    stripe.fake().authenticate(intentId);
    const done = await checkoutWith(cart.id, { payment_intent_id: intentId });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(checkoutAnswer.parse(done.body).checkout_result._data[0]?.status).toBe("completed");
    expect(await ordersOf(cart.id)).toHaveLength(1);
  });

  it("a follow-up with another cart's intent is refused (payment_intent_mismatch)", async () => {
    const mine = await harbourCart();
    const res = await checkoutWith(mine.id, { payment_method_id: "pm_card_authenticationRequired" });
    const intentId = String(errorOf(res)._extra.payment_intent_id);
    stripe.fake().authenticate(intentId);
    const other = await harbourCart();
    const stolen = await checkoutWith(other.id, { payment_intent_id: intentId });
    expect(stolen.status).toBe(400);
    expect(errorOf(stolen)._code).toBe("payment_intent_mismatch");
    expect(await cartState(other.id)).toBe("pending");
  });
});

describe("stripe webhook", () => {
  it("processing → pending order; a signed payment_intent.succeeded completes it exactly once, even delivered twice", async () => {
    const cart = await harbourCart();
    const res = await checkoutWith(cart.id, { payment_method_id: "pm_foyer_processing" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = checkoutAnswer.parse(res.body).checkout_result._data[0];
    expect(result?.status).toBe("pending");
    const intent = stripe.fake().created.at(-1) ?? {};
    const [order] = await ordersOf(cart.id);
    expect(order?.state).toBe("pending");
    // The intent id is not enough to complete a stripe payment: only the signed webhook does.
    const forged = await checkoutWith(cart.id, { payment_intent_id: String(intent.id) });
    expect(forged.status).toBe(409);
    const succeeded = { ...intent, status: "succeeded", amount_received: intent.amount };
    const first = await webhook("payment_intent.succeeded", succeeded);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "order_completed" });
    const again = await webhook("payment_intent.succeeded", succeeded);
    expect(await again.json()).toEqual({ received: true, outcome: "already_handled" });
    const orders = await ordersOf(cart.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.state).toBe("completed");
    expect((await paymentsOf(cart.id)).map((p) => p.state)).toEqual(["succeeded"]);
    const mails = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.kind, "order_confirmation"), eq(s.outbox.relatedId, orders[0]?.id ?? "")));
    expect(mails).toHaveLength(1);
  });

  it("a processing partial payment counts once it succeeds; on a cart that expired first it is refunded (stripe-refunds.test.ts)", async () => {
    const payProcessing = async (cartId: string) => {
      const res = await send(api, "POST", `/api/cart/${cartId}/pay`, {
        gateway_id: "stripe",
        gateway_data: { payment_method_id: "pm_foyer_processing" },
        amount: "10.00",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return stripe.fake().created.at(-1) ?? {};
    };
    const open = await harbourCart();
    const openIntent = await payProcessing(open.id);
    const live = await webhook("payment_intent.succeeded", { ...openIntent, status: "succeeded" });
    expect(await live.json()).toEqual({ received: true, outcome: "payment_succeeded" });
    expect((await paymentsOf(open.id)).map((p) => p.state)).toEqual(["succeeded"]);

    const late = await harbourCart();
    const lateIntent = await payProcessing(late.id);
    await api.handle.db
      .update(s.cart)
      .set({ expiresAt: new Date(0) })
      .where(eq(s.cart.id, late.id));
    expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBeGreaterThanOrEqual(1);
    const res = await webhook("payment_intent.succeeded", { ...lateIntent, status: "succeeded" });
    expect(await res.json()).toEqual({ received: true, outcome: "refunded" });
    expect((await paymentsOf(late.id)).map((p) => p.state)).toEqual(["refunded"]);
    expect(await ordersOf(late.id)).toHaveLength(0);
  });

  it("payment_intent.payment_failed marks the pending payment failed and cancels its pending order (stripe-refunds.test.ts)", async () => {
    const cart = await harbourCart();
    await checkoutWith(cart.id, { payment_method_id: "pm_foyer_processing" });
    const intent = stripe.fake().created.at(-1) ?? {};
    const res = await webhook("payment_intent.payment_failed", {
      ...intent,
      status: "requires_payment_method",
    });
    expect(await res.json()).toEqual({ received: true, outcome: "order_cancelled" });
    expect((await paymentsOf(cart.id)).map((p) => p.state)).toEqual(["failed"]);
    expect((await ordersOf(cart.id))[0]?.state).toBe("cancelled");
  });

  it("a bad signature is 400 and changes nothing; the webhook does not exist under /cached_api", async () => {
    const cart = await harbourCart();
    await checkoutWith(cart.id, { payment_method_id: "pm_foyer_processing" });
    const intent = stripe.fake().created.at(-1) ?? {};
    const bad = await webhook("payment_intent.succeeded", { ...intent, status: "succeeded" }, "whsec_wrong");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { _data: { _code: string }[] })._data[0]?._code).toBe("invalid_signature");
    const unsigned = await api.app.request("/api/stripe/webhook", { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(400);
    expect((await ordersOf(cart.id))[0]?.state).toBe("pending");
    const cached = await api.app.request("/cached_api/stripe/webhook", { method: "POST", body: "{}" });
    expect(cached.status).toBe(404);
  });

  it("without STRIPE_SECRET_KEY the stripe gateway is 400 gateway_not_configured", async () => {
    const cart = await harbourCart();
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const res = await checkoutWith(cart.id, { payment_method_id: "pm_card_visa" });
      expect(res.status).toBe(400);
      expect(errorOf(res)._code).toBe("gateway_not_configured");
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
    }
  });
});
