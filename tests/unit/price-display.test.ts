import { describe, expect, it } from "vitest";
import {
  displayedPrice,
  feeTotal,
  includesFees,
  isFlexiblePrice,
  outsideFeesOf,
  showsPrice,
} from "../../src/lib/domain/price-display.ts";

describe("price display (spec §9)", () => {
  it("'all' shows prices on dates and sessions; 'sessions_and_tickets' on sessions only", () => {
    expect(showsPrice("all", "date")).toBe(true);
    expect(showsPrice("all", "session")).toBe(true);
    expect(showsPrice("sessions_and_tickets", "date")).toBe(false);
    expect(showsPrice("sessions_and_tickets", "session")).toBe(true);
  });
  it("hidden for flexible prices", () => {
    expect(showsPrice("all", "date", true)).toBe(false);
    expect(showsPrice("all", "ticket", true)).toBe(false);
  });
  it("outside fixed and percent fees are added to the displayed price when fees are included", () => {
    expect(displayedPrice(2000, { fixed: 100, percentBp: 250 }, true)).toBe(2150);
    expect(displayedPrice(2000, { fixed: 100, percentBp: 250 }, false)).toBe(2000);
  });
  it("including fees depends on a seller setting, else the config default; fee total sums ticket fees", () => {
    expect(includesFees(false, true)).toBe(false);
    expect(includesFees(undefined, true)).toBe(true);
    expect(includesFees(undefined, undefined)).toBe(false);
    expect(feeTotal([{ amount: 1999, fees: { percentBp: 250 }, quantity: 2 }])).toBe(100);
  });
});

describe("flexible prices and outside fees of an API ticket type (spec §9: hidden for flexible prices)", () => {
  it("a type with a min or a max is flexible; a fixed type is not", () => {
    expect(isFlexiblePrice({ currency_amount_min: "1.00", currency_amount_max: "1000.00" })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: "1.00", currency_amount_max: null })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: null, currency_amount_max: null })).toBe(false);
  });

  it("reads fee_fixed_outside as minor units and fee_percent_outside as basis points", () => {
    expect(
      outsideFeesOf({
        outside_fees: [
          { type: "fee_fixed_outside", fee: "1.50" },
          { type: "fee_percent_outside", fee: "2.50" },
        ],
      }),
    ).toEqual({ fixed: 150, percentBp: 250 });
    expect(outsideFeesOf({ outside_fees: [] })).toEqual({});
  });
});
