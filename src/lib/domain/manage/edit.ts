/**
 * Editing an order through an edit cart (spec 2 §4, §5): pure rules, no I/O. Money is
 * integer minor units.
 *
 * (Which tickets may be changed, the self-edit horizon, is domain/manage/rules.ts.)
 * - What a change costs (the order's promo discount kept, fees included) is edit-price.ts; the
 *   outstanding total it gives may be zero or less.
 * - A lower price is refunded (newest payment first, never more than a payment's amount) or kept.
 */
import { serverText } from "../api-failure.ts";

export type LowerPrice = "refund" | "keep";

/** The order's new total after an edit: a kept difference stays with the order's total. */
export function editedOrderTotal(orderTotal: number, outstanding: number, lowerPrice: LowerPrice): number {
  if (outstanding >= 0) return orderTotal + outstanding;
  return lowerPrice === "refund" ? Math.max(0, orderTotal + outstanding) : orderTotal;
}

export interface Refundable {
  id: string;
  /** What is still refundable on it (minor units). */
  amount: number;
}

/** Splits a refund over the payments, newest first (the list is oldest first), each at most its amount. */
export function splitRefund(
  amount: number,
  payments: readonly Refundable[],
): { id: string; amount: number }[] {
  const out: { id: string; amount: number }[] = [];
  let left = Math.max(0, amount);
  for (const p of [...payments].reverse()) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, p.amount));
    if (take > 0) out.push({ id: p.id, amount: take });
    left -= take;
  }
  return out;
}

/** Spec 2 §4: confirm with the free gateway when the outstanding total is zero or less, else pay. */
export const confirmRoute = (outstanding: number): "free" | "pay" => (outstanding <= 0 ? "free" : "pay");

/** The ticket codes of an edit (spec 2 §8, context cart_remove_tickets). */
const TICKET_CODES = new Set(["tickets_too_old", "ticket_state_incorrect", "ticket_not_found"]);

export type RescheduleFailure =
  /** Show the restart message with a link back to the order (the cart stays to expire). */
  | { kind: "restart" }
  /** Delete the edit cart, then show `message` (the API's text for a 4xx) or the fallback. */
  | { kind: "delete"; message: string | null };

/**
 * Spec 2 §8 "Reschedule known errors": cart_expired, or the ticket errors, show a restart message
 * with a link back to the order; otherwise the cart is deleted. A 4xx shows its own description
 * (event_session_sold_out in reserve: the session is sold out); anything else the fallback.
 */
export function rescheduleFailure(failure: {
  status: number;
  code: string;
  description: string;
}): RescheduleFailure {
  if (failure.code === "cart_expired" || TICKET_CODES.has(failure.code)) return { kind: "restart" };
  return { kind: "delete", message: serverText(failure) };
}
