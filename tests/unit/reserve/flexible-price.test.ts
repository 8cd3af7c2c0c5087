import { describe, expect, it } from "vitest";
import {
  checkFlexibleAmount,
  flexibleBounds,
  OUTSIDE_MIN_MAX,
  outsideMessage,
  presetAmount,
} from "../../../src/lib/domain/flexible-price.ts";

const bounds = flexibleBounds({ currency_amount_min: "1.00", currency_amount_max: "1000.00" });

describe("flexible price (spec §5): 'between currency_amount_min and currency_amount_max, step 0.01'", () => {
  it("reads the bounds in minor units", () => {
    expect(bounds).toEqual({ min: 100, max: 100000 });
    expect(flexibleBounds({ currency_amount_min: null, currency_amount_max: "5.00" })).toEqual({
      min: undefined,
      max: 500,
    });
  });
  it("accepts amounts within the bounds, the bounds included", () => {
    expect(checkFlexibleAmount("1", bounds)).toEqual({ ok: true, amount: 100 });
    expect(checkFlexibleAmount("12.5", bounds)).toEqual({ ok: true, amount: 1250 });
    expect(checkFlexibleAmount(" 1000.00 ", bounds)).toEqual({ ok: true, amount: 100000 });
  });
  it("'Value entered is outside min/max' below, above, and off the 0.01 step", () => {
    expect(OUTSIDE_MIN_MAX).toBe("Value entered is outside min/max");
    expect(checkFlexibleAmount("0.99", bounds)).toEqual({ ok: false, error: "outside", reason: "below" });
    expect(checkFlexibleAmount("1000.01", bounds)).toEqual({ ok: false, error: "outside", reason: "above" });
    expect(checkFlexibleAmount("10.005", bounds)).toEqual({ ok: false, error: "outside", reason: "format" });
    expect(checkFlexibleAmount("abc", bounds)).toEqual({ ok: false, error: "outside", reason: "format" });
    expect(checkFlexibleAmount("", bounds)).toEqual({ ok: false, error: "required" });
  });
  it("the price query value presets the amount only within the bounds", () => {
    expect(presetAmount("12.5", bounds)).toBe("12.50");
    expect(presetAmount("0.10", bounds)).toBe("");
    expect(presetAmount(undefined, bounds)).toBe("");
  });
});

const texts = {
  outside: OUTSIDE_MIN_MAX,
  below: (min: string) => `Enter at least ${min}.`,
  above: (max: string) => `Enter at most ${max}.`,
  format: "Enter the amount with at most two decimals.",
};
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe("'An out-of-range donation shows 'Value entered is outside min/max' ... say why next to the field'", () => {
  it("keeps the spec's text and names the minimum that was crossed", () => {
    expect(outsideMessage("below", bounds, money, texts)).toBe(
      "Value entered is outside min/max. Enter at least $1.00.",
    );
  });
  it("names the maximum that was crossed", () => {
    expect(outsideMessage("above", bounds, money, texts)).toBe(
      "Value entered is outside min/max. Enter at most $1000.00.",
    );
  });
  it("explains the 0.01 step, and falls back to it when the crossed bound is unknown", () => {
    expect(outsideMessage("format", bounds, money, texts)).toBe(
      "Value entered is outside min/max. Enter the amount with at most two decimals.",
    );
  });
});

describe("a negative amount is 'outside min/max' below the minimum, never a format slip", () => {
  it("regression: a donation of -5 was hinted '...at most two decimals'", () => {
    expect(checkFlexibleAmount("-5", bounds)).toEqual({ ok: false, error: "outside", reason: "below" });
    expect(outsideMessage("below", bounds, money, texts)).toBe(
      "Value entered is outside min/max. Enter at least $1.00.",
    );
  });
  it("with no minimum set, a negative amount is told the least is zero", () => {
    const open = { min: undefined, max: 500 };
    expect(checkFlexibleAmount("-5", open)).toEqual({ ok: false, error: "outside", reason: "below" });
    expect(outsideMessage("below", open, money, texts)).toBe(
      "Value entered is outside min/max. Enter at least $0.00.",
    );
  });
});
