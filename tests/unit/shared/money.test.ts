import { describe, expect, it } from "vitest";
import {
  addOutsideFees,
  formatMoney,
  parseMoneyString,
  percentFee,
  toMoneyString,
} from "../../../src/lib/domain/money.ts";

describe("money", () => {
  it("minor units <-> '25.00' strings", () => {
    expect(toMoneyString(2500)).toBe("25.00");
    expect(toMoneyString(5)).toBe("0.05");
    expect(toMoneyString(-1999)).toBe("-19.99");
    expect(parseMoneyString("25.5")).toBe(2550);
    expect(parseMoneyString("-0.05")).toBe(-5);
    expect(() => parseMoneyString("1.234")).toThrow();
    expect(() => toMoneyString(1.5)).toThrow();
  });
  it("percent fees in basis points round half up once", () => {
    expect(percentFee(1999, 250)).toBe(50); // 49.975
    expect(percentFee(1000, 250)).toBe(25);
    expect(percentFee(1, 4999)).toBe(0);
    expect(addOutsideFees(2000, { fixed: 150, percentBp: 500 })).toBe(2250);
  });
  it("formats with Intl.NumberFormat for the locale and currency", () => {
    expect(formatMoney(2500, "USD", "en-US")).toBe("$25.00");
    expect(formatMoney(2500, "GBP", "en-GB")).toBe("£25.00");
    // Regression: formatting and parsing use one scale, the currency's own decimals (JPY has none).
    expect(formatMoney(parseMoneyString("1500", "JPY"), "JPY", "en-US")).toBe("¥1,500");
  });
  it("keeps one formatter per locale and currency: the same call twice, and its neighbours, read the same as alone", () => {
    expect([
      formatMoney(1250, "USD", "en-US"),
      formatMoney(1250, "GBP", "en-US"),
      formatMoney(1250, "USD", "en-GB"),
      formatMoney(1250, "USD", "en-US"),
      formatMoney(-99, "EUR", "de-DE"),
    ]).toEqual(["$12.50", "£12.50", "US$12.50", "$12.50", "-0,99\u00a0€"]);
    expect(() => formatMoney(100, "not-a-currency")).toThrow(RangeError);
  });
});
