/**
 * Checking out an edit cart applies the change to its order, inside the checkout's one
 * transaction (checkout/guard.ts locks the cart; the order row is locked here, so two edits of one
 * order run one after the other). In order:
 * - the removals are checked again (on the order, booked, beyond the horizon) and the additions
 *   must start beyond the horizon;
 * - what the change costs (domain/manage/edit-price.ts, the order's codes kept) is charged when above zero
 *   (the test or stripe gateway, on the edit cart), else the free gateway is used;
 * - the held tickets are booked on the original order; the removed ones become cancelled with a
 *   conditional UPDATE (booked → cancelled) that must match each of them, so each old place is given
 *   back exactly once, the counters last (cart/counters.ts);
 * - a lower price follows `self_edit.lower_price`: refunded to the order's payments through their
 *   gateway (newest first, a `refund` payment row each), or kept;
 * - the order's total changes and the cart is booked, pointing at the order.
 * No confirmation mail is sent (the client posts ticket_order/{id}/email with order_update).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { CheckoutAnswer } from "../../../../api/checkout/schemas.ts";
import { editedOrderTotal } from "../../../../domain/manage/edit.ts";
import { toMoneyString } from "../../../../domain/money.ts";
import type { Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import type { GatewayData, GatewayId } from "../../../payments/gateway.ts";
import { gatewayFor } from "../../../payments/index.ts";
import { refundOrderAmount } from "../../../payments/refund.ts";
import { applyCapacityDeltas, releaseDeltas } from "../../cart/counters.ts";
import { cancelTickets, heldTickets } from "../../cart/release.ts";
import type { CartRow } from "../../cart/types.ts";
import { checkoutAnswerOf } from "../../checkout/answer.ts";
import { cartPayments, paidAmount } from "../../checkout/cart-state.ts";
import { bookTickets } from "../../checkout/convert.ts";
import { amountMismatch, cartEmpty } from "../../checkout/errors.ts";
import type { OrderRow } from "../../checkout/orders.ts";
import { assertCardAmount, recordPayment } from "../../checkout/partial.ts";
import { requestMoney } from "../../money/request-money.ts";
import { orderNotFound } from "../access.ts";
import {
  assertSelfEdit,
  checkAddedHorizon,
  checkRemovals,
  priceEdit,
  type SelfEdit,
  ticketStateIncorrect,
} from "./rules.ts";

export interface EditCheckout {
  gatewayId: GatewayId;
  data: GatewayData;
  amount?: string;
  key: string | null;
  currency: string;
  now: Date;
}

async function lockOrder(tx: Tx, orderId: string | null): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(s.ticketOrder)
    .where(eq(s.ticketOrder.id, orderId ?? ""))
    .for("update");
  if (!order) throw orderNotFound();
  if (order.state !== "completed") throw ticketStateIncorrect(order.id, order.state);
  return order;
}

/** Cancels the removed tickets; throws (rolling everything back) unless each was still booked. */
async function cancelRemoved(tx: Tx, order: OrderRow, ids: readonly string[]) {
  if (!ids.length) return [];
  const rows = await tx
    .update(s.ticket)
    .set({ state: "cancelled" })
    .where(
      and(inArray(s.ticket.id, [...ids]), eq(s.ticket.ticketOrderId, order.id), eq(s.ticket.state, "booked")),
    )
    .returning();
  if (rows.length !== ids.length) {
    const missing = ids.find((id) => !rows.some((r) => r.id === id)) ?? ids[0] ?? "";
    throw ticketStateIncorrect(missing, "cancelled");
  }
  return rows;
}

/** Applies a locked, pending edit cart to its order (see the file comment). */
export async function checkoutEdit(tx: Tx, cart: CartRow, input: EditCheckout): Promise<CheckoutAnswer> {
  const { now } = input;
  const order = await lockOrder(tx, cart.editsTicketOrderId);
  const selfEdit: SelfEdit = await assertSelfEdit(tx, cart.sellerId);
  const held = await heldTickets(tx, cart.id);
  if (!held.length && !cart.editRemovals.length) throw cartEmpty(cart.id);
  const removing = await checkRemovals(tx, order, cart.editRemovals, now, selfEdit);
  await checkAddedHorizon(tx, held, now, selfEdit);

  const payments = await cartPayments(tx, cart.id);
  // The same price the confirm page showed (edit-price.ts): the order's codes kept, fees included.
  const price = await priceEdit(tx, order, cart.editRemovals, held, cart.codes);
  const outstanding = price.difference - paidAmount(payments);
  const due = Math.max(0, outstanding);
  const asked =
    input.amount === undefined ? due : requestMoney(input.amount, input.currency, { field: "amount" });
  const gateway = gatewayFor(input.gatewayId);
  if (asked !== due || due > 0 === (gateway.id === "free"))
    throw amountMismatch(toMoneyString(due, input.currency));
  // Removals first (their rows locked by the conditional UPDATE), so nothing is charged for an edit
  // that cannot be applied.
  const cancelled = await cancelRemoved(
    tx,
    order,
    removing.map((t) => t.id),
  );
  let charged = 0;
  if (due > 0) {
    if (gateway.cardLimits) assertCardAmount(due, input.currency);
    const charge = await gateway.charge(tx, {
      cartId: cart.id,
      sellerId: cart.sellerId,
      amount: due,
      currency: input.currency,
      data: input.data,
      idempotencyKey: input.key ?? `edit:${cart.id}`,
      now,
    });
    // A gift card that does not cover it rolls back with the transaction (its ledger is ours).
    if (charge.amount < due) throw amountMismatch(toMoneyString(due, input.currency));
    await recordPayment(tx, cart, gateway, charge, input.key, now);
    charged = charge.amount;
  }

  // The order changes: additions booked on it; the removed tickets' seats and vouchers freed.
  await bookTickets(tx, held, order.id);
  await cancelTickets(tx, cancelled, "booked");
  if (outstanding < 0 && selfEdit.lower_price === "refund") {
    await refundOrderAmount(tx, {
      order,
      amount: -outstanding,
      cartId: cart.id,
      now,
      logEvent: "edit.refund_due",
    });
  }
  const total = editedOrderTotal(order.total, outstanding, selfEdit.lower_price);
  await tx.update(s.ticketOrder).set({ total }).where(eq(s.ticketOrder.id, order.id));
  await tx
    .update(s.cart)
    .set({ state: "booked", ticketOrderId: order.id, expiresAt: null })
    .where(eq(s.cart.id, cart.id));
  // The places of the removed tickets go back last, right before COMMIT (counters.ts).
  const { sessions, groups } = releaseDeltas(cancelled);
  await applyCapacityDeltas(tx, sessions, groups);
  return checkoutAnswerOf({
    cartId: cart.id,
    status: "completed",
    orders: [{ ...order, total }],
    payments: await cartPayments(tx, cart.id),
    amountPaid: charged,
    outstanding: 0,
    reference: null,
    currency: input.currency,
  });
}
