/**
 * What a change to an order costs (editing or rescheduling it), in integer minor units: the one
 * rule the reschedule preview, the confirm page's summary and pay button, and the charge share.
 *
 * The order is priced again as it will be after the change, with the promo codes it was bought
 * with, and compared with the same pricing of the order as it is: the difference is what the
 * change costs (below zero: the order costs less). So the order keeps its discount through the
 * change: WELCOME10's 10 % comes off the new tickets' face value too (a Saturday price included),
 * an order-level amount_off is taken once, and moving tickets to a session at the same price costs
 * exactly nothing. Fees are the tickets' own outside fees, as at checkout (cart-totals.ts).
 */
import { type CartTotals, computeCartTotals, type TotalsCode, type TotalsTicket } from "../cart-totals.ts";

export interface EditPriceInput {
  /** The order's booked tickets, each with the face value and outside fees it was sold at. */
  booked: readonly TotalsTicket[];
  /** Ids of booked tickets the change removes (others are ignored). */
  removed: readonly string[];
  /** The tickets the change adds, priced at their (new) session. */
  added: readonly TotalsTicket[];
  /** The promo codes of the order (and of the edit, if any): their discount carries over. */
  codes: readonly TotalsCode[];
  /**
   * What the order costs now (its stored total). The credit never exceeds it: an order that cost
   * less than its tickets' pricing explains (a free order) gives back no more than it cost.
   */
  orderTotal?: number;
  /** The seller's currency: a three-decimal one rounds totals to ten minor units (cart-totals.ts). */
  currency?: string;
}

export interface EditPrice {
  /** The added tickets within the changed order: face value, fees, discount, total. */
  added: { faceValue: number; fees: number; discount: number; total: number };
  /** The discount on each added ticket, by id. */
  ticketDiscounts: ReadonlyMap<string, number>;
  /** Per code, the discount it takes off the added tickets (the cart mods of the edit). */
  codeDiscounts: { code: string; discount: number }[];
  /**
   * What the removed tickets are worth: the order's total less what the kept tickets cost in the
   * changed order, never more than the order cost.
   */
  credit: number;
  /**
   * What the change costs: the added total less the credit, i.e. the changed order's total less the
   * order's (may be ≤ 0). The preview, the confirm page's 'Total to pay' and the charge.
   */
  difference: number;
}

function addedShare(totals: CartTotals, added: readonly TotalsTicket[], codes: readonly TotalsCode[]) {
  const faceValue = added.reduce((sum, t) => sum + t.faceValue, 0);
  const fees = added.reduce(
    (sum, t) => sum + t.feeFixedOutside + (totals.ticketPercentFees.get(t.id) ?? 0),
    0,
  );
  const discount = added.reduce((sum, t) => sum + (totals.ticketDiscounts.get(t.id) ?? 0), 0);
  // The same codes on the added tickets alone split the added discount per code.
  const alone = computeCartTotals(added, codes).codeDiscounts.filter((c) => c.discount > 0);
  return { faceValue, fees, discount, total: faceValue + fees - discount, alone };
}

export function editPrice(input: EditPriceInput): EditPrice {
  const removing = new Set(input.removed);
  const kept = input.booked.filter((t) => !removing.has(t.id));
  const before = computeCartTotals(input.booked, input.codes, input.currency);
  // Kept tickets first: an order-level amount off stays where it was taken (and a rounding of the
  // total to ten fils on the last added ticket, so the added share carries it).
  const after = computeCartTotals([...kept, ...input.added], input.codes, input.currency);
  const { alone, ...added } = addedShare(after, input.added, input.codes);
  const worth = added.total - (after.total - before.total);
  const credit = input.orderTotal === undefined ? worth : Math.min(worth, Math.max(0, input.orderTotal));
  return {
    added,
    ticketDiscounts: new Map(input.added.map((t) => [t.id, after.ticketDiscounts.get(t.id) ?? 0])),
    codeDiscounts: scaleCodeDiscounts(alone, added.discount),
    credit,
    difference: added.total - credit,
  };
}

/** The per-code split of the added tickets' discount, adding up to it exactly. */
function scaleCodeDiscounts(
  alone: readonly { code: string; discount: number }[],
  discount: number,
): { code: string; discount: number }[] {
  const sum = alone.reduce((s, c) => s + c.discount, 0);
  if (discount <= 0 || sum <= 0) return [];
  let left = discount;
  return alone.map((c, i) => {
    const share = i === alone.length - 1 ? left : Math.round((c.discount * discount) / sum);
    left -= share;
    return { code: c.code, discount: share };
  });
}
