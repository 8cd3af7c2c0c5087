/**
 * Refunds owed: a gateway that failed to give money back (Stripe unreachable, a timeout) left its
 * payment or refund row `refund_due` (refund.ts). This pass tries each again, oldest first, with
 * the same idempotency key as the first attempt (the row's id), so a refund Stripe made while its
 * answer was lost is not made twice. A row that goes through becomes `refund` (a part) or
 * `refunded` (a whole payment); one that fails again stays owed for the next pass.
 *
 * Each row is claimed in its own transaction with FOR UPDATE SKIP LOCKED: servers running the pass
 * together, or a staff refund of the same order, never retry one row twice at once.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { gatewayId } from "../../api/checkout/schemas.ts";
import type { Db } from "../db/client.ts";
import type { Tx } from "../db/executor.ts";
import * as s from "../db/schema.ts";
import { logger } from "../log/logger.ts";
import { gatewayFor } from "./index.ts";
import { failureCode, refundPayment } from "./refund.ts";

export const REFUND_RETRY_INTERVAL_MS = 15 * 60_000;
/** Rows tried in one pass: the rest wait for the next. */
const BATCH = 25;

export interface RefundRetryRun {
  tried: number;
  refunded: number;
  stillDue: number;
}

export async function retryDueRefunds(db: Db, limit = BATCH): Promise<RefundRetryRun> {
  const due = await db
    .select({ id: s.payment.id })
    .from(s.payment)
    .where(eq(s.payment.state, "refund_due"))
    .orderBy(asc(s.payment.occurredAt), asc(s.payment.id))
    .limit(limit);
  const run: RefundRetryRun = { tried: 0, refunded: 0, stillDue: 0 };
  for (const { id } of due) {
    const outcome = await db.transaction((tx) => retryOne(tx, id));
    if (outcome === "skipped") continue;
    run.tried += 1;
    if (outcome === "refunded") run.refunded += 1;
    else run.stillDue += 1;
  }
  return run;
}

async function retryOne(tx: Tx, id: string): Promise<"refunded" | "refund_due" | "skipped"> {
  const [row] = await tx
    .select()
    .from(s.payment)
    .where(and(eq(s.payment.id, id), eq(s.payment.state, "refund_due")))
    .for("update", { skipLocked: true });
  if (!row) return "skipped";
  // A whole payment: refund.ts tries it again with its own key and sets its state.
  if (!row.refundOfPaymentId) {
    const outcome = await refundPayment(tx, row);
    if (outcome === "refunded") logger.info({ payment_id: row.id }, "payment.refund_retried");
    return outcome === "refunded" ? "refunded" : "refund_due";
  }
  // A part of a payment: the refund row names the payment it gives back.
  const [original] = await tx.select().from(s.payment).where(eq(s.payment.id, row.refundOfPaymentId));
  if (!original) return "refund_due";
  try {
    const reference = await gatewayFor(gatewayId.parse(original.gatewayId)).refund(tx, {
      paymentId: row.id,
      cartId: original.cartId,
      amount: row.amount,
      reference: original.providerReference,
    });
    await tx
      .update(s.payment)
      .set({ state: "refund", providerReference: reference ?? sql`${s.payment.providerReference}` })
      .where(eq(s.payment.id, row.id));
    logger.info({ payment_id: original.id, refund_id: row.id }, "payment.refund_retried");
    return "refunded";
  } catch (error) {
    logger.warn(
      { payment_id: original.id, refund_id: row.id, gateway: original.gatewayId, code: failureCode(error) },
      "payment.refund_due",
    );
    return "refund_due";
  }
}
