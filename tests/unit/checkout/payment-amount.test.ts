import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as contract from "../../../src/lib/api/checkout/schemas.ts";
import {
  clampOtherAmount,
  giftCardShare,
  needsCard,
  PAYMENT_MAX_MINOR,
  paymentMinMinor,
  paymentSupported,
  validateCard,
  walletAmount,
} from "../../../src/lib/domain/payment-amount.ts";

describe("payment limits (spec 2 §5: 0.50 to 999999.99; GBP 0.30 to 999999.99)", () => {
  it("USD: 0.49 is refused, 0.50 and 999999.99 pass, 1000000.00 is refused", () => {
    expect(paymentSupported(49, "USD")).toBe(false);
    expect(paymentSupported(50, "USD")).toBe(true);
    expect(paymentSupported(99_999_999, "USD")).toBe(true);
    expect(paymentSupported(100_000_000, "USD")).toBe(false);
  });

  it("the limits equal the API contract's (checkout-schemas.ts)", () => {
    expect(PAYMENT_MAX_MINOR).toBe(contract.PAYMENT_MAX_MINOR);
    for (const currency of ["USD", "GBP", "gbp", "EUR"]) {
      expect(paymentMinMinor(currency)).toBe(contract.paymentMinMinor(currency));
    }
  });

  it("GBP: 0.29 is refused, 0.30 passes (currency case ignored)", () => {
    expect(paymentSupported(29, "GBP")).toBe(false);
    expect(paymentSupported(30, "gbp")).toBe(true);
    expect(paymentSupported(30, "EUR")).toBe(false);
  });

  it("'the free gateway handles zero totals': a card is needed only above 0", () => {
    expect(needsCard(0)).toBe(false);
    expect(needsCard(-100)).toBe(false);
    expect(needsCard(1)).toBe(true);
  });
});

describe("gift card share ('gift cards go first', never more than due)", () => {
  it("pays the balance, at most the outstanding total", () => {
    expect(giftCardShare(1000, 5300)).toBe(1000);
    expect(giftCardShare(10_000, 5300)).toBe(5300);
    expect(giftCardShare(0, 5300)).toBe(0);
  });
});

describe("'The other partial amount is clamped between the due amount and the outstanding balance, with two decimals'", () => {
  it("clamps below and above, and rounds to the cent", () => {
    expect(clampOtherAmount(5, 1000, 5000)).toBe(1000);
    expect(clampOtherAmount(80, 1000, 5000)).toBe(5000);
    expect(clampOtherAmount(12.345, 1000, 5000)).toBe(1235);
    expect(clampOtherAmount(Number.NaN, 1000, 5000)).toBe(1000);
  });

  it("property: the result is an integer within [due, outstanding] for any input", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e7, max: 1e7, noNaN: false }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (entered, a, b) => {
          const due = Math.min(a, b);
          const outstanding = Math.max(a, b);
          const result = clampOtherAmount(entered, due, outstanding);
          return Number.isInteger(result) && result >= due && result <= outstanding;
        },
      ),
    );
  });

  it("property: an amount already within the range is kept to the nearest cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (due, extra) => {
          const outstanding = due + extra;
          const cents = due + Math.floor(extra / 2);
          return clampOtherAmount(cents / 100, due, outstanding) === cents;
        },
      ),
    );
  });
});

describe("wallet amounts ('multiplied by 100 and rounded'; 'must be a finite number')", () => {
  it("converts and refuses non-finite numbers", () => {
    expect(walletAmount(12.345)).toBe(1235);
    expect(walletAmount(0.1 + 0.2)).toBe(30);
    expect(walletAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("test card form", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("accepts 4242 4242 4242 4242, 12/30, 123 and strips the spaces", () => {
    expect(validateCard({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }, now)).toEqual({
      ok: true,
      card: { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
    });
  });

  it("refuses empty, malformed and past values", () => {
    const empty = validateCard({ number: "", expiry: "", cvc: "" }, now);
    expect(empty.ok ? null : empty.errors).toEqual({
      number: "required",
      expiry: "required",
      cvc: "required",
    });
    const bad = validateCard({ number: "4242", expiry: "13/30", cvc: "12" }, now);
    expect(bad.ok ? null : bad.errors).toEqual({ number: "invalid", expiry: "invalid", cvc: "invalid" });
    const past = validateCard({ number: "4242424242424242", expiry: "10/26", cvc: "123" }, now);
    expect(past.ok ? null : past.errors).toEqual({ expiry: "invalid" });
    expect(validateCard({ number: "4242424242424242", expiry: "11/26", cvc: "123" }, now).ok).toBe(true);
  });
});
