/**
 * Giving a taken payment back (DESIGN §4: money that lands without an order is not lost), through
 * the gateway that took it: a gift card is credited, a `test` payment refunds itself, a `stripe`
 * payment is refunded through Stripe with an idempotency key from the payment's id. The payment
 * becomes `refunded`; when the gateway fails (Stripe unreachable, the gateway no longer
 * configured) it becomes `refund_due`, is logged by id, and the next attempt (the same key) may
 * refund it. Only `succeeded` and `refund_due` payments are refunded, so running it twice gives
 * nothing back twice.
 *
 * A part of an order given back (a cheaper edit, a staff refund) is `refundOrderAmount`: split over
 * the order's payments newest first, each part a `refund` row naming the payment it refunds.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { gatewayId } from "../../api/checkout/schemas.ts";
import { splitRefund } from "../../domain/manage/edit.ts";
import type { Executor, Tx } from "../db/executor.ts";
import * as s from "../db/schema.ts";
import { ApiError } from "../errors/api-error.ts";
import { logger } from "../log/logger.ts";
import { deskRefunder, isDeskGateway, type Refunder } from "./desk.ts";
import { gatewayFor } from "./index.ts";

type PaymentRow = typeof s.payment.$inferSelect;

/** The gateway that gives a payment back: a desk payment is given back at the desk (desk.ts). */
function refunderOf(id: string): Refunder {
  return isDeskGateway(id) ? deskRefunder : gatewayFor(gatewayId.parse(id));
}
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
    await refunderOf(payment.gatewayId).refund(tx, {
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

type OrderRef = { id: string; cartId: string; sellerId: string };

/** The gateways a part of a payment can go back through (free took nothing). */
const PART_REFUNDABLE_GATEWAYS = new Set(["test", "stripe", "ledger", "desk_card", "desk_cash"]);

/** What an order's payments took and what was given back, in minor units. */
export interface OrderRefundables {
  /** Every payment row of the order (oldest first): those that took money and the refund rows. */
  rows: PaymentRow[];
  /** The succeeded payments that can take a refund, with what is left of each (oldest first). */
  payments: { row: PaymentRow; left: number }[];
  /** Everything the order's payments took (succeeded, in any gateway). */
  paid: number;
  /** Everything given back or owed back (`refund` and `refund_due` rows, refunded payments). */
  refunded: number;
}

/**
 * The payments of an order (its own cart and its booked edit carts) and what is left to refund on
 * each. Read it under the order's row lock, so two refunds of one order never both see the same
 * money left.
 */
export async function orderRefundables(tx: Executor, order: OrderRef): Promise<OrderRefundables> {
  const carts = await tx
    .select({ id: s.cart.id })
    .from(s.cart)
    .where(and(eq(s.cart.editsTicketOrderId, order.id), eq(s.cart.state, "booked")));
  const cartIds = [order.cartId, ...carts.map((c) => c.id)];
  const rows = await tx
    .select()
    .from(s.payment)
    .where(inArray(s.payment.cartId, cartIds))
    .orderBy(s.payment.occurredAt, s.payment.id);
  const refundedOf = new Map<string, number>();
  let paid = 0;
  let refunded = 0;
  for (const r of rows) {
    if (r.refundOfPaymentId && (r.state === "refund" || r.state === "refund_due")) {
      refundedOf.set(r.refundOfPaymentId, (refundedOf.get(r.refundOfPaymentId) ?? 0) + r.amount);
      refunded += r.amount;
    } else if (!r.refundOfPaymentId && r.state === "succeeded") {
      paid += r.amount;
    } else if (!r.refundOfPaymentId && (r.state === "refunded" || r.state === "refund_due")) {
      // A whole payment given back (refundPayment): it was paid, and all of it went back.
      paid += r.amount;
      refunded += r.amount;
    }
  }
  const payments = rows
    .filter(
      (r) => r.state === "succeeded" && !r.refundOfPaymentId && PART_REFUNDABLE_GATEWAYS.has(r.gatewayId),
    )
    .map((row) => ({ row, left: row.amount - (refundedOf.get(row.id) ?? 0) }))
    .filter((p) => p.left > 0);
  return { rows, payments, paid, refunded };
}

export interface AmountRefund {
  /** The order, locked by the caller (FOR UPDATE) before anything was read. */
  order: OrderRef;
  /** Minor units to give back; at most what is left (orderRefundables), the caller checked. */
  amount: number;
  /** The cart the `refund` rows are written on (an edit's cart, or the order's own). */
  cartId: string;
  now: Date;
  /** The log event of a part the gateway could not refund now. */
  logEvent: string;
}

export interface AmountRefundOutcome {
  /** What the gateways gave back now. */
  refunded: number;
  /** What is owed back but failed at the gateway (rows `refund_due`, logged by id). */
  due: number;
  rows: PaymentRow[];
}

/**
 * Gives `amount` of an order back to its payments through their gateways, newest payment first
 * (splitRefund): a card through the gateway that took it, a gift card to its balance. Each part is a
 * `refund` row naming its payment; a gateway that fails leaves the part `refund_due` (logged by id),
 * like refundPayment does for whole payments.
 */
export async function refundOrderAmount(tx: Tx, input: AmountRefund): Promise<AmountRefundOutcome> {
  const { payments } = await orderRefundables(tx, input.order);
  const parts = splitRefund(
    input.amount,
    payments.map((p) => ({ id: p.row.id, amount: p.left })),
  );
  const outcome: AmountRefundOutcome = { refunded: 0, due: 0, rows: [] };
  for (const part of parts) {
    const original = payments.find((p) => p.row.id === part.id)?.row;
    if (!original) continue;
    const id = randomUUID();
    let state = "refund";
    let reference: string | null = null;
    try {
      reference = await refunderOf(original.gatewayId).refund(tx, {
        paymentId: id,
        cartId: original.cartId,
        amount: part.amount,
        reference: original.providerReference,
      });
      outcome.refunded += part.amount;
    } catch (error) {
      state = "refund_due";
      outcome.due += part.amount;
      logger.warn(
        { payment_id: original.id, refund_id: id, gateway: original.gatewayId, code: failureCode(error) },
        input.logEvent,
      );
    }
    const row: PaymentRow = {
      id,
      sellerId: input.order.sellerId,
      cartId: input.cartId,
      gatewayId: original.gatewayId,
      state,
      amount: part.amount,
      occurredAt: input.now,
      // The card is the refunded payment's (refundOfPaymentId names it).
      cardNumber: null,
      remainingBalance: null,
      providerReference: reference,
      cardLast4: null,
      idempotencyKey: null,
      refundOfPaymentId: original.id,
    };
    await tx.insert(s.payment).values(row);
    outcome.rows.push(row);
  }
  return outcome;
}
