import { describe, expect, it } from "vitest";
import {
  type ApiFailure,
  checkoutFailure,
  GIFT_CARD_DUPLICATE,
  GIFT_CARD_EMPTY,
  GIFT_CARD_INACTIVE,
  GIFT_CARD_NOT_FOUND,
  GIFT_CARD_TROUBLE,
  giftCardFailure,
  giftCardNumberProblem,
  giftCardProblem,
  PAYMENT_NOT_SUPPORTED,
  providerMessage,
  UNEXPECTED,
  VALIDATION_ERROR,
} from "../../src/lib/domain/payment-errors.ts";

const failure = (over: Partial<ApiFailure>): ApiFailure => ({
  status: 400,
  code: "unknown",
  description: "",
  extra: {},
  ...over,
});

describe("provider errors (spec 2 §8)", () => {
  it("'Your card has not been charged.' plus the provider message for card_error", () => {
    const result = checkoutFailure(
      failure({
        status: 402,
        code: "card_declined",
        description: "Your card was declined.",
        extra: { type: "card_error", message: "Your card was declined." },
      }),
    );
    expect(result).toEqual({
      kind: "message",
      message: "Your card has not been charged. Your card was declined.",
      refreshCart: true,
    });
  });

  it("the provider message is used only for card_error and invalid_request_error, else a generic message", () => {
    expect(providerMessage("invalid_request_error", "Bad amount.")).toBe(
      "Your card has not been charged. Bad amount.",
    );
    expect(providerMessage("api_error", "Internal stack trace")).toBe(
      `Your card has not been charged. ${UNEXPECTED}`,
    );
    const result = checkoutFailure(
      failure({ status: 402, code: "api_error", description: "secret", extra: { type: "api_error" } }),
    );
    expect(result).toEqual({
      kind: "message",
      message: `Your card has not been charged. ${UNEXPECTED}`,
      refreshCart: true,
    });
  });

  it("an expected code with no type (incorrect_cvc) counts as a card_error", () => {
    const result = checkoutFailure(
      failure({ status: 402, code: "incorrect_cvc", description: "Your card's security code is incorrect." }),
    );
    expect(result.kind === "message" ? result.message : null).toBe(
      "Your card has not been charged. Your card's security code is incorrect.",
    );
  });
});

describe("other checkout failures (spec 2 §4, §8)", () => {
  it("'Payment 402 with code intent_requires_action triggers card confirmation'", () => {
    expect(
      checkoutFailure(
        failure({ status: 402, code: "intent_requires_action", extra: { payment_intent_id: "pi_1" } }),
      ),
    ).toEqual({ kind: "requires_action", paymentIntentId: "pi_1" });
  });

  it("'an already-ordered error goes to /checkout/complete?orderIds'", () => {
    expect(
      checkoutFailure(failure({ status: 409, code: "cart_booked", extra: { ticket_order_id: "to_9" } })),
    ).toEqual({
      kind: "booked",
      orderId: "to_9",
    });
  });

  it("cart_expired and 410 end the cart", () => {
    expect(checkoutFailure(failure({ status: 410, code: "cart_expired" }))).toEqual({ kind: "expired" });
  });

  it("'Payment is not supported for this amount.' from payment_not_supported", () => {
    expect(checkoutFailure(failure({ code: "payment_not_supported" }))).toEqual({
      kind: "message",
      message: PAYMENT_NOT_SUPPORTED,
      refreshCart: false,
    });
    expect(PAYMENT_NOT_SUPPORTED).toBe("Payment is not supported for this amount.");
  });

  it("the validation-error message for validation_failed", () => {
    const result = checkoutFailure(
      failure({ code: "validation_failed", description: "Invalid input: email" }),
    );
    expect(result.kind === "message" ? result.message : null).toBe(VALIDATION_ERROR);
    expect(VALIDATION_ERROR).toBe(
      "There were errors found in the information you submitted. Please address the errors and re-submit the form.",
    );
  });

  it("'Errors for HTTP 400-499 show the first _data item's _description'; others the unexpected fallback", () => {
    const four = checkoutFailure(
      failure({ status: 403, code: "forbidden", description: "Access denied to cart" }),
    );
    expect(four.kind === "message" ? four.message : null).toBe("Access denied to cart");
    const five = checkoutFailure(failure({ status: 500, code: "internal", description: "boom" }));
    expect(five.kind === "message" ? five.message : null).toBe(
      "Sorry, something unexpected happened. Please try again later.",
    );
  });
});

describe("gift cards (spec 2 §5, §8)", () => {
  it("'a duplicate gives \"Oops! You already applied this gift card\"'", () => {
    expect(giftCardFailure(failure({ status: 409, code: "duplicate_ledger" }))).toBe(
      "Oops! You already applied this gift card",
    );
    expect(
      giftCardProblem({ number: "gc-1000-0001", state: "active", balanceMinor: 500 }, ["GC-1000-0001"]),
    ).toBe(GIFT_CARD_DUPLICATE);
  });

  it("'a balance of 0 ... gives \"Gift Card balance is $0\"'", () => {
    expect(GIFT_CARD_EMPTY).toBe("Gift Card balance is $0");
    expect(giftCardFailure(failure({ status: 400, code: "ledger_empty" }))).toBe(GIFT_CARD_EMPTY);
    expect(giftCardProblem({ number: "GC-2", state: "active", balanceMinor: 0 }, [])).toBe(GIFT_CARD_EMPTY);
    expect(giftCardProblem({ number: "GC-4", state: "active", balanceMinor: 500 }, [])).toBeNull();
  });

  it("issue 11 'An inactive card shows \"Gift Card balance is $0\"; it deserves its own message'", () => {
    // Regression: an inactive card with money on it was called empty.
    expect(giftCardProblem({ number: "GC-3", state: "inactive", balanceMinor: 500 }, [])).toBe(
      GIFT_CARD_INACTIVE,
    );
    expect(giftCardFailure(failure({ status: 422, code: "ledger_inactive" }))).toBe(GIFT_CARD_INACTIVE);
    expect(GIFT_CARD_INACTIVE).not.toBe(GIFT_CARD_EMPTY);
  });

  it("'404 shows gift-card-not-found; other failure: \"We are having trouble with that sorry...\"'", () => {
    expect(giftCardFailure(failure({ status: 404, code: "not_found" }))).toBe(GIFT_CARD_NOT_FOUND);
    expect(giftCardFailure(failure({ status: 502, code: "unknown_error" }))).toBe(GIFT_CARD_TROUBLE);
    expect(GIFT_CARD_TROUBLE).toBe("We are having trouble with that sorry. Please try again later.");
  });

  it("'Gift card number: required, max 70'", () => {
    expect(giftCardNumberProblem("  ")).not.toBeNull();
    expect(giftCardNumberProblem("x".repeat(70))).toBeNull();
    expect(giftCardNumberProblem("x".repeat(71))).not.toBeNull();
  });
});
