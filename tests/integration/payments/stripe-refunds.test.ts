/**
 * What happens to money and places when a stripe payment does not end in an order (DESIGN §4:
 * "A payment that lands after its hold expired is detected and handled, not lost"), against the
 * recorded Stripe responses of tests/fixtures/stripe: a failed checkout payment cancels its
 * pending order and gives everything back once; a payment with no order left is refunded through
 * Stripe's refunds API with an idempotency key, and retried when the refund fails.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const stripe = withFakeStripe(api);
const GUEST = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" };

let offset = 0;
async function harbourCart(quantity = 1) {
  const session = await upcomingSession(api, "hm-general-admission", offset++);
  await setSessionCapacity(api, session.id, 50, 0);
  const env = asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
    }),
  );
  return { cart: cartOf(env), sessionId: session.id };
}

const paymentsOf = (cartId: string) =>
  api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId)).orderBy(s.payment.occurredAt);
const ticketsOf = (cartId: string) =>
  api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
async function cartRow(cartId: string) {
  const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
  return row;
}
async function groupUsed(groupId: string) {
  const [row] = await api.handle.db.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, groupId));
  return row?.usedCapacity;
}
async function balance(number: string) {
  const [row] = await api.handle.db.select().from(s.ledger).where(eq(s.ledger.number, number));
  return row?.balance;
}

async function payProcessing(cartId: string, amount: string) {
  const res = await send(api, "POST", `/api/cart/${cartId}/pay`, {
    gateway_id: "stripe",
    gateway_data: { payment_method_id: "pm_foyer_processing" },
    amount,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return stripe.fake().created.at(-1) ?? {};
}

/** A cart whose hold has passed, released by the sweeper. */
async function expireAndSweep(cartId: string) {
  await api.handle.db
    .update(s.cart)
    .set({ expiresAt: new Date(0) })
    .where(eq(s.cart.id, cartId));
  expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBeGreaterThanOrEqual(1);
}

describe("payment_intent.payment_failed on a pending order", () => {
  it("DESIGN §4: the pending order is cancelled, its places and gift card go back, exactly once on a repeated delivery", async () => {
    // Regression: the failed payment was only marked failed; the order kept its booked tickets.
    await api.handle.db.insert(s.ledger).values({
      id: "ledger-gc-failed-0001",
      sellerId: "harbour-museum",
      type: "gift_card",
      number: "GC-FAILED-0001",
      balance: 2000,
      state: "active",
    });
    const { cart, sessionId } = await harbourCart(2); // 2 x 26.50 = 53.00
    const gift = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-FAILED-0001" },
      amount: "20.00",
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_foyer_processing" },
      amount: "33.00",
      identity: GUEST,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orderId = checkoutAnswer.parse(res.body).checkout_result._data[0]?.ticket_order_ids[0] ?? "";
    const groupId = (await ticketsOf(cart.id))[0]?.ticketGroupId ?? "";
    const groupBefore = (await groupUsed(groupId)) ?? 0;
    expect((await sessionRow(api, sessionId)).usedCapacity).toBe(2);
    expect(await balance("GC-FAILED-0001")).toBe(0);

    const intent = stripe.fake().created.at(-1) ?? {};
    const failedIntent = { ...intent, status: "requires_payment_method" };
    const first = await stripe.webhook("payment_intent.payment_failed", failedIntent);
    expect(await first.json()).toEqual({ received: true, outcome: "order_cancelled" });
    const again = await stripe.webhook("payment_intent.payment_failed", failedIntent);
    expect(await again.json()).toEqual({ received: true, outcome: "already_handled" });

    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    expect(order?.state).toBe("cancelled");
    expect((await ticketsOf(cart.id)).map((t) => t.state)).toEqual(["cancelled", "cancelled"]);
    expect((await sessionRow(api, sessionId)).usedCapacity).toBe(0);
    expect(await groupUsed(groupId)).toBe(groupBefore - 2);
    expect(await balance("GC-FAILED-0001")).toBe(2000);
    expect((await paymentsOf(cart.id)).map((p) => [p.gatewayId, p.state])).toEqual([
      ["ledger", "refunded"],
      ["stripe", "failed"],
    ]);
    expect((await cartRow(cart.id))?.state).toBe("expired");
    const retry = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_card_visa" },
      identity: GUEST,
    });
    expect(retry.status).toBe(410);
    expect(errorOf(retry)._code).toBe("cart_expired");
  });

  it("a failed partial payment on an open cart is only marked failed: the cart keeps its hold", async () => {
    const { cart, sessionId } = await harbourCart(1);
    const intent = await payProcessing(cart.id, "10.00");
    const res = await stripe.webhook("payment_intent.payment_failed", {
      ...intent,
      status: "requires_payment_method",
    });
    expect(await res.json()).toEqual({ received: true, outcome: "payment_failed" });
    expect((await paymentsOf(cart.id)).map((p) => p.state)).toEqual(["failed"]);
    expect((await cartRow(cart.id))?.state).toBe("pending");
    expect((await sessionRow(api, sessionId)).usedCapacity).toBe(1);
  });
});

