/**
 * The price of a change to an order (src/lib/domain/manage/edit-price.ts): one rule for the
 * reschedule preview, the confirm page's summary, its pay button and the charge.
 */
import { describe, expect, it } from "vitest";
import { computeCartTotals, type TotalsCode } from "../../../src/lib/domain/cart-totals.ts";
import { editPrice } from "../../../src/lib/domain/manage/edit-price.ts";

const ticket = (
  id: string,
  ticketTypeId: string,
  faceValue: number,
  feeFixedOutside = 0,
  feePercentOutside = 0,
) => ({
  id,
  ticketTypeId,
  faceValue,
  feeFixedOutside,
  feePercentOutside,
  lineKind: "ticket" as const,
});
const WELCOME10: TotalsCode = { code: "WELCOME10", benefit: { percent_off: 1000 } };
const FIVEOFF: TotalsCode = { code: "FIVEOFF", benefit: { amount_off: 500 } };

// A weekday order: an adult ($25 + $1.50 fee) and a senior ($20), Saturday seniors cost $22.
const booked = [ticket("a", "adult", 2500, 150), ticket("s", "senior", 2000)];
const weekday = [ticket("a2", "adult", 2500, 150), ticket("s2", "senior", 2000)];
const saturday = [ticket("a2", "adult", 2500, 150), ticket("s2", "senior", 2200)];

describe("the price of a change keeps the order's promo discount", () => {
  it("regression: a reschedule said 'No price difference.' but the confirm page then asked for the discount back", () => {
    const price = editPrice({ booked, removed: ["a", "s"], added: weekday, codes: [WELCOME10] });
    expect(price.difference).toBe(0);
    expect(price.credit).toBe(price.added.total);
  });

  it("WELCOME10's 10 % comes off the new tickets' price too: a Saturday senior costs $2.00 less 10 %", () => {
    const price = editPrice({ booked, removed: ["a", "s"], added: saturday, codes: [WELCOME10] });
    expect(price.difference).toBe(180);
    // The changed order costs what a new order of those tickets with WELCOME10 would.
    const fresh = computeCartTotals(saturday, [WELCOME10]).total;
    const paid = computeCartTotals(booked, [WELCOME10]).total;
    expect(price.difference).toBe(fresh - paid);
    expect(price.added).toEqual({ faceValue: 4700, fees: 150, discount: 470, total: 4380 });
    expect(price.codeDiscounts).toEqual([{ code: "WELCOME10", discount: 470 }]);
    expect(price.added.total - price.credit).toBe(price.difference);
  });

  it("without a code the difference is the new prices less the old, fees included", () => {
    const price = editPrice({ booked, removed: ["a", "s"], added: saturday, codes: [] });
    expect(price.difference).toBe(200);
    expect(price.credit).toBe(4650);
    expect(price.codeDiscounts).toEqual([]);
  });

  it("an order-level amount off is taken once: a same-price move of one ticket costs nothing", () => {
    const price = editPrice({
      booked,
      removed: ["s"],
      added: [ticket("s2", "senior", 2000)],
      codes: [FIVEOFF],
    });
    expect(price.difference).toBe(0);
  });

  it("removing a ticket gives back what it cost on the order (its share of the discount taken off)", () => {
    const price = editPrice({ booked, removed: ["s"], added: [], codes: [WELCOME10] });
    expect(price.difference).toBe(-1800);
    expect(price.credit).toBe(1800);
    expect(price.added).toEqual({ faceValue: 0, fees: 0, discount: 0, total: 0 });
  });

  it("percent fees of the new tickets count, at the new face value", () => {
    const price = editPrice({
      booked: [ticket("x", "seat", 10000, 0, 250)],
      removed: ["x"],
      added: [ticket("y", "seat", 12000, 0, 250)],
      codes: [],
    });
    expect(price.difference).toBe(2000 + 50);
    expect(price.added.fees).toBe(300);
  });

  it("never gives back more than the order cost: a free order's tickets are worth nothing", () => {
    const price = editPrice({ booked, removed: ["a", "s"], added: weekday, codes: [], orderTotal: 0 });
    expect(price.credit).toBe(0);
    expect(price.difference).toBe(4650);
    const paid = editPrice({
      booked,
      removed: ["a", "s"],
      added: weekday,
      codes: [WELCOME10],
      orderTotal: 4200,
    });
    expect(paid.difference).toBe(0);
  });

  it("ids that are not the order's booked tickets remove nothing", () => {
    expect(editPrice({ booked, removed: ["nope"], added: [], codes: [WELCOME10] }).difference).toBe(0);
  });
});
