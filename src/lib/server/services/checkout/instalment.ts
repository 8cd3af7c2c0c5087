/**
 * Paying an instalment of a booked order (scheduled payments show as Upcoming or Overdue,
 * and an overdue one can be paid now through the checkout screen). An order whose ticket group has
 * a `payment_plan` (plan.ts) and whose cart's succeeded payments do not cover its total still owes
 * its unpaid instalments: the demo member's Family membership (seed/account-demo.ts) is one.
 *
 * - GET my/cart/{id} of such a booked cart, for the order's own identity, lists its booked tickets,
 *   so the answer carries the plan (scheduled_payment) and the outstanding balance; the cart stays
 *   `booked` (instalmentTickets).
 * - POST my/cart/{id}/pay and my/cart/{id}/checkout on it take the payment exactly like a plan
 *   cart's partial payment (partial.ts: between the due amount and the outstanding balance, gift
 *   cards any amount up to it). The answer is `partial` with the next due date, or `completed` with
 *   the order once nothing is left (payInstalment).
 * Only the order's identity may read or pay it (403 `forbidden` to everyone else); an order that
 * owes nothing keeps the booked answers (409 "Cart with order ID ... has been booked.").
 */
import { and, eq, notInArray } from "drizzle-orm";
import type { CheckoutAnswer } from "../../../api/checkout/schemas.ts";
import { parseMoneyString, toMoneyString } from "../../../domain/money.ts";
import { type PlanState, planInstalments, planState } from "../../../domain/payment-plan.ts";
import type { Db } from "../../db/client.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { validationFailed } from "../../errors/api-error.ts";
import type { GatewayData } from "../../payments/gateway.ts";
import { type GatewayId, gatewayFor } from "../../payments/index.ts";
import { forbidden } from "../cart/errors.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import type { Caller } from "../identity/identity.ts";
import { requestMoney } from "../money/request-money.ts";
import { sellerCurrency } from "../money/seller-currency.ts";
import { checkoutAnswerOf } from "./answer.ts";
import { cartPayments, type PaymentRow, paidAmount } from "./cart-state.ts";
import type { OrderRow } from "./orders.ts";
import { takePartialPayment } from "./partial.ts";
import { groupMetas, planOf } from "./plan.ts";

export interface BookedPlan {
  order: OrderRow;
  tickets: TicketRow[];
  payments: PaymentRow[];
  /** The order total, minor units. */
  total: number;
  state: PlanState;
}

/** The plan a booked cart's order still owes on; null when the cart is not booked or owes nothing. */
export async function bookedPlanOf(
  ex: Executor,
  cart: CartRow,
  now: Date,
  currency: string,
): Promise<BookedPlan | null> {
  if (cart.state !== "booked" || !cart.ticketOrderId) return null;
  const [order] = await ex.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, cart.ticketOrderId));
  if (order?.state !== "completed") return null;
  const tickets = await ex
    .select()
    .from(s.ticket)
    .where(
      and(
        eq(s.ticket.cartId, cart.id),
        eq(s.ticket.ticketOrderId, order.id),
        notInArray(s.ticket.state, ["cancelled", "unbooked"]),
      ),
    )
    .orderBy(s.ticket.createdAt, s.ticket.id);
  if (!tickets.length) return null;
  const plan = planOf(tickets, await groupMetas(ex, cart.sellerId, tickets));
  if (!plan) return null;
  const payments = await cartPayments(ex, cart.id);
  const state = planState(
    planInstalments(order.total, plan, cart.createdAt, currency),
    paidAmount(payments),
    now,
  );
  if (state.outstanding <= 0) return null;
  return { order, tickets, payments, total: order.total, state };
}

/**
 * GET my/cart/{id}: the booked tickets of a cart whose order still owes instalments, when the
 * caller is the order's identity; undefined otherwise (the read answers as before).
 */
export async function instalmentTickets(
  db: Db,
  cart: CartRow,
  caller: Caller,
  now: Date,
): Promise<TicketRow[] | undefined> {
  if (cart.state !== "booked" || !caller.identityId) return undefined;
  const owed = await bookedPlanOf(db, cart, now, await sellerCurrency(db, cart.sellerId));
  if (!owed || owed.order.identityId !== caller.identityId || owed.order.sellerId !== caller.sellerId)
    return undefined;
  return owed.tickets;
}

export interface InstalmentPayment {
  caller: Caller;
  /** The asked amount (money string); absent: the whole outstanding balance. */
  amount: string | undefined;
  gatewayId: GatewayId;
  data: GatewayData;
  currency: string;
  key: string | null;
  now: Date;
}

/**
 * pay and checkout on a booked cart (guard.ts's onBooked): an instalment of its order's plan, or
 * undefined when the order owes nothing (the caller answers 409 as for any booked cart).
 */
export async function payInstalment(
  tx: Tx,
  cart: CartRow,
  input: InstalmentPayment,
): Promise<CheckoutAnswer | undefined> {
  const owed = await bookedPlanOf(tx, cart, input.now, input.currency);
  if (!owed) return undefined;
  if (owed.order.identityId !== input.caller.identityId || owed.order.sellerId !== input.caller.sellerId) {
    throw forbidden();
  }
  const outstanding = owed.state.outstanding;
  const amount =
    input.amount === undefined
      ? outstanding
      : requestMoney(input.amount, input.currency, { field: "amount" });
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > outstanding) {
    throw validationFailed("The amount must be more than zero and at most the total outstanding.", {
      field: "amount",
      total_outstanding: toMoneyString(outstanding, input.currency),
    });
  }
  const answer = await takePartialPayment(tx, {
    cart,
    currency: input.currency,
    tickets: owed.tickets,
    total: owed.total,
    payments: owed.payments,
    amount,
    gateway: gatewayFor(input.gatewayId),
    data: input.data,
    key: input.key,
    chargeKey: input.key ?? `instalment:${cart.id}:${owed.payments.length}`,
    now: input.now,
  });
  const result = answer.checkout_result._data[0];
  if (!result || parseMoneyString(result.total_outstanding, input.currency) > 0) return answer;
  // The last instalment: the order is paid in full.
  const payments = await cartPayments(tx, cart.id);
  return checkoutAnswerOf({
    cartId: cart.id,
    status: "completed",
    orders: [owed.order],
    payments,
    amountPaid: parseMoneyString(result.amount_paid, input.currency),
    currency: input.currency,
    outstanding: 0,
    reference: null,
  });
}
