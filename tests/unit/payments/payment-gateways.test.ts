/** The test gateway's card rules (DESIGN §6) and the gift card zero-balance text (spec 2 §5). */
import { describe, expect, it } from "vitest";
import { zeroBalanceText } from "../../../src/lib/server/payments/errors.ts";
import { luhnValid, TEST_CARDS, testIntentId } from "../../../src/lib/server/payments/test-gateway.ts";

describe("test gateway", () => {
  it("Stripe's documented test cards pass the Luhn check; a mistyped number does not", () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42")).toBe(false);
  });

  it("the requires_action payment intent is stable per cart and amount, and differs otherwise", () => {
    const a = testIntentId({ cartId: "c1", amount: 2650 });
    expect(a).toMatch(/^pi_test_[0-9a-f]{24}$/);
    expect(testIntentId({ cartId: "c1", amount: 2650 })).toBe(a);
    expect(testIntentId({ cartId: "c2", amount: 2650 })).not.toBe(a);
    expect(testIntentId({ cartId: "c1", amount: 2651 })).not.toBe(a);
  });
});

describe("spec 2 §5: 'Gift Card balance is $0' in the seller's currency", () => {
  it("uses the currency symbol without decimals", () => {
    expect(zeroBalanceText("USD")).toBe("Gift Card balance is $0");
    expect(zeroBalanceText("GBP")).toBe("Gift Card balance is £0");
    expect(zeroBalanceText("EUR")).toBe("Gift Card balance is €0");
  });
});
