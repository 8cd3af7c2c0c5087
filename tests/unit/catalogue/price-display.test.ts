import { describe, expect, it } from "vitest";
import {
  dayFromPrice,
  displayedPrice,
  feeTotal,
  fromPrice,
  includesFees,
  isFlexiblePrice,
  lowestFixedPrice,
  outsideFeesOf,
  showsPrice,
  ticketPrice,
} from "../../../src/lib/domain/price-display.ts";

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

describe("one price rule for listing cards and the detail summary (spec §9)", () => {
  const type = (
    id: string,
    amount: string,
    extra: Partial<{
      group: string;
      min: string | null;
      max: string | null;
      fees: { type: string; fee: string }[];
    }> = {},
  ) => ({
    id,
    ticket_group_id: extra.group ?? "g",
    currency_amount: amount,
    currency_amount_min: extra.min ?? null,
    currency_amount_max: extra.max ?? null,
    outside_fees: extra.fees ?? [],
  });
  const fixedFee = [{ type: "fee_fixed_outside", fee: "1.50" }];

  it("ticketPrice: flexible types give their amount range, zero is free, fixed adds fees when included", () => {
    expect(ticketPrice(type("d", "25.00", { min: "1.00", max: "1000.00" }), true)).toEqual({
      kind: "flexible",
      min: 100,
      max: 100000,
    });
    expect(ticketPrice(type("d", "25.00", { min: "1.00" }), false)).toEqual({
      kind: "flexible",
      min: 100,
      max: undefined,
    });
    expect(ticketPrice(type("f", "0.00"), true)).toEqual({ kind: "free" });
    expect(ticketPrice(type("a", "25.00", { fees: fixedFee }), false)).toEqual({
      kind: "fixed",
      amount: 2500,
    });
    expect(ticketPrice(type("a", "25.00", { fees: fixedFee }), true)).toEqual({
      kind: "fixed",
      amount: 2650,
    });
  });

  it("lowestFixedPrice: browsable groups only; flexible and free types give no price", () => {
    const types = [
      type("adult", "25.00", { fees: fixedFee }),
      type("child", "12.00", { fees: [{ type: "fee_percent_outside", fee: "10.00" }] }),
      type("donation", "5.00", { min: "1.00", max: "100.00" }),
      type("free", "0.00"),
      type("member", "1.00", { group: "members" }),
    ];
    const browsable = new Set(["g"]);
    expect(lowestFixedPrice(types, browsable, false)).toBe(1200);
    expect(lowestFixedPrice(types, browsable, true)).toBe(1320);
    expect(lowestFixedPrice(types, new Set(["g", "members"]), false)).toBe(100);
    expect(lowestFixedPrice(types.slice(2, 4), browsable, true)).toBe(undefined);
    expect(lowestFixedPrice(types, new Set(), true)).toBe(undefined);
  });

  it("the fee rule picks the cheapest displayed price, fees included", () => {
    const types = [
      type("a", "10.00", { fees: [{ type: "fee_fixed_outside", fee: "5.00" }] }),
      type("b", "12.00"),
    ];
    expect(lowestFixedPrice(types, new Set(["g"]), false)).toBe(1000);
    expect(lowestFixedPrice(types, new Set(["g"]), true)).toBe(1200);
  });

  it("the listing said 'From $12' while the date tiles said 'From $25'; 'From' is the primary ticket type's price everywhere (spec §3 'web.price_display with primary and secondary ticket type and prefix')", () => {
    const adult = type("adult", "25.00", { fees: fixedFee });
    const child = type("child", "12.00");
    const types = [adult, child];
    const browsable = new Set(["g"]);
    expect(fromPrice(types, browsable, false, "adult")).toBe(2500);
    expect(fromPrice(types, browsable, true, "adult")).toBe(2650);
    // No primary type, or one that is not sold publicly at a fixed price: the lowest fixed price.
    expect(fromPrice(types, browsable, false)).toBe(1200);
    expect(fromPrice(types, browsable, false, "missing")).toBe(1200);
    expect(fromPrice([type("adult", "25.00", { group: "members" }), child], browsable, false, "adult")).toBe(
      1200,
    );
    // The date tile reads the same price from the calendar day (price: the primary type's).
    const day = { price: "25.00", min_price: "12.00", min_price_fees: "12.00" };
    expect(dayFromPrice(day, outsideFeesOf(adult), false)).toBe(fromPrice(types, browsable, false, "adult"));
    expect(dayFromPrice(day, outsideFeesOf(adult), true)).toBe(fromPrice(types, browsable, true, "adult"));
    expect(dayFromPrice(day, undefined, false)).toBe(1200);
    expect(dayFromPrice({ price: null, min_price: null, min_price_fees: null }, undefined, true)).toBe(
      undefined,
    );
  });
});
