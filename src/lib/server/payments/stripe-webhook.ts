/**
 * Stripe's webhook events for PaymentIntents (DESIGN §6), applied in one transaction with the cart
 * locked, so a late or repeated delivery changes nothing twice:
 * - payment_intent.succeeded: the pending payment with that intent as its reference succeeds. A
 *   checkout booked the cart already (its order is pending): the order completes and its
 *   confirmation mail is queued. A partial payment on a cart still open simply counts as paid. A
 *   cart that ended (expired, deleted) before the money arrived keeps no tickets: the payment is
 *   recorded as `refund_due` (to be refunded by the seller) and logged by id.
 * - payment_intent.payment_failed: the pending payment becomes `failed`.
 * A payment that is not pending any more (already handled) is left alone.
 */
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";
import type { Tx } from "../db/seed/helpers.ts";
import { enqueueConfirmation } from "../services/checkout/convert.ts";
import { identityById } from "../services/checkout/identity.ts";

export type WebhookOutcome =
  | "ignored"
  | "unknown_payment"
  | "already_handled"
  | "order_completed"
  | "payment_succeeded"
  | "refund_due"
  | "payment_failed";

async function pendingPaymentFor(tx: Tx, intentId: string) {
  const [found] = await tx
    .select()
    .from(s.payment)
    .where(and(eq(s.payment.gatewayId, "stripe"), eq(s.payment.providerReference, intentId)));
  if (!found) return undefined;
  // Lock the cart first (like every checkout call), then read the payment again under the lock.
  const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, found.cartId)).for("update");
  const [payment] = await tx.select().from(s.payment).where(eq(s.payment.id, found.id));
  return cart && payment ? { cart, payment } : undefined;
}

async function completeOrder(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [order] = await tx.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  if (order?.state !== "pending") return false;
  await tx.update(s.ticketOrder).set({ state: "completed" }).where(eq(s.ticketOrder.id, order.id));
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, order.sellerId));
  if (seller) {
    await enqueueConfirmation(
      tx,
      { ...order, state: "completed" },
      await identityById(tx, order.identityId),
      seller,
      now,
    );
  }
  return true;
}

async function succeeded(tx: Tx, intent: Stripe.PaymentIntent, now: Date): Promise<WebhookOutcome> {
  const found = await pendingPaymentFor(tx, intent.id);
  if (!found) return "unknown_payment";
  const { cart, payment } = found;
  if (payment.state !== "pending") return "already_handled";
  if (cart.state === "booked" && cart.ticketOrderId) {
    await tx
      .update(s.payment)
      .set({ state: "succeeded", occurredAt: now })
      .where(eq(s.payment.id, payment.id));
    return (await completeOrder(tx, cart.ticketOrderId, now)) ? "order_completed" : "payment_succeeded";
  }
  if (cart.state === "pending") {
    await tx
      .update(s.payment)
      .set({ state: "succeeded", occurredAt: now })
      .where(eq(s.payment.id, payment.id));
    return "payment_succeeded";
  }
  await tx
    .update(s.payment)
    .set({ state: "refund_due", occurredAt: now })
    .where(eq(s.payment.id, payment.id));
  console.warn("stripe.refund_due", { payment_id: payment.id, cart_state: cart.state });
  return "refund_due";
}

async function failed(tx: Tx, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  const found = await pendingPaymentFor(tx, intent.id);
  if (!found) return "unknown_payment";
  if (found.payment.state !== "pending") return "already_handled";
  await tx.update(s.payment).set({ state: "failed" }).where(eq(s.payment.id, found.payment.id));
  return "payment_failed";
}

/** Applies a verified event; other event types are acknowledged and ignored. */
export async function applyStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
  if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object;
    return db.transaction((tx) => succeeded(tx, intent, now));
  }
  if (event.type === "payment_intent.payment_failed") {
    const intent = event.data.object;
    return db.transaction((tx) => failed(tx, intent));
  }
  return "ignored";
}
