/**
 * Money in currencies with two (USD), three (KWD) and no (JPY) decimals: a minor unit is the
 * currency's own, so 2500 minor units are $25.00, KWD 2.500 and ¥2,500.
 * Intl writes a no-break space between the code and the amount ("KWD\u00a02.500").
 */
import { describe, expect, it } from "vitest";
import { viewItemEvent } from "../../../src/lib/domain/analytics/ecommerce.ts";
import { checkFlexibleAmount, flexibleBounds, presetAmount } from "../../../src/lib/domain/flexible-price.ts";
import {
  addOutsideFees,
  currencyDigits,
  formatMoney,
  fromMinor,
  minorPerUnit,
  parseMoneyString,
  percentFee,
  toMoneyString,
} from "../../../src/lib/domain/money.ts";

describe("a currency's decimals come from Intl (ISO 4217), in one place", () => {
  it("USD has 2, KWD 3, JPY 0; the code's case does not matter", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("GBP")).toBe(2);
    expect(currencyDigits("KWD")).toBe(3);
    expect(currencyDigits("kwd")).toBe(3);
    expect(currencyDigits("JPY")).toBe(0);
    expect(minorPerUnit("KWD")).toBe(1000);
    expect(minorPerUnit("JPY")).toBe(1);
    // No currency named: two decimals, as the two-decimal tenants always had.
    expect(minorPerUnit()).toBe(100);
  });
  it("an unknown currency code is refused, never guessed", () => {
    expect(() => currencyDigits("XX")).toThrow(RangeError);
  });
});

describe("formatting: Intl.NumberFormat with the currency's own scale (×1000 for KWD, not ×100)", () => {
  it("USD and GBP read as before", () => {
    expect(formatMoney(2500, "USD", "en-US")).toBe("$25.00");
    expect(formatMoney(2500, "GBP", "en-GB")).toBe("£25.00");
  });
  it("KWD: 2500 minor units are 2.500 dinars, never 25.00", () => {
    expect(formatMoney(2500, "KWD", "en-US")).toBe("KWD\u00a02.500");
    expect(formatMoney(1, "KWD", "en-US")).toBe("KWD\u00a00.001");
    expect(formatMoney(-12_345, "KWD", "en-US")).toBe("-KWD\u00a012.345");
  });
  it("JPY: one minor unit is one yen", () => {
    expect(formatMoney(2500, "JPY", "en-US")).toBe("¥2,500");
  });
});

describe("money strings in the currency's own places", () => {
  it("minor units -> string", () => {
    expect(toMoneyString(2500, "USD")).toBe("25.00");
    expect(toMoneyString(2500, "KWD")).toBe("2.500");
    expect(toMoneyString(-5, "KWD")).toBe("-0.005");
    expect(toMoneyString(2500, "JPY")).toBe("2500");
    // No currency: the API contract's two places, unchanged.
    expect(toMoneyString(2500)).toBe("25.00");
  });
  it("an amount typed by a person: '12.5' in KWD is 12500 minor units", () => {
    expect(parseMoneyString("12.5", "KWD")).toBe(12_500);
    expect(parseMoneyString("12.345", "KWD")).toBe(12_345);
    expect(parseMoneyString("12.5", "USD")).toBe(1250);
    expect(parseMoneyString("1500", "JPY")).toBe(1500);
    expect(parseMoneyString("25.5")).toBe(2550);
  });
  it("more decimals than the currency has are refused, never rounded", () => {
    expect(() => parseMoneyString("12.3456", "KWD")).toThrow(/Not a money amount: 12.3456/);
    expect(() => parseMoneyString("12.345", "USD")).toThrow(RangeError);
    expect(() => parseMoneyString("12.5", "JPY")).toThrow(RangeError);
    expect(() => parseMoneyString("12.", "KWD")).toThrow(RangeError);
  });
  it("fromMinor gives units for number inputs and analytics, exactly", () => {
    expect(fromMinor(2500, "KWD")).toBe(2.5);
    expect(fromMinor(2500, "USD")).toBe(25);
    expect(fromMinor(2500, "JPY")).toBe(2500);
    for (const minor of [1, 999, 12_345, 9_999_999])
      expect(parseMoneyString(toMoneyString(minor, "KWD"), "KWD")).toBe(minor);
  });
});

