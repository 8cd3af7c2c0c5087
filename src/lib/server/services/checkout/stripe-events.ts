/**
 * What the checkout does with Stripe's PaymentIntent events (DESIGN §6), once the webhook route has
 * verified them (payments/stripe-webhook.ts). Each is applied in one transaction with the cart
 * locked, so a late or repeated delivery changes nothing twice:
 * - payment_intent.succeeded: the payment with that intent as its reference succeeds.
 *   - A checkout booked the cart and its order is pending: the order completes
 *     (complete-order.ts) and its confirmation mail is queued.
 *   - A partial payment on a cart still open (its hold not passed) counts as paid; on a plan cart
 *     the hold then no longer expires (plan.ts), like after a pay call.
 *   - Any other cart (expired, deleted, its hold passed, its pending order cancelled, or an order
 *     completed without this money) keeps no tickets for it: the payment is refunded through
 *     Stripe (payments/refund.ts). When the refund fails the payment stays `refund_due` (logged by
 *     id) and the webhook answers 503, so Stripe delivers again and the refund is retried with
 *     the same idempotency key.
 * - payment_intent.payment_failed: the pending payment becomes `failed`; when it was a checkout's
 *   payment (its order pending), the order is cancelled and its places released
 *   (cancel-pending.ts). A failed payment that still succeeds later is refunded.
 * A payment already handled (not pending, nor failed for a success) is left alone.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail } from "../../errors/api-error.ts";
import { logger } from "../../log/logger.ts";
import { refundPayment } from "../../payments/refund.ts";
import type { StripePaymentEvent } from "../../payments/stripe-webhook.ts";
import { isPastExpiry, releaseCart } from "../cart/release.ts";
import { cancelPendingOrder } from "./cancel-pending.ts";
import { completeOrder } from "./complete-order.ts";
import { keepPlanCart } from "./plan.ts";

export type WebhookOutcome =
  | "ignored"
  | "unknown_payment"
  | "already_handled"
  | "order_completed"
  | "payment_succeeded"
  | "refunded"
  | "refund_due"
  | "payment_failed"
  | "order_cancelled";

type PaymentRow = typeof s.payment.$inferSelect;

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

async function succeeded(tx: Tx, intentId: string, now: Date): Promise<WebhookOutcome> {
  const found = await pendingPaymentFor(tx, intentId);
  if (!found) return "unknown_payment";
  const { cart, payment } = found;
  if (payment.state === "refund_due") return refundLate(tx, payment, cart.state);
  if (payment.state !== "pending" && payment.state !== "failed") return "already_handled";
  if (cart.state === "booked" && cart.ticketOrderId) {
    // The webhook cannot see whether the checkout asked for the mail (send_email): it always goes.
    const order = await completeOrder(
      tx,
      { orderId: cart.ticketOrderId, paymentId: payment.id },
      { sendEmail: true, now },
    );
    if (order) return "order_completed";
  }
  if (cart.state === "pending" && isPastExpiry(cart, now)) await releaseCart(tx, cart, "expired");
  else if (cart.state === "pending") {
    await tx
      .update(s.payment)
      .set({ state: "succeeded", occurredAt: now })
      .where(eq(s.payment.id, payment.id));
    await keepPlanCart(tx, cart);
    return "payment_succeeded";
  }
  return refundLate(tx, { ...payment, state: "succeeded", occurredAt: now }, cart.state);
}

/** Money that has no order to go to: refunded through Stripe, else left refund_due (and logged). */
async function refundLate(tx: Tx, payment: PaymentRow, cartState: string): Promise<WebhookOutcome> {
  const outcome = await refundPayment(tx, payment);
  if (outcome === "refunded") return "refunded";
  logger.warn({ payment_id: payment.id, cart_state: cartState }, "stripe.refund_due");
  return "refund_due";
}

async function failed(tx: Tx, intentId: string): Promise<WebhookOutcome> {
  const found = await pendingPaymentFor(tx, intentId);
  if (!found) return "unknown_payment";
  const { cart, payment } = found;
  if (payment.state !== "pending") return "already_handled";
  await tx.update(s.payment).set({ state: "failed" }).where(eq(s.payment.id, payment.id));
  if (cart.state === "booked" && (await cancelPendingOrder(tx, cart))) return "order_cancelled";
  return "payment_failed";
}

const refundNotYetMade = () => fail("refund_due");

/** Applies a verified event; other event types are acknowledged and ignored. */
export async function applyStripePaymentEvent(
  db: Db,
  event: StripePaymentEvent,
  now: Date,
): Promise<WebhookOutcome> {
  if (event.type === "payment_intent.succeeded") {
    const outcome = await db.transaction((tx) => succeeded(tx, event.intentId, now));
    // The refund_due state is committed; a non-2xx answer makes Stripe deliver the event again
    // (for up to three days), and the next delivery retries the refund with the same key.
    if (outcome === "refund_due") throw refundNotYetMade();
    return outcome;
  }
  if (event.type === "payment_intent.payment_failed") {
    return db.transaction((tx) => failed(tx, event.intentId));
  }
  return "ignored";
}
