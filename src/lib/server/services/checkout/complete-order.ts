/**
 * An order's completion, in one place: the only code that makes a checkout's order `completed` (a
 * membership's off-session renewal writes its own order, membership/renewal-job.ts). What has been
 * paid becomes a completed order in these steps, inside the caller's transaction:
 * 1. the state changes: a paid cart is booked into a completed order (convert.ts: the order, its
 *    tickets and seats booked, the cart booked, a claimed gift-of-membership code recorded on it);
 *    a pending order whose payment has now succeeded becomes completed, and that payment succeeded;
 * 2. what the order delivers (fulfil.ts): its memberships, gift-of-membership codes and gift cards;
 * 3. the buyer's confirmation mail (confirmation.ts), with the payment schedule of a plan order.
 *
 * Three paths pay for an order and all complete it here: a checkout whose payment succeeds at once
 * or a plan's first payment (service.ts, plan-order.ts: a paid cart); the buyer's follow-up that
 * confirms a pending payment (confirm-pending.ts); and Stripe's payment_intent.succeeded
 * (stripe-events.ts). Each step is idempotent: a paid cart is booked once (the checkout holds its
 * lock, and a booked cart never reaches here again), a pending order completes only while it is
 * pending (a conditional update), and every fulfilment step checks what it already issued; so a
 * completion run twice delivers nothing twice.
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import type { PaymentScheduleText } from "../../mail/order-confirmation.ts";
import { enqueueConfirmation } from "./confirmation.ts";
import { bookCart, type CartBooking } from "./convert.ts";
import { completeOrderFulfilment } from "./fulfil.ts";
import { identityById, type OrderIdentity } from "./identity.ts";
import { loadOrderBundle, type OrderRow } from "./orders.ts";

/** The seller as the confirmation mail needs it. */
export interface MailSeller {
  slug: string;
  name: string;
  currencyCode: string;
}

/** A locked cart whose payment has succeeded (or that costs nothing): it becomes a completed order. */
export interface PaidCart extends CartBooking {
  seller: MailSeller;
}

/** A pending order (its cart locked) whose payment has now succeeded. */
export interface PaidPendingOrder {
  orderId: string;
  /** The payment that paid it, still pending (or failed, when Stripe reports success late). */
  paymentId: string;
}

export interface Delivery {
  /** Whether the buyer's confirmation mail is queued (a checkout's send_email). */
  sendEmail: boolean;
  /** An order on a plan: its payment schedule for the mail. */
  schedule?: PaymentScheduleText | null;
  now: Date;
}

const isPaidCart = (paid: PaidCart | PaidPendingOrder): paid is PaidCart => "cart" in paid;

/** A pending order becomes completed, and its payment succeeded; null when it is not pending. */
async function completePendingState(
  tx: Tx,
  paid: PaidPendingOrder,
  now: Date,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .update(s.ticketOrder)
    .set({ state: "completed" })
    .where(and(eq(s.ticketOrder.id, paid.orderId), eq(s.ticketOrder.state, "pending")))
    .returning();
  if (!order) return undefined;
  await tx
    .update(s.payment)
    .set({ state: "succeeded", occurredAt: now })
    .where(eq(s.payment.id, paid.paymentId));
  return order;
}

async function sellerOf(tx: Tx, sellerId: string): Promise<MailSeller> {
  const [seller] = await tx.select().from(s.seller).where(eq(s.seller.id, sellerId));
  if (!seller) throw new Error(`seller ${sellerId} missing`);
  return seller;
}

/**
 * Completes what has been paid (see the file comment). A paid cart always answers its new order;
 * a pending order answers null when it is no longer pending (completed or cancelled already), and
 * then nothing changes.
 */
export async function completeOrder(tx: Tx, paid: PaidCart, delivery: Delivery): Promise<OrderRow>;
export async function completeOrder(
  tx: Tx,
  paid: PaidPendingOrder,
  delivery: Delivery,
): Promise<OrderRow | null>;
export async function completeOrder(
  tx: Tx,
  paid: PaidCart | PaidPendingOrder,
  delivery: Delivery,
): Promise<OrderRow | null> {
  const { now } = delivery;
  const order = isPaidCart(paid)
    ? await bookCart(tx, paid, "completed", now)
    : await completePendingState(tx, paid, now);
  if (!order) return null;
  if (!delivery.sendEmail) {
    await completeOrderFulfilment(tx, order, now);
    return order;
  }
  // The mail's tickets, read with the booking's writes (one round trip: db/sequenced.ts), also
  // tell what the order delivers; read again for the mail when something was delivered now.
  const read = () => loadOrderBundle(tx, [order.id], { memberships: false });
  const bundle = await read();
  const delivered = await completeOrderFulfilment(tx, order, now, bundle.tickets);
  // A checkout knows its purchaser and seller; a later completion reads them.
  const identity: OrderIdentity = isPaidCart(paid) ? paid.identity : await identityById(tx, order.identityId);
  const seller = isPaidCart(paid) ? paid.seller : await sellerOf(tx, order.sellerId);
  await enqueueConfirmation(tx, order, identity, seller, now, {
    schedule: delivery.schedule,
    bundle: delivered ? await read() : bundle,
  });
  return order;
}
