/**
 * A booked cart whose order is pending (its payment was still processing at checkout): the buyer's
 * follow-up checkout with the same payment intent confirms it and completes the order
 * (complete-order.ts). A stripe payment completes only by Stripe's signed webhook
 * (stripe-events.ts), never by an intent id a caller sends.
 */
import { and, eq } from "drizzle-orm";
import type { CheckoutAnswer } from "../../../api/checkout/schemas.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { dataString, type GatewayData } from "../../payments/gateway.ts";
import type { CartRow } from "../cart/types.ts";
import { sellerCurrency } from "../money/seller-currency.ts";
import { checkoutAnswerOf } from "./answer.ts";
import { cartPayments } from "./cart-state.ts";
import { completeOrder } from "./complete-order.ts";

export interface PendingConfirmation {
  gatewayData: GatewayData;
  sendEmail: boolean;
  now: Date;
}

/** The completed answer, or undefined when this call confirms no pending payment of the cart. */
export async function confirmPendingPayment(
  tx: Tx,
  cart: CartRow,
  input: PendingConfirmation,
): Promise<CheckoutAnswer | undefined> {
  const intent = dataString(input.gatewayData, "payment_intent_id");
  if (!intent || !cart.ticketOrderId) return undefined;
  const [order] = await tx.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, cart.ticketOrderId));
  if (order?.state !== "pending") return undefined;
  const [pending] = await tx
    .select()
    .from(s.payment)
    .where(
      and(
        eq(s.payment.cartId, cart.id),
        eq(s.payment.state, "pending"),
        eq(s.payment.providerReference, intent),
      ),
    );
  if (!pending || pending.gatewayId === "stripe") return undefined;
  const completed = await completeOrder(
    tx,
    { orderId: order.id, paymentId: pending.id },
    { sendEmail: input.sendEmail, now: input.now },
  );
  if (!completed) return undefined;
  return checkoutAnswerOf({
    cartId: cart.id,
    status: "completed",
    orders: [completed],
    payments: await cartPayments(tx, cart.id),
    amountPaid: pending.amount,
    outstanding: 0,
    reference: null,
    currency: await sellerCurrency(tx, cart.sellerId),
  });
}
