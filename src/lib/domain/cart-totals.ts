/**
 * Cart totals in integer minor units: face value, outside fixed fees, outside percent fees (per
 * ticket, on its face value) and promo discounts. percent_off takes basis points off the face
 * value of matching tickets; amount_off takes minor units off the order. A ticket's discount never
 * exceeds its face value, so the total never drops below the fees. A code matches only the lines it
 * is for (discount-scope.ts benefitAppliesTo): by default tickets, never a donation, a gift card or a
 * membership it does not name.
 */

import { benefitAppliesTo, type LineKind } from "./discount-scope.ts";
import { percentFee, roundToChargeStep } from "./money.ts";
import type { CodeBenefit } from "./promo-codes.ts";

/** A line's price, without what it is (enough for totals without codes). */
export interface PricedTicket {
  id: string;
  ticketTypeId: string;
  faceValue: number;
  feeFixedOutside: number;
  /** Basis points of the face value. */
  feePercentOutside: number;
}

/** A line a code may discount: what it is decides whether a code applies. */
export interface TotalsTicket extends PricedTicket {
  lineKind: LineKind;
}

export interface TotalsCode {
  code: string;
  benefit: CodeBenefit;
}

export interface CartTotals {
  faceValue: number;
  feeFixed: number;
  feePercent: number;
  discount: number;
  /**
   * faceValue + feeFixed + feePercent - discount. In a three-decimal currency it is rounded to ten
   * minor units (money.ts chargeStep), the difference part of feePercent (and of the last ticket's
   * percent fee), so the lines still add up.
   */
  total: number;
  /** Discount per ticket id. */
  ticketDiscounts: Map<string, number>;
  /** Percent fee per ticket id. */
  ticketPercentFees: Map<string, number>;
  /** One entry per discount code, in the order applied. */
  codeDiscounts: { code: string; discount: number }[];
}

/** Without codes a line's kind does not matter; with codes every line must say what it is. */
/** `currency`: the seller's; a three-decimal one rounds the total to ten minor units. */
export function computeCartTotals(
  tickets: readonly PricedTicket[],
  codes: readonly [],
  currency?: string,
): CartTotals;
export function computeCartTotals(
  tickets: readonly TotalsTicket[],
  codes: readonly TotalsCode[],
  currency?: string,
): CartTotals;
export function computeCartTotals(
  tickets: readonly (PricedTicket & { lineKind?: LineKind })[],
  codes: readonly TotalsCode[],
  currency?: string,
): CartTotals {
  const remaining = new Map(tickets.map((t) => [t.id, t.faceValue]));
  const ticketDiscounts = new Map(tickets.map((t) => [t.id, 0]));
  const take = (ticketId: string, wanted: number): number => {
    const left = remaining.get(ticketId) ?? 0;
    const taken = Math.max(0, Math.min(left, wanted));
    remaining.set(ticketId, left - taken);
    ticketDiscounts.set(ticketId, (ticketDiscounts.get(ticketId) ?? 0) + taken);
    return taken;
  };
  const codeDiscounts: CartTotals["codeDiscounts"] = [];
  for (const { code, benefit } of codes) {
    const percent = benefit.percent_off ?? 0;
    const amount = benefit.amount_off ?? 0;
    if (percent <= 0 && amount <= 0) continue;
    let discount = 0;
    const matching = tickets.filter(
      (t) =>
        t.lineKind !== undefined &&
        benefitAppliesTo(benefit, { ticketTypeId: t.ticketTypeId, lineKind: t.lineKind }),
    );
    if (percent > 0) for (const t of matching) discount += take(t.id, percentFee(t.faceValue, percent));
    let amountLeft = amount;
    for (const t of matching) {
      if (amountLeft <= 0) break;
      const taken = take(t.id, amountLeft);
      amountLeft -= taken;
      discount += taken;
    }
    codeDiscounts.push({ code, discount });
  }
  const ticketPercentFees = new Map(tickets.map((t) => [t.id, percentFee(t.faceValue, t.feePercentOutside)]));
  const faceValue = tickets.reduce((sum, t) => sum + t.faceValue, 0);
  const feeFixed = tickets.reduce((sum, t) => sum + t.feeFixedOutside, 0);
  const discount = codeDiscounts.reduce((sum, c) => sum + c.discount, 0);
  const unrounded =
    faceValue + feeFixed + [...ticketPercentFees.values()].reduce((sum, f) => sum + f, 0) - discount;
  const total = roundToChargeStep(unrounded, currency);
  const last = tickets.at(-1);
  if (last && total !== unrounded) {
    ticketPercentFees.set(last.id, (ticketPercentFees.get(last.id) ?? 0) + total - unrounded);
  }
  const feePercent = [...ticketPercentFees.values()].reduce((sum, f) => sum + f, 0);
  return {
    faceValue,
    feeFixed,
    feePercent,
    discount,
    total,
    ticketDiscounts,
    ticketPercentFees,
    codeDiscounts,
  };
}
