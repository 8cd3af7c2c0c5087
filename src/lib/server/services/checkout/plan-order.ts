/**
 * A plan's first payment at checkout books the order (spec 2 §4 "partial: stay on checkout, show a
 * success message with the paid amount and the next due date"). The buyer stays on checkout, but
 * must learn what they now have: the order (its number), the membership it bought (or the gift's
 * code, sent to the giftee), and a confirmation mail that lists the payment schedule. So once a
 * payment toward a plan has succeeded at a checkout that names the buyer, the cart becomes a
 * completed order that still owes its unpaid instalments: the same booked plan an order page pays
 * later (instalment.ts), like the demo member's Family membership. The answer stays `partial`, now
 * with the order.
 *
 * A payment still processing (stripe) books nothing yet: the cart keeps its hold (plan.ts) and the
 * next checkout or the order page takes over. `pay`, which names no buyer, never books.
 */
import type { CheckoutAnswer } from "../../../api/checkout/schemas.ts";
import { formatMoney } from "../../../domain/money.ts";
import { formatOrderDate } from "../../../domain/order-dates.ts";
import { isDueToday, type PlanState } from "../../../domain/payment-plan.ts";
import { t } from "../../../tenant/strings.ts";
import type { Tx } from "../../db/executor.ts";
import { mailTenant } from "../../mail/mail-language.ts";
import type { PaymentScheduleText } from "../../mail/order-confirmation.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import { checkoutAnswerOf } from "./answer.ts";
import { cartPayments, paidAmount } from "./cart-state.ts";
import { completeOrder } from "./complete-order.ts";
import type { OrderIdentity } from "./identity.ts";
import { cartPlanState, groupMetas, serializeScheduled } from "./plan.ts";

export interface PlanOrderInput {
  cart: CartRow;
  tickets: readonly TicketRow[];
  identity: OrderIdentity;
  /** The cart total, minor units. */
  total: number;
  /** What had succeeded before this payment, minor units. */
  paidBefore: number;
  seller: { slug: string; name: string; currencyCode: string; timezone: string };
  sendEmail: boolean;
  now: Date;
}

/** The schedule in the mail's words: each instalment's date, amount and status, paid and left. */
export function scheduleText(
  state: PlanState,
  paid: number,
  seller: PlanOrderInput["seller"],
  now: Date,
  /** The order's language (its cart's): the schedule is written in it. */
  language?: string | null,
): PaymentScheduleText {
  const tenant = mailTenant(seller.slug, language);
  const money = (minor: number) => formatMoney(minor, seller.currencyCode, tenant?.locale);
  // The checkout's words for each row; nothing due today reads 'Overdue' (isDueToday).
  const status = (row: PlanState["rows"][number]) =>
    isDueToday(row, now, seller.timezone)
      ? t(tenant, "checkout.schedule.DueToday")
      : t(tenant, `checkout.schedule.${row.status}`);
  return {
    paid: money(paid),
    outstanding: money(state.outstanding),
    rows: state.rows.map((row) => ({
      date: formatOrderDate(row.dueDate.toISOString(), seller.timezone, tenant?.locale),
      amount: money(row.amount),
      status: status(row),
    })),
  };
}

/**
 * After a plan's partial payment at checkout: books the order when the payment succeeded and
 * answers `partial` with it; answers the payment's own answer when nothing succeeded.
 */
export async function bookPlanOrder(
  tx: Tx,
  input: PlanOrderInput,
  paymentAnswer: CheckoutAnswer,
): Promise<CheckoutAnswer> {
  const { cart, tickets, identity, total, seller, now } = input;
  const payments = await cartPayments(tx, cart.id);
  const paid = paidAmount(payments);
  if (paid <= input.paidBefore) return paymentAnswer;
  const state = cartPlanState(
    cart,
    tickets,
    await groupMetas(tx, cart.sellerId, tickets),
    total,
    paid,
    now,
    seller.currencyCode,
  );
  // The order is complete, still owing its unpaid instalments; its mail lists the schedule.
  const order = await completeOrder(
    tx,
    { cart, tickets, identity, total, giftCodeId: null, seller },
    {
      sendEmail: input.sendEmail,
      schedule: state && scheduleText(state, paid, seller, now, cart.language),
      now,
    },
  );
  const result = paymentAnswer.checkout_result._data[0];
  return checkoutAnswerOf({
    cartId: cart.id,
    status: "partial",
    orders: [order],
    payments,
    amountPaid: paid - input.paidBefore,
    outstanding: Math.max(0, total - paid),
    reference: result?.reference ?? null,
    nextDueDate: state?.rows.find((row) => row.unpaid > 0)?.dueDate ?? null,
    currency: seller.currencyCode,
    scheduled: serializeScheduled(cart.id, state, now, seller),
  });
}
