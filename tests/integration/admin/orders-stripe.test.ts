/**
 * Staff refunds of an order paid with the `stripe` gateway, against the recorded Stripe answers
 * (tests/fixtures/stripe): the payment records the card's last four digits from the expanded
 * payment method, staff find the order by them, and a refund of two tickets is one Refunds API
 * call for their price on the order's PaymentIntent, keyed by the refund row's id; a Stripe that
 * fails leaves the part refund_due, still counted, so nothing is refunded twice, and the background
 * pass (payments/refund-retry.ts) makes it later with the same key.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { retryDueRefunds } from "../../../src/lib/server/payments/refund-retry.ts";
import { stripeRefundKey } from "../../../src/lib/server/payments/stripe-gateway.ts";
import {
  orderDetail,
  refundOrder,
  searchOrders,
} from "../../../src/lib/server/services/admin/orders/index.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { buyer, staffActor, usedCapacity } from "./helpers.ts";

const api = withTestApi();
const stripe = withFakeStripe(api);

async function stripeOrder(offset: number, quantity: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 50, 0);
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
  const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
    gateway_id: "stripe",
    gateway_data: { payment_method_id: "pm_card_visa" },
    identity: buyer("stripe"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const orderId = checkoutAnswer.parse(res.body).ticket_order?._data[0]?.id ?? "";
  const tickets = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, orderId));
  return { orderId, sessionId: session.id, ticketIds: tickets.map((t) => t.id) };
}

describe("staff refunds through Stripe", () => {
  it("the card's last four digits are recorded; two tickets go back through the Refunds API and their places are on sale again", async () => {
    const order = await stripeOrder(0, 3);
    const actor = await staffActor(api, "harbour-museum", "admin");
    const before = await orderDetail(api.handle.db, actor, order.orderId);
    expect(before.payments).toEqual([
      expect.objectContaining({ gateway: "stripe", amount: "79.50", cardLast4: "4242", state: "succeeded" }),
    ]);
    const hits = await searchOrders(api.handle.db, actor, { q: "4242", limit: 100 });
    expect(hits.map((h) => h.id)).toContain(order.orderId);
    const intent = stripe.fake().created.at(-1);

    const result = await refundOrder(
      api.handle.db,
      actor,
      {
        orderId: order.orderId,
        scope: { kind: "tickets", ticketIds: order.ticketIds.slice(0, 2) },
        reason: "Two could not come",
      },
      api.clock.now(),
    );
    expect(result).toMatchObject({ amount: "53.00", refunded: "53.00", due: "0.00" });
    const refund = stripe.fake().refunds.at(-1);
    expect(refund).toMatchObject({ amount: 5300, payment_intent: intent?.id });
    expect(refund?.idempotency_key).toBe(stripeRefundKey(result.payments[0]?.id ?? ""));
    expect(await usedCapacity(api, order.sessionId)).toBe(1);
    const [row] = await api.handle.db
      .select()
      .from(s.payment)
      .where(eq(s.payment.id, result.payments[0]?.id ?? ""));
    expect(row).toMatchObject({ state: "refund", providerReference: refund?.id });
  });

  it("a Stripe failure leaves the part refund_due: counted as given back, so the rest is all that is left", async () => {
    const order = await stripeOrder(1, 2);
    const actor = await staffActor(api, "harbour-museum", "admin");
    stripe.fake().failNextRefund = true;
    const result = await refundOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, scope: { kind: "amount", amount: "10.00" }, reason: "Goodwill" },
      api.clock.now(),
    );
    expect(result).toMatchObject({ amount: "10.00", refunded: "0.00", due: "10.00" });
    const detail = await orderDetail(api.handle.db, actor, order.orderId);
    expect(detail.refunds.map((r) => [r.amount, r.state])).toEqual([["10.00", "refund_due"]]);
    expect(detail.refundable).toBe("43.00");

    // The owed part is tried again by the background pass, with the first attempt's key.
    const owed = result.payments[0]?.id ?? "";
    const run = await retryDueRefunds(api.handle.db);
    expect(run).toMatchObject({ refunded: 1, stillDue: 0 });
    const retried = stripe.fake().refunds.at(-1);
    expect(retried).toMatchObject({ amount: 1000 });
    expect(retried?.idempotency_key).toBe(stripeRefundKey(owed));
    const after = await orderDetail(api.handle.db, actor, order.orderId);
    expect(after.refunds.map((r) => [r.amount, r.state])).toEqual([["10.00", "refund"]]);
    expect(after.refundable).toBe("43.00");
    // Nothing is owed now: the next pass tries nothing.
    expect(await retryDueRefunds(api.handle.db)).toEqual({ tried: 0, refunded: 0, stillDue: 0 });
  });

  it("a refund Stripe keeps failing stays owed, pass after pass, and is made once when Stripe answers", async () => {
    const order = await stripeOrder(2, 1);
    const actor = await staffActor(api, "harbour-museum", "admin");
    stripe.fake().failNextRefund = true;
    const result = await refundOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, scope: { kind: "order" }, reason: "Closed for repairs" },
      api.clock.now(),
    );
    expect(result).toMatchObject({ refunded: "0.00", due: "26.50" });
    const made = stripe.fake().refunds.length;
    stripe.fake().failNextRefund = true;
    expect(await retryDueRefunds(api.handle.db)).toEqual({ tried: 1, refunded: 0, stillDue: 1 });
    expect(await retryDueRefunds(api.handle.db)).toEqual({ tried: 1, refunded: 1, stillDue: 0 });
    expect(stripe.fake().refunds.length).toBe(made + 1);
    expect(await retryDueRefunds(api.handle.db)).toMatchObject({ tried: 0 });
  });
});
