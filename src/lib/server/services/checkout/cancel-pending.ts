/**
 * A pending order whose payment failed (Stripe's payment_intent.payment_failed for the checkout's
 * intent). Reading DESIGN §4 ("a payment that lands after its hold expired is detected and handled,
 * not lost") the way a shop must: the buyer was not charged, so the order cannot keep its places.
 * The order becomes `cancelled`; its booked tickets become cancelled, their seats and voucher uses
 * are freed and their places go back to the session and group counters (last, like every counter
 * change); what the cart's other payments took (gift cards first) is refunded; the cart becomes
 * `expired`, so coming back to it answers the spec's cart-expired error ("You have not been
 * charged.") and never "has been booked". Everything keys on the order being `pending` under the
 * cart's lock, so a repeated delivery changes nothing twice. A payment that still succeeds later
 * lands on an ended cart and is refunded (stripe-events.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { refundCartPayments } from "../../payments/refund.ts";
import { applyCapacityDeltas, releaseDeltas } from "../cart/counters.ts";
import { cancelTickets } from "../cart/release.ts";
import type { CartRow } from "../cart/types.ts";
import { releaseRedeemedCode } from "../membership/redeem.ts";

/** Cancels the locked cart's pending order; false when there is none (already handled). */
export async function cancelPendingOrder(tx: Tx, cart: CartRow): Promise<boolean> {
  if (!cart.ticketOrderId) return false;
  const [order] = await tx.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, cart.ticketOrderId));
  if (order?.state !== "pending") return false;
  const tickets = await tx
    .select()
    .from(s.ticket)
    .where(and(eq(s.ticket.ticketOrderId, order.id), eq(s.ticket.state, "booked")));
  const { sessions, groups } = releaseDeltas(tickets);
  await cancelTickets(tx, tickets, "booked");
  await tx.update(s.ticketOrder).set({ state: "cancelled" }).where(eq(s.ticketOrder.id, order.id));
  // A gift-of-membership code this order redeemed can be redeemed again.
  await releaseRedeemedCode(tx, order.id);
  await refundCartPayments(tx, cart.id);
  await tx.update(s.cart).set({ state: "expired", expiresAt: null }).where(eq(s.cart.id, cart.id));
  await applyCapacityDeltas(tx, sessions, groups);
  return true;
}