describe("flexible prices and donations: a typed amount is read in the seller's currency", () => {
  // Bounds arrive as the API's strings (minor units / 100); 10.000 to 50.000 KWD here.
  const kwd = flexibleBounds({ currency_amount_min: "100.00", currency_amount_max: "500.00" }, "KWD");
  it("'12.5' KWD is 12500 minor units, within 10.000..50.000", () => {
    expect(kwd).toEqual({ min: 10_000, max: 50_000, currency: "KWD" });
    expect(checkFlexibleAmount("12.5", kwd)).toEqual({ ok: true, amount: 12_500 });
    expect(checkFlexibleAmount("12.345", kwd)).toEqual({ ok: true, amount: 12_345 });
  });
  it("the bounds hold to the last fils", () => {
    expect(checkFlexibleAmount("9.999", kwd)).toEqual({ ok: false, error: "outside", reason: "below" });
    expect(checkFlexibleAmount("10", kwd)).toEqual({ ok: true, amount: 10_000 });
    expect(checkFlexibleAmount("50.000", kwd)).toEqual({ ok: true, amount: 50_000 });
    expect(checkFlexibleAmount("50.001", kwd)).toEqual({ ok: false, error: "outside", reason: "above" });
  });
  it("'12.3456' in KWD is refused as off-step, with the format reason", () => {
    expect(checkFlexibleAmount("12.3456", kwd)).toEqual({ ok: false, error: "outside", reason: "format" });
  });
  it("a preset is written back in the currency's places", () => {
    expect(presetAmount("12.5", kwd)).toBe("12.500");
  });
  it("without a currency, two decimals as before", () => {
    const usd = flexibleBounds({ currency_amount_min: "10.00", currency_amount_max: null });
    expect(usd).toEqual({ min: 1000, max: undefined });
    expect(checkFlexibleAmount("12.5", usd)).toEqual({ ok: true, amount: 1250 });
    expect(checkFlexibleAmount("12.345", usd)).toEqual({ ok: false, error: "outside", reason: "format" });
    expect(presetAmount("12.5", usd)).toBe("12.50");
  });
});

describe("fee lines: integer minor units, rounded half away from zero once, at the edge", () => {
  it("2.5 % of KWD 2.500 is 62.5 fils -> 63 (KWD 0.063)", () => {
    expect(percentFee(2500, 250)).toBe(63);
    expect(formatMoney(percentFee(2500, 250), "KWD", "en-US")).toBe("KWD\u00a00.063");
  });
  it("fixed KWD 0.150 plus 5 % of KWD 2.000 = KWD 2.250", () => {
    expect(addOutsideFees(2000, { fixed: 150, percentBp: 500 })).toBe(2250);
    expect(formatMoney(2250, "KWD", "en-US")).toBe("KWD\u00a02.250");
  });
  it("JPY: 2.5 % of ¥999 is 24.975 -> ¥25", () => {
    expect(percentFee(999, 250)).toBe(25);
  });
});

describe("analytics ecommerce values are in the currency's units", () => {
  // The API's strings, in the currency's places: 2500 minor units, a fixed fee of 150.
  const strings: Record<string, { amount: string; fee: string }> = {
    KWD: { amount: "2.500", fee: "0.150" },
    USD: { amount: "25.00", fee: "1.50" },
  };
  const input = (currency: string) => ({
    eventId: "e1",
    eventName: "Planetarium",
    currency,
    groups: [{ id: "g1", handler: "timed" }],
    types: [
      {
        id: "t1",
        ticket_group_id: "g1",
        currency_amount: strings[currency]?.amount ?? "",
        outside_fees: [{ type: "fee_fixed_outside", fee: strings[currency]?.fee ?? "" }],
      },
    ],
  });
  it("KWD: face value 2.500 and fee 0.150, never 25.00", () => {
    const items = viewItemEvent(input("KWD")).ecommerce.items as { face_value: string; fee: string }[];
    expect(items[0]).toMatchObject({ face_value: "2.500", fee: "0.150" });
  });
  it("USD: unchanged, 25.00 and 1.50", () => {
    const items = viewItemEvent(input("USD")).ecommerce.items as { face_value: string; fee: string }[];
    expect(items[0]).toMatchObject({ face_value: "25.00", fee: "1.50" });
  });
});
