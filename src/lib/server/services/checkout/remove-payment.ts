/**
 * DELETE my/cart/{id}/payment/{paymentId} (and cart/{id}/payment/{paymentId}): a shopper takes an
 * applied gift card off the cart before paying the rest. Spec 2 §4 has gift cards paid
 * first, as partial payments, and its §7 names no call to undo one, so this call is narrow: only a
 * gift-card (ledger) payment of a pending cart the caller may use, and the card gets back exactly
 * what the payment took (payments/refund.ts, the same refund a released cart gets).
 *
 * Exactly once: the cart row is locked (withLockedCart) and the payment row too, and only a
 * `succeeded` payment is refunded; a second removal, concurrent or later, finds it `refunded` and
 * changes nothing (DELETE is idempotent), so the card is never credited twice.
 */
import { and, eq } from "drizzle-orm";
import type { CartEnvelope } from "../../../api/cart/schemas.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { fail, notFound } from "../../errors/api-error.ts";
import { refundPayment } from "../../payments/refund.ts";
import { withLockedCart } from "../cart/access.ts";
import { buildCartEnvelope } from "../cart/envelope.ts";
import type { Caller } from "../identity/identity.ts";

export interface RemovePaymentDeps {
  db: Db;
  clock: Clock;
}

export const paymentNotRemovable = (description: string, extra: Record<string, unknown> = {}) =>
  fail("payment_not_removable", { description, extra });

export async function removePayment(
  deps: RemovePaymentDeps,
  cartId: string,
  paymentId: string,
  caller: Caller,
): Promise<CartEnvelope> {
  const { db, clock } = deps;
  const now = clock.now();
  const cart = await withLockedCart(db, cartId, caller, now, async (tx, locked) => {
    const [payment] = await tx
      .select()
      .from(s.payment)
      .where(and(eq(s.payment.id, paymentId), eq(s.payment.cartId, locked.id)))
      .for("update");
    if (!payment) throw notFound("payment", paymentId);
    if (payment.gatewayId !== "ledger") {
      throw paymentNotRemovable("Only a gift card payment can be removed before checkout.", {
        payment_id: payment.id,
      });
    }
    if (payment.state === "refunded") return locked;
    if (payment.state !== "succeeded") {
      throw paymentNotRemovable("This payment can no longer be removed.", {
        payment_id: payment.id,
        state: payment.state,
      });
    }
    // A plan cart's first payment lifted its expiry (plan.ts); taking the payment back would leave
    // holds with no end, so such a cart keeps its payments until checkout or discard.
    if (locked.expiresAt === null) {
      throw paymentNotRemovable("Payments toward a payment plan cannot be removed.", {
        payment_id: payment.id,
      });
    }
    const outcome = await refundPayment(tx, payment);
    if (outcome !== "refunded") {
      // Roll back: the payment stays applied rather than half removed.
      throw fail("refund_not_made_yet", { extra: { payment_id: payment.id } });
    }
    return locked;
  });
  return buildCartEnvelope(db, cart, now);
}
