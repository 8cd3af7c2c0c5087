/**
 * The fee lines under a total (issue 11: "Show the fee lines wherever a total includes fees"):
 * Subtotal (face value), Fees, the promo discount when there is one, and the Total. One rule for
 * every place that shows a total (checkout, completion page, confirmation mail): no lines at all
 * when the total has no fees, since the total then needs no explaining.
 */
import { computeCartTotals, type PricedTicket } from "./cart-totals.ts";

/** A total and what it is made of, in minor units: faceValue + fees - discount = total. */
export interface FeeBreakdown {
  faceValue: number;
  fees: number;
  discount: number;
  total: number;
}

export type FeeLineKey = "subtotal" | "fees" | "discount" | "total" | "paid" | "remaining";

/** One line; a discount's amount is positive (the renderer shows it as a deduction). */
export interface FeeLine {
  key: FeeLineKey;
  amount: number;
}

export function feeLines(breakdown: FeeBreakdown): FeeLine[] {
  if (breakdown.fees <= 0) return [];
  const lines: FeeLine[] = [
    { key: "subtotal", amount: breakdown.faceValue },
    { key: "fees", amount: breakdown.fees },
  ];
  if (breakdown.discount > 0) lines.push({ key: "discount", amount: breakdown.discount });
  lines.push({ key: "total", amount: breakdown.total });
  return lines;
}

/**
 * The lines with what is already paid toward the total (gift cards go first, spec 2 §4) and what
 * remains, so the summary agrees with the pay button, which asks only for the remainder. Without a
 * payment the lines are unchanged; with one, the total is shown even when it has no fees.
 */
export function feeLinesWithPayments(breakdown: FeeBreakdown, paid: number): FeeLine[] {
  const lines = feeLines(breakdown);
  if (paid <= 0) return lines;
  if (!lines.length) lines.push({ key: "total", amount: breakdown.total });
  lines.push(
    { key: "paid", amount: paid },
    { key: "remaining", amount: Math.max(0, breakdown.total - paid) },
  );
  return lines;
}

/**
 * An order's breakdown from its booked tickets, which keep their face value and outside fees, and
 * its stored total (the cart's total at checkout, promo discounts already taken off): the same
 * cart-totals rule gives face value and fees, and the discount is what the total lacks. Nothing is
 * stored twice, so the lines always add up to the order's total.
 */
export function orderFeeBreakdown(tickets: readonly PricedTicket[], total: number): FeeBreakdown {
  const totals = computeCartTotals(tickets, []);
  const fees = totals.feeFixed + totals.feePercent;
  return {
    faceValue: totals.faceValue,
    fees,
    discount: Math.max(0, totals.faceValue + fees - total),
    total,
  };
}
