/**
 * Giving a taken payment back (DESIGN §4: money that lands without an order is not lost), through
 * the gateway that took it: a gift card is credited, a `test` payment refunds itself, a `stripe`
 * payment is refunded through Stripe with an idempotency key from the payment's id. The payment
 * becomes `refunded`; when the gateway fails (Stripe unreachable, the gateway no longer
 * configured) it becomes `refund_due`, is logged by id, and the next attempt (the same key) may
 * refund it. Only `succeeded` and `refund_due` payments are refunded, so running it twice gives
 * nothing back twice.
 */
import { eq } from "drizzle-orm";
import { gatewayId } from "../../api/checkout/schemas.ts";
import type { Tx } from "../db/executor.ts";
import * as s from "../db/schema.ts";
import { ApiError } from "../errors/api-error.ts";
import { logger } from "../log/logger.ts";
import { gatewayFor } from "./index.ts";

type PaymentRow = typeof s.payment.$inferSelect;
export type RefundOutcome = "refunded" | "refund_due" | "not_refundable";

const REFUNDABLE = new Set(["succeeded", "refund_due"]);

/** What identifies a failed refund in the log: never a card, a name or an e-mail. */
export function failureCode(error: unknown): string {
  if (error instanceof ApiError) return error.items[0]?._code ?? "api_error";
  return error instanceof Error ? error.name : typeof error;
}

export async function refundPayment(tx: Tx, payment: PaymentRow): Promise<RefundOutcome> {
  if (!REFUNDABLE.has(payment.state)) return "not_refundable";
  try {
    await gatewayFor(gatewayId.parse(payment.gatewayId)).refund(tx, {
      paymentId: payment.id,
      cartId: payment.cartId,
      amount: payment.amount,
      reference: payment.providerReference,
    });
  } catch (error) {
    logger.warn(
      { payment_id: payment.id, gateway: payment.gatewayId, code: failureCode(error) },
      "payment.refund_due",
    );
    if (payment.state !== "refund_due") {
      await tx.update(s.payment).set({ state: "refund_due" }).where(eq(s.payment.id, payment.id));
    }
    return "refund_due";
  }
  await tx.update(s.payment).set({ state: "refunded" }).where(eq(s.payment.id, payment.id));
  return "refunded";
}

/** Refunds every refundable payment of a (locked) cart, in the order taken; answers each outcome. */
export async function refundCartPayments(tx: Tx, cartId: string): Promise<RefundOutcome[]> {
  const payments = await tx
    .select()
    .from(s.payment)
    .where(eq(s.payment.cartId, cartId))
    .orderBy(s.payment.occurredAt, s.payment.id);
  const outcomes: RefundOutcome[] = [];
  for (const payment of payments) outcomes.push(await refundPayment(tx, payment));
  return outcomes;
}
