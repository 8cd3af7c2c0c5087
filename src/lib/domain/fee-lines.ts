/**
 * The fee lines under a total:
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

export type FeeLineKey = "subtotal" | "fees" | "discount" | "total" | "credit" | "paid" | "remaining" | "due";

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
 * The lines of a change to an order (the confirm page of an edit or a reschedule): the new
 * tickets' lines and total, less what the current tickets are worth (`credit`) and anything already
 * paid, and the total to pay last: the amount the pay button asks for and the charge takes
 * (domain/manage/edit-price.ts). Always shown, since the total alone would not be the amount due.
 */
export function editFeeLines(breakdown: FeeBreakdown, credit: number, paid: number): FeeLine[] {
  const total: FeeLine = { key: "total", amount: breakdown.total };
  const priced = feeLines(breakdown);
  const lines: FeeLine[] = priced.length
    ? priced
    : breakdown.discount > 0
      ? [
          { key: "subtotal", amount: breakdown.faceValue },
          { key: "discount", amount: breakdown.discount },
          total,
        ]
      : [total];
  lines.push({ key: "credit", amount: credit });
  if (paid > 0) lines.push({ key: "paid", amount: paid });
  lines.push({ key: "due", amount: Math.max(0, breakdown.total - credit - paid) });
  return lines;
}

/**
 * An order's breakdown from its booked tickets, which keep their face value and outside fees, and
 * its stored total (the cart's total at checkout, promo discounts already taken off): the same
 * cart-totals rule gives face value and fees, and the discount is what the total lacks. Nothing is
 * stored twice, so the lines always add up to the order's total.
 */
export function orderFeeBreakdown(
  tickets: readonly PricedTicket[],
  total: number,
  currency?: string,
): FeeBreakdown {
  // The seller's currency rounds the fees as the cart did (cart-totals.ts).
  const totals = computeCartTotals(tickets, [], currency);
  const fees = totals.feeFixed + totals.feePercent;
  return {
    faceValue: totals.faceValue,
    fees,
    discount: Math.max(0, totals.faceValue + fees - total),
    total,
  };
}
