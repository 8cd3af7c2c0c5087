/** What the checkout's pay button charges, and when paying waits (spec 2 §2, §5). */
import { describe, expect, it } from "vitest";
import { payWaits } from "../../../src/lib/domain/pay-button.ts";
import { chargeFor } from "../../../src/lib/domain/payment-plan.ts";

describe("the charge", () => {
  it("is everything owed, or a plan's chosen partial amount, never more than is owed", () => {
    expect(chargeFor(5000, false, 1000)).toBe(5000);
    expect(chargeFor(5000, true, null)).toBe(5000);
    expect(chargeFor(5000, true, 1000)).toBe(1000);
    expect(chargeFor(5000, true, 9000)).toBe(5000);
  });
});

describe("paying waits", () => {
  const ready = { stripe: true, cardDue: true, stripeReady: true, codeRequired: false };
  it("for the Stripe form when a card payment is due", () => {
    expect(payWaits(ready)).toBe(false);
    expect(payWaits({ ...ready, stripeReady: false })).toBe(true);
    expect(payWaits({ ...ready, stripeReady: false, cardDue: false })).toBe(false);
    expect(payWaits({ ...ready, stripeReady: false, stripe: false })).toBe(false);
  });
  it("for the code a blocked cart needs", () => {
    expect(payWaits({ ...ready, codeRequired: true })).toBe(true);
    expect(payWaits({ stripe: false, cardDue: false, stripeReady: false, codeRequired: true })).toBe(true);
  });
});
