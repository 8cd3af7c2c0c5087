/**
 * What a discount code takes money off: the kind of each cart line and the rule that a code
 * discounts only what it is for. Free of zod, so the cart totals the checkout island computes in
 * its first module graph do not load the schemas (promo-codes.ts holds the code's schema).
 */

/**
 * What a cart line is, from its ticket group's handler (spec 1 §3: passes, codes, seated, tickets
 * are tickets; donation; ledger is a gift card; membership).
 */
export const LINE_KINDS = ["ticket", "donation", "gift_card", "membership"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export function lineKindOfHandler(handler: string): LineKind {
  if (handler === "donation") return "donation";
  if (handler === "ledger") return "gift_card";
  if (handler === "membership") return "membership";
  return "ticket";
}

/**
 * The line kinds a discount code takes money off when it names no ticket types: tickets only.
 * Donations, gift cards and memberships are money the buyer gives or stores, so a general code
 * ('10% off your tickets') never discounts them unless it names them (line_kinds, or their
 * ticket types in ticket_type_ids).
 */
export const DEFAULT_DISCOUNTED_KINDS: readonly LineKind[] = ["ticket"];

/** A cart line as a discount code sees it. */
export interface DiscountableLine {
  ticketTypeId: string;
  lineKind: LineKind;
}

/** The part of a code's benefit that says what it is for. */
export interface DiscountScope {
  ticket_type_ids?: readonly string[] | undefined;
  line_kinds?: readonly LineKind[] | undefined;
}

/**
 * Whether a code's discount applies to a line: the ticket types it names, else the line kinds it
 * names (tickets only by default), so a code discounts only what it is for.
 */
export function benefitAppliesTo(benefit: DiscountScope, line: DiscountableLine): boolean {
  if (benefit.ticket_type_ids) return benefit.ticket_type_ids.includes(line.ticketTypeId);
  return (benefit.line_kinds ?? DEFAULT_DISCOUNTED_KINDS).includes(line.lineKind);
}
