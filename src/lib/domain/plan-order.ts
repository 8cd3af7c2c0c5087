/**
 * What checkout shows after a plan's first payment booked the order (spec 2 §4 "partial: stay on
 * checkout, show a success message with the paid amount and the next due date"). The buyer stays
 * on checkout, and learns what they now have: the order number, what it bought (the membership),
 * the schedule still to pay, that a confirmation e-mail with that schedule was sent, and where
 * the order lives (my account for a logged-in buyer, else the order's completion page).
 */
import type { CartAnswer } from "./cart-answer.ts";
import { cartItems } from "./cart-items.ts";
import { apiMoneyMinor } from "./money.ts";
import type { ScheduledStatus } from "./payment-plan.ts";

/** The parts of a checkout answer this reads (checkoutAnswer in the API contract). */
export interface PlanPaymentAnswer {
  checkout_result: { _data: { status: string; amount_paid: string; total_outstanding: string }[] };
  ticket_order?: { _data: { id: string; order_number: string }[] } | undefined;
  scheduled_payment?:
    | {
        _data: {
          id: string;
          due_date: string;
          amount: string;
          status: ScheduledStatus;
          due_today?: boolean | undefined;
        }[];
      }
    | undefined;
}

export interface PlanOrderConfirmation {
  orderId: string;
  orderNumber: string;
  /** Minor units paid now and still outstanding. */
  paid: number;
  outstanding: number;
  /** What the order bought: 'Harbour Museum membership: Individual'. */
  items: string[];
  rows: { id: string; dueDate: string; amount: number; status: ScheduledStatus; dueToday: boolean }[];
  /** Where the order lives: the member's order page, else the completion page. */
  orderHref: string;
  /** The address the confirmation went to, or null when none was given. */
  email: string | null;
}

/** What the cart held, one line per event: its name and the ticket types, as the cart lists them. */
export function boughtItems(envelope: CartAnswer): string[] {
  return cartItems(envelope).map((item) => `${item.name}: ${item.types.map((type) => type.name).join(", ")}`);
}

/**
 * The confirmation panel of a partial answer that booked an order; null when the answer booked
 * nothing (a payment still processing, or pay), so the plain partial message shows instead.
 */
export function planOrderConfirmation(
  answer: PlanPaymentAnswer,
  context: { items: string[]; base: string; member: boolean; email: string | null },
): PlanOrderConfirmation | null {
  const result = answer.checkout_result._data[0];
  const order = answer.ticket_order?._data[0];
  if (result?.status !== "partial" || !order) return null;
  const id = encodeURIComponent(order.id);
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    paid: apiMoneyMinor(result.amount_paid),
    outstanding: apiMoneyMinor(result.total_outstanding),
    items: context.items,
    rows: (answer.scheduled_payment?._data ?? []).map((row) => ({
      id: row.id,
      dueDate: row.due_date,
      amount: apiMoneyMinor(row.amount),
      status: row.status,
      dueToday: row.due_today === true,
    })),
    orderHref: context.member
      ? `${context.base}/my/orders/${id}`
      : `${context.base}/checkout/complete?orderIds=${id}`,
    email: context.email,
  };
}
