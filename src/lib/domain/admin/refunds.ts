/**
 * How much a staff refund gives back (pure, minor units). An order's refund is never more than
 * what its payments took less what was already given back, whatever is asked:
 * - the whole order: everything left;
 * - some tickets: what those tickets cost (face value and outside fees), at most what is left (an
 *   order paid with a discount never gives back more than it took);
 * - an amount: that amount, refused when it is more than what is left.
 * The staff member's own limit (roles.ts refundWithinLimit) is checked on the amount planned.
 */
import { addOutsideFees } from "../money.ts";

export interface PricedTicket {
  faceValue: number;
  feeFixedOutside: number;
  /** Basis points of the face value. */
  feePercentOutside: number;
}

/** What one ticket cost the buyer: its face value and its outside fees. */
export function ticketPrice(ticket: PricedTicket): number {
  return addOutsideFees(ticket.faceValue, {
    fixed: ticket.feeFixedOutside,
    percentBp: ticket.feePercentOutside,
  });
}

/** What is left to give back on an order: what was paid less what was given back, never below 0. */
export function refundableLeft(paid: number, refunded: number): number {
  return Math.max(0, paid - refunded);
}

export type RefundPlan =
  | { ok: true; amount: number }
  | { ok: false; reason: "exceeds_paid"; left: number }
  | { ok: false; reason: "nothing_left"; left: number };

export interface RefundPlanInput {
  scope:
    | { kind: "order" }
    | { kind: "tickets"; tickets: readonly PricedTicket[] }
    | { kind: "amount"; amount: number };
  paid: number;
  refunded: number;
  /** Booked tickets the refund would cancel (the order's, or the ones asked). */
  ticketsToCancel: number;
}

/**
 * The amount a refund gives back. A refund that would neither give money back nor cancel a ticket
 * is refused (nothing_left), so a second click on "refund the whole order" says so.
 */
export function planRefund(input: RefundPlanInput): RefundPlan {
  const left = refundableLeft(input.paid, input.refunded);
  const { scope } = input;
  let amount: number;
  if (scope.kind === "order") amount = left;
  else if (scope.kind === "tickets") {
    amount = Math.min(
      left,
      scope.tickets.reduce((sum, t) => sum + ticketPrice(t), 0),
    );
  } else {
    if (scope.amount > left) return { ok: false, reason: left > 0 ? "exceeds_paid" : "nothing_left", left };
    amount = scope.amount;
  }
  if (amount <= 0 && input.ticketsToCancel === 0) return { ok: false, reason: "nothing_left", left };
  return { ok: true, amount };
}