describe("refunds through Stripe", () => {
  it("DESIGN §4: money landing on a cart that expired first is refunded with refunds.create and an idempotency key, once", async () => {
    // Regression: the payment was only recorded refund_due; nobody gave the money back.
    const { cart } = await harbourCart(1);
    const intent = await payProcessing(cart.id, "10.00");
    await expireAndSweep(cart.id);
    const before = stripe.fake().refunds.length;
    const succeeded = { ...intent, status: "succeeded", amount_received: intent.amount };
    const res = await stripe.webhook("payment_intent.succeeded", succeeded);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "refunded" });
    const [payment] = await paymentsOf(cart.id);
    expect(payment?.state).toBe("refunded");
    const refunds = stripe.fake().refunds.slice(before);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      payment_intent: intent.id,
      amount: 1000,
      idempotency_key: `foyer-refund-${payment?.id}`,
      metadata: { cart_id: cart.id, payment_id: payment?.id },
    });
    const again = await stripe.webhook("payment_intent.succeeded", succeeded);
    expect(await again.json()).toEqual({ received: true, outcome: "already_handled" });
    expect(stripe.fake().refunds.length - before).toBe(1);
  });

  it("a refund Stripe fails leaves the payment refund_due and answers 503; Stripe's next delivery refunds it", async () => {
    const { cart } = await harbourCart(1);
    const intent = await payProcessing(cart.id, "10.00");
    await expireAndSweep(cart.id);
    const before = stripe.fake().refunds.length;
    stripe.fake().failNextRefund = true;
    const succeeded = { ...intent, status: "succeeded" };
    const first = await stripe.webhook("payment_intent.succeeded", succeeded);
    expect(first.status).toBe(503);
    expect((await paymentsOf(cart.id)).map((p) => p.state)).toEqual(["refund_due"]);
    const second = await stripe.webhook("payment_intent.succeeded", succeeded);
    expect(await second.json()).toEqual({ received: true, outcome: "refunded" });
    expect((await paymentsOf(cart.id)).map((p) => p.state)).toEqual(["refunded"]);
    expect(stripe.fake().refunds.length - before).toBe(1);
  });

  it("a card payment on a cart the sweeper releases is refunded through Stripe, not only marked refunded", async () => {
    // Regression: releasing a cart marked its card payments refunded without refunding them.
    const { cart } = await harbourCart(1);
    const paid = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_card_visa" },
      amount: "10.00",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const intent = stripe.fake().created.at(-1) ?? {};
    const before = stripe.fake().refunds.length;
    await expireAndSweep(cart.id);
    const [payment] = await paymentsOf(cart.id);
    expect(payment?.state).toBe("refunded");
    expect(stripe.fake().refunds.slice(before)).toEqual([
      expect.objectContaining({ payment_intent: intent.id, amount: 1000 }),
    ]);
  });

  it("a payment failed first that still succeeds (its order cancelled) is refunded, not lost", async () => {
    const { cart } = await harbourCart(1);
    await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_foyer_processing" },
      identity: GUEST,
    });
    const intent = stripe.fake().created.at(-1) ?? {};
    const failed = await stripe.webhook("payment_intent.payment_failed", {
      ...intent,
      status: "requires_payment_method",
    });
    expect(await failed.json()).toEqual({ received: true, outcome: "order_cancelled" });
    const late = await stripe.webhook("payment_intent.succeeded", { ...intent, status: "succeeded" });
    expect(await late.json()).toEqual({ received: true, outcome: "refunded" });
    expect((await paymentsOf(cart.id)).map((p) => p.state)).toEqual(["refunded"]);
  });
});
