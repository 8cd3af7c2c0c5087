/**
 * An order's completion (services/checkout/complete-order.ts) run twice delivers nothing twice,
 * whichever path runs it: a pending test-gateway payment confirmed by the buyer's follow-up
 * checkout, and a processing Stripe payment completed by its signed webhook. The order buys a gift
 * card and a membership, so each path is checked for one order, one confirmation mail, one gift
 * card (and its mail) and one membership, after the path itself has run twice and the completion
 * has been called once more directly.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { GIFT_RECIPIENT_KEYS } from "../../../src/lib/domain/gift-recipient.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { completeOrder } from "../../../src/lib/server/services/checkout/complete-order.ts";
import { withFakeStripe } from "../../fixtures/stripe/harness.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send, TEST_CARD, withRequiredCustomInfo } from "../../helpers/cart.ts";

const api = withTestApi();
const stripe = withFakeStripe(api);
const GIFT_GROUP = "hm-gift-card-cards";

/** A guest cart with a $50 gift card for a named recipient and an Individual membership. */
async function giftCardAndMembershipCart(recipientEmail: string) {
  const created = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-gift-card-50" }, { ticket_type_id: "hm-membership-individual" }],
    additionalInfo: {
      [GIFT_GROUP]: {
        [GIFT_RECIPIENT_KEYS.name]: "Ann Smith",
        [GIFT_RECIPIENT_KEYS.email]: recipientEmail,
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const cartId = cartOf(asCart(created)).id;
  const identity = await withRequiredCustomInfo(api, cartId, {
    first_name: "Bea",
    last_name: "Buyer",
    email: `buyer-${recipientEmail}`,
  });
  return { cartId, identity };
}

const webhook = (type: string, intent: Record<string, unknown>) => stripe.webhook(type, intent);

/** The one pending order of the cart and the payment that is to pay it. */
async function pendingOrderOf(cartId: string) {
  const orders = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cartId));
  expect(orders.map((o) => o.state)).toEqual(["pending"]);
  const [payment] = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
  if (!orders[0] || !payment) throw new Error("no pending order or payment");
  return { order: orders[0], payment };
}

/** The completion once more, straight: an order no longer pending answers null. */
async function completeAgain(orderId: string, paymentId: string) {
  const again = await api.handle.db.transaction((tx) =>
    completeOrder(tx, { orderId, paymentId }, { sendEmail: true, now: api.clock.now() }),
  );
  expect(again).toBeNull();
}

/** One completed order, one confirmation, one gift card and its mail, one membership. */
async function expectDeliveredOnce(cartId: string, orderId: string) {
  const orders = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cartId));
  expect(orders.map((o) => [o.id, o.state])).toEqual([[orderId, "completed"]]);
  const mails = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));
  expect(mails.filter((m) => m.kind === "order_confirmation")).toHaveLength(1);
  expect(mails.filter((m) => m.kind === "gift_card")).toHaveLength(1);
  const tickets = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, orderId));
  const cards = await api.handle.db
    .select()
    .from(s.ledger)
    .where(and(eq(s.ledger.sellerId, "harbour-museum"), like(s.ledger.id, "gift-card-%")));
  expect(cards.filter((c) => tickets.some((t) => c.id === `gift-card-${t.id}`))).toHaveLength(1);
  const members = await api.handle.db
    .select()
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, orderId));
  expect(members).toHaveLength(1);
  const payments = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
  expect(payments.map((p) => p.state)).toEqual(["succeeded"]);
}

describe("an order's completion run twice delivers nothing twice", () => {
  it("the pending path: a processing test payment confirmed twice completes one order, once", async () => {
    const { cartId, identity } = await giftCardAndMembershipCart("ann.pending@example.test");
    const checkout = (gatewayData: Record<string, unknown>) =>
      send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
        gateway_id: "test",
        identity,
        gateway_data: gatewayData,
      });
    const pending = await checkout({ ...TEST_CARD, exp_year: 2099 });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    const reference = checkoutAnswer.parse(pending.body).checkout_result._data[0]?.reference ?? "";
    const { order, payment } = await pendingOrderOf(cartId);

    const done = await checkout({ payment_intent_id: reference });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(checkoutAnswer.parse(done.body).checkout_result._data[0]?.status).toBe("completed");
    // The same confirmation again finds the order completed: the booked cart's 409.
    expect((await checkout({ payment_intent_id: reference })).status).toBe(409);
    await completeAgain(order.id, payment.id);
    await expectDeliveredOnce(cartId, order.id);
  });

  it("the webhook path: a processing Stripe payment's payment_intent.succeeded delivered twice completes one order, once", async () => {
    const { cartId, identity } = await giftCardAndMembershipCart("ann.webhook@example.test");
    const res = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "stripe",
      identity,
      gateway_data: { payment_method_id: "pm_foyer_processing" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(checkoutAnswer.parse(res.body).checkout_result._data[0]?.status).toBe("pending");
    const { order, payment } = await pendingOrderOf(cartId);
    const intent = stripe.fake().created.at(-1) ?? {};
    const succeeded = { ...intent, status: "succeeded", amount_received: intent.amount };

    const first = await webhook("payment_intent.succeeded", succeeded);
    expect(await first.json()).toEqual({ received: true, outcome: "order_completed" });
    const again = await webhook("payment_intent.succeeded", succeeded);
    expect(await again.json()).toEqual({ received: true, outcome: "already_handled" });
    await completeAgain(order.id, payment.id);
    await expectDeliveredOnce(cartId, order.id);
  });
});
