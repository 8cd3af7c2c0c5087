/**
 * Amounts the storefront reads from the API and types into inputs, in a three-decimal currency
 * (KWD: 1000 fils to the dinar) and one without decimals (JPY), beside USD that must not change:
 * the API writes every amount in its currency's places, inputs step by the currency's minor unit,
 * and a typed number becomes minor units ×1000 in KWD, never ×100.
 */
import { describe, expect, it } from "vitest";
import { flexibleBounds } from "../../../src/lib/domain/flexible-price.ts";
import { apiMoneyMinor, minorOfNumber, moneyInputStep } from "../../../src/lib/domain/money.ts";
import { oneTicketOptionLabel } from "../../../src/lib/domain/one-ticket-label.ts";
import { walletAmountMinor } from "../../../src/lib/domain/pay-button.ts";
import { clampOtherAmount, walletAmount } from "../../../src/lib/domain/payment-amount.ts";
import {
  buildReserveRequest,
  type RequestGroup,
  selectionBreakdown,
} from "../../../src/lib/domain/reserve-request.ts";

describe("the API's money strings are read in their own places", () => {
  it('"25.00" is 2500 cents, "2.500" 2500 fils, "1500" 1500 yen', () => {
    expect(apiMoneyMinor("25.00")).toBe(2500);
    expect(apiMoneyMinor("2.500")).toBe(2500);
    expect(apiMoneyMinor("0.005")).toBe(5);
    expect(apiMoneyMinor("-0.150")).toBe(-150);
    expect(apiMoneyMinor("1500")).toBe(1500);
    // A percent fee's basis points: "2.50" is 250.
    expect(apiMoneyMinor("2.50")).toBe(250);
  });

  it("refuses what the API never writes (one decimal, four, a comma)", () => {
    for (const bad of ["2.5", "2.5000", "1,50", "", "abc"])
      expect(() => apiMoneyMinor(bad)).toThrow(RangeError);
  });

  it("a flexible type's bounds read in KWD: min 1.000, max 50.000", () => {
    expect(flexibleBounds({ currency_amount_min: "1.000", currency_amount_max: "50.000" }, "KWD")).toEqual({
      min: 1000,
      max: 50_000,
      currency: "KWD",
    });
  });
});

describe("money inputs follow the currency's minor unit", () => {
  it("steps 0.01 in USD (and with no currency), 0.001 in KWD, 1 in JPY", () => {
    expect(moneyInputStep("USD")).toBe("0.01");
    expect(moneyInputStep()).toBe("0.01");
    expect(moneyInputStep("KWD")).toBe("0.001");
    expect(moneyInputStep("JPY")).toBe("1");
  });

  it("a typed number is minor units of the currency, rounded to the minor unit", () => {
    expect(minorOfNumber(12.345, "KWD")).toBe(12_345);
    expect(minorOfNumber(12.5, "USD")).toBe(1250);
    expect(minorOfNumber(12.5)).toBe(1250);
    expect(minorOfNumber(1500, "JPY")).toBe(1500);
    expect(minorOfNumber(Number.NaN, "KWD")).toBe(null);
  });
});

describe("partial amounts and wallet requests in KWD are ×1000", () => {
  it("the other amount 1.255 KWD is 1260 fils (a card takes tens of fils), clamped between due and outstanding", () => {
    expect(clampOtherAmount(1.255, 1000, 2710, "KWD")).toBe(1260);
    expect(clampOtherAmount(1.254, 1000, 2710, "KWD")).toBe(1250);
    expect(clampOtherAmount(0.5, 1000, 2710, "KWD")).toBe(1000);
    expect(clampOtherAmount(9, 1000, 2710, "KWD")).toBe(2710);
    // USD as before: 12.5 is 1250 cents.
    expect(clampOtherAmount(12.5, 1000, 2710)).toBe(1250);
  });

  it("a wallet amount of 2.71 KWD is 2710 minor units, of $27.10 2710 cents", () => {
    expect(walletAmount(2.71, "KWD")).toBe(2710);
    expect(walletAmountMinor(2.71, "KWD")).toBe(2710);
    expect(walletAmount(27.1, "USD")).toBe(2710);
    expect(walletAmountMinor(27.1)).toBe(2710);
  });
});

describe("one-ticket labels and reserve requests in KWD", () => {
  const money = (minor: number) => `KWD ${(minor / 1000).toFixed(3)}`;

  it("a name that states the price in dinars is the label alone", () => {
    expect(oneTicketOptionLabel("Gift card 2.500", 2500, money, "KWD")).toBe("Gift card 2.500");
    expect(oneTicketOptionLabel("Gift card 25", 25_000, money, "KWD")).toBe("Gift card 25");
    // 25 dinars is not 2500 fils: the price is added.
    expect(oneTicketOptionLabel("Gift card 25", 2500, money, "KWD")).toBe("Gift card 25 (KWD 2.500)");
  });

  const group: RequestGroup = {
    id: "g",
    admitNames: "disabled",
    admitEmails: "disabled",
    questions: [],
    types: [{ id: "gift", flexible: true, min: 1000, max: 50_000, amount: 0, fees: {}, currency: "KWD" }],
  };
  const choices = (typed: string) => ({
    quantities: { gift: 1 },
    amounts: { gift: typed },
    survey: {},
    admit: {},
    sessionId: undefined,
  });

  it('a typed "2.5" is sent as face_value "2.500", and a fourth decimal is refused', () => {
    const request = buildReserveRequest([group], choices("2.5"));
    expect(request.ok && request.add[0]?.face_value).toBe("2.500");
    expect(selectionBreakdown([group], choices("2.5")).subtotal).toBe(2500);
    // A gift of 2.505 shows as the cart will total it: 2.510, the 5 fils in the fees.
    expect(selectionBreakdown([group], choices("2.505"))).toEqual({ subtotal: 2505, fees: 5, total: 2510 });
    const refused = buildReserveRequest([group], choices("2.5005"));
    expect(refused.ok).toBe(false);
  });
});
