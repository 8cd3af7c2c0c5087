/**
 * Stripe takes an amount in a three-decimal currency (KWD, BHD, JOD, OMR, TND) only in tens of
 * minor units. Foyer's rule, whatever the gateway: an order's total in such a currency is rounded
 * half away from zero to ten fils, the difference in its percent fees; a plan's deposit and
 * instalments are tens of fils; a gift card leaves tens of fils for the card. USD, GBP and JPY
 * amounts never change.
 */
import { describe, expect, it } from "vitest";
import { computeCartTotals, type PricedTicket } from "../../../src/lib/domain/cart-totals.ts";
import { orderFeeBreakdown } from "../../../src/lib/domain/fee-lines.ts";
import { editPrice } from "../../../src/lib/domain/manage/edit-price.ts";
import { chargeInputStep, chargeStep, roundToChargeStep } from "../../../src/lib/domain/money.ts";
import { giftCardShare, paymentMinMinor, paymentSupported } from "../../../src/lib/domain/payment-amount.ts";
import { planInstalments } from "../../../src/lib/domain/payment-plan.ts";

const ticket = (id: string, faceValue: number, fixed = 150, percentBp = 250): PricedTicket => ({
  id,
  ticketTypeId: "t",
  faceValue,
  feeFixedOutside: fixed,
  feePercentOutside: percentBp,
});

describe("the charge step: ten minor units in a three-decimal currency, one elsewhere", () => {
  it("KWD, BHD, JOD, OMR and TND step by 10; USD, GBP and JPY by 1", () => {
    for (const code of ["KWD", "BHD", "JOD", "OMR", "TND"]) expect(chargeStep(code)).toBe(10);
    for (const code of ["USD", "GBP", "JPY"]) expect(chargeStep(code)).toBe(1);
    expect(chargeStep()).toBe(1);
  });

  it("rounds half away from zero to the step", () => {
    expect(roundToChargeStep(2713, "KWD")).toBe(2710);
    expect(roundToChargeStep(2715, "KWD")).toBe(2720);
    expect(roundToChargeStep(2714, "KWD")).toBe(2710);
    expect(roundToChargeStep(-2715, "KWD")).toBe(-2720);
    expect(roundToChargeStep(2713, "USD")).toBe(2713);
  });

  it("a card amount is typed in steps of 0.01 in KWD (ten fils) as in USD, of 1 in JPY", () => {
    expect(chargeInputStep("KWD")).toBe("0.01");
    expect(chargeInputStep("USD")).toBe("0.01");
    expect(chargeInputStep("JPY")).toBe("1");
  });
});

describe("a KWD cart's total is tens of fils, the rounding in the percent fees", () => {
  it("KWD 2.500 + 0.150 + 2.5 % (62.5 -> 63 fils) is 2.713, charged as 2.710", () => {
    const totals = computeCartTotals([ticket("a", 2500)], [], "KWD");
    expect(totals).toMatchObject({
      faceValue: 2500,
      feeFixed: 150,
      feePercent: 60,
      discount: 0,
      total: 2710,
    });
    expect(totals.ticketPercentFees.get("a")).toBe(60);
  });

  it("the same cart in USD is untouched: 2713 cents", () => {
    expect(computeCartTotals([ticket("a", 2500)], [], "USD")).toMatchObject({ feePercent: 63, total: 2713 });
    expect(computeCartTotals([ticket("a", 2500)], [])).toMatchObject({ feePercent: 63, total: 2713 });
  });

  it("several tickets: the last carries the rounding, so the tickets' fees add up to the cart's", () => {
    const totals = computeCartTotals([ticket("a", 2500), ticket("b", 1250)], [], "KWD");
    // 2500 + 1250 + 2 × 150 + 63 + 31 = 4144 -> 4140.
    expect(totals.total).toBe(4140);
    expect(totals.ticketPercentFees.get("a")).toBe(63);
    expect(totals.ticketPercentFees.get("b")).toBe(27);
    expect(totals.faceValue + totals.feeFixed + totals.feePercent - totals.discount).toBe(totals.total);
  });

  it("a percent-off code's odd fils round with the rest", () => {
    const totals = computeCartTotals(
      [{ ...ticket("a", 3750, 0, 0), lineKind: "ticket" }],
      [{ code: "TEN", benefit: { percent_off: 1500 } }],
      "KWD",
    );
    // 3750 - 15 % (562.5 -> 563) = 3187 -> 3190.
    expect(totals).toMatchObject({ discount: 563, feePercent: 3, total: 3190 });
  });

  it("an order's fee lines, from its tickets and stored total, add up to it", () => {
    expect(orderFeeBreakdown([ticket("a", 2500)], 2710, "KWD")).toEqual({
      faceValue: 2500,
      fees: 210,
      discount: 0,
      total: 2710,
    });
  });

  it("an order's change costs tens of fils: the difference of two rounded totals", () => {
    const booked = [{ ...ticket("a", 2500), lineKind: "ticket" as const }];
    const added = [{ ...ticket("b", 3755), lineKind: "ticket" as const }];
    const price = editPrice({ booked, removed: ["a"], added, codes: [], orderTotal: 2710, currency: "KWD" });
    // 3755 + 150 + 94 = 3999 -> 4000; less the 2710 paid.
    expect(price.added.total).toBe(4000);
    expect(price.difference).toBe(1290);
    expect(price.difference % 10).toBe(0);
  });
});

describe("plans and gift cards leave card amounts in tens of fils", () => {
  const plan = { instalments: 3, interval_days: 30, deposit_percent: 3400 };
  const start = new Date("2026-12-01T10:00:00Z");

  it("KWD 2.710 in three: a deposit of 0.920 (34 % = 921.4 fils, rounded), then 0.890 and 0.900", () => {
    const rows = planInstalments(2710, plan, start, "KWD");
    expect(rows.map((r) => r.amount)).toEqual([920, 890, 900]);
    expect(rows.every((r) => r.amount % 10 === 0)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(2710);
  });

  it("the same plan in USD keeps its cents: 921, 894, 895", () => {
    expect(planInstalments(2710, plan, start, "USD").map((r) => r.amount)).toEqual([921, 894, 895]);
    expect(planInstalments(2710, plan, start).map((r) => r.amount)).toEqual([921, 894, 895]);
  });

  it("a KWD 1.255 gift card pays 1.250 of 2.710 and leaves 1.460 for a card; a USD one pays all of its balance", () => {
    expect(giftCardShare(1255, 2710, "KWD")).toBe(1250);
    expect(giftCardShare(3000, 2710, "KWD")).toBe(2710);
    expect(giftCardShare(1255, 2710, "USD")).toBe(1255);
    expect(giftCardShare(1255, 2710)).toBe(1255);
  });
});

describe("card payment limits in the currency's own units", () => {
  it("at least 0.50: 50 cents, KWD 0.500 (500 fils), GBP 0.30, ¥50", () => {
    expect(paymentMinMinor("USD")).toBe(50);
    expect(paymentMinMinor("GBP")).toBe(30);
    expect(paymentMinMinor("KWD")).toBe(500);
    expect(paymentMinMinor("JPY")).toBe(50);
    expect(paymentSupported(490, "KWD")).toBe(false);
    expect(paymentSupported(500, "KWD")).toBe(true);
  });
});
