import { describe, expect, it } from "vitest";
import {
  type ApiFailure,
  checkoutFailure,
  giftCardFailure,
  giftCardNumberProblem,
  giftCardProblem,
  PAYMENT_MESSAGE,
  type PaymentMessage,
  providerMessage,
  zeroAmount,
} from "../../../src/lib/domain/payment-errors.ts";
import { words } from "../../helpers/words.ts";

const failure = (over: Partial<ApiFailure>): ApiFailure => ({
  status: 400,
  code: "unknown",
  description: "",
  extra: {},
  ...over,
});

const USD = { currency: "USD", locale: "en-US" };
const GBP = { currency: "GBP", locale: "en-GB" };
const UNEXPECTED = "Sorry, something unexpected happened. Please try again later.";
const shown = (result: ReturnType<typeof checkoutFailure>) =>
  result.kind === "message" ? words(result.message) : null;
const text = (message: PaymentMessage | null) => words(message);

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
      message: { id: PAYMENT_MESSAGE.notCharged, vars: { detail: "Your card was declined." } },
      refreshCart: true,
    });
    expect(shown(result)).toBe("Your card has not been charged. Your card was declined.");
  });

  it("the provider message is used only for card_error and invalid_request_error, else a generic message", () => {
    expect(text(providerMessage("invalid_request_error", "Bad amount."))).toBe(
      "Your card has not been charged. Bad amount.",
    );
    expect(text(providerMessage("api_error", "Internal stack trace"))).toBe(
      `Your card has not been charged. ${UNEXPECTED}`,
    );
    const result = checkoutFailure(
      failure({ status: 402, code: "api_error", description: "secret", extra: { type: "api_error" } }),
    );
    expect(result).toEqual({
      kind: "message",
      message: { id: PAYMENT_MESSAGE.notChargedUnexpected },
      refreshCart: true,
    });
    expect(shown(result)).toBe(`Your card has not been charged. ${UNEXPECTED}`);
  });

  it("an expected code with no type (incorrect_cvc) counts as a card_error", () => {
    const result = checkoutFailure(
      failure({ status: 402, code: "incorrect_cvc", description: "Your card's security code is incorrect." }),
    );
    expect(shown(result)).toBe("Your card has not been charged. Your card's security code is incorrect.");
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

  it("spec 2 §5 'A giftee e-mail equal to the buyer's e-mail is blocked: \"You cannot gift a membership to yourself\", with a link to buy or renew'", () => {
    // Regression: checkout showed the refusal as a bare text, with no way on to buy or renew.
    const result = checkoutFailure(
      failure({
        status: 422,
        code: "validate_not_email",
        description: "You cannot gift a membership to yourself",
      }),
    );
    expect(result).toEqual({ kind: "giftToSelf", message: { id: PAYMENT_MESSAGE.giftToSelf } });
    expect(result.kind === "giftToSelf" ? words(result.message) : null).toBe(
      "You cannot gift a membership to yourself",
    );
  });

  it("cart_expired and 410 end the cart", () => {
    expect(checkoutFailure(failure({ status: 410, code: "cart_expired" }))).toEqual({ kind: "expired" });
  });

  it("'Payment is not supported for this amount.' from payment_not_supported", () => {
    const result = checkoutFailure(failure({ code: "payment_not_supported" }));
    expect(result).toEqual({
      kind: "message",
      message: { id: PAYMENT_MESSAGE.paymentNotSupported },
      refreshCart: false,
    });
    expect(shown(result)).toBe("Payment is not supported for this amount.");
  });

  it("the validation-error message for validation_failed", () => {
    const result = checkoutFailure(
      failure({ code: "validation_failed", description: "Invalid input: email" }),
    );
    expect(result.kind === "message" ? result.message : null).toEqual({ id: PAYMENT_MESSAGE.validation });
    expect(shown(result)).toBe(
      "There were errors found in the information you submitted. Please address the errors and re-submit the form.",
    );
  });

  it("'Errors for HTTP 400-499 show the first _data item's _description'; others the unexpected fallback", () => {
    const four = checkoutFailure(
      failure({ status: 403, code: "forbidden", description: "Access denied to cart" }),
    );
    expect(four.kind === "message" ? four.message : null).toEqual({ text: "Access denied to cart" });
    expect(shown(four)).toBe("Access denied to cart");
    const five = checkoutFailure(failure({ status: 500, code: "internal", description: "boom" }));
    expect(shown(five)).toBe(UNEXPECTED);
  });
});

describe("gift cards (spec 2 §5, §8)", () => {
  it("'a duplicate gives \"Oops! You already applied this gift card\"'", () => {
    expect(giftCardFailure(failure({ status: 409, code: "duplicate_ledger" }), USD)).toEqual({
      id: PAYMENT_MESSAGE.giftCardDuplicate,
    });
    expect(text(giftCardFailure(failure({ status: 409, code: "duplicate_ledger" }), USD))).toBe(
      "Oops! You already applied this gift card",
    );
    expect(
      text(
        giftCardProblem(
          { number: "gc-1000-0001", state: "active", balanceMinor: 500 },
          ["GC-1000-0001"],
          USD,
        ),
      ),
    ).toBe("Oops! You already applied this gift card");
  });

  it("'a balance of 0 ... gives \"Gift Card balance is $0\"'", () => {
    expect(text(giftCardFailure(failure({ status: 400, code: "ledger_empty" }), USD))).toBe(
      "Gift Card balance is $0",
    );
    expect(text(giftCardProblem({ number: "GC-2", state: "active", balanceMinor: 0 }, [], USD))).toBe(
      "Gift Card balance is $0",
    );
    expect(giftCardProblem({ number: "GC-4", state: "active", balanceMinor: 500 }, [], USD)).toBeNull();
  });

  it("'Money texts follow the tenant's currency. \"Gift Card balance is $0\" shows £ on the zoo'", () => {
    expect(zeroAmount(USD)).toBe("$0");
    expect(zeroAmount(GBP)).toBe("£0");
    expect(zeroAmount({ currency: "EUR", locale: "en-IE" })).toBe("€0");
    expect(giftCardFailure(failure({ status: 422, code: "ledger_empty" }), GBP)).toEqual({
      id: PAYMENT_MESSAGE.giftCardEmpty,
      vars: { zero: "£0" },
    });
    expect(text(giftCardFailure(failure({ status: 422, code: "ledger_empty" }), GBP))).toBe(
      "Gift Card balance is £0",
    );
    expect(text(giftCardProblem({ number: "GC-2", state: "active", balanceMinor: 0 }, [], GBP))).toBe(
      "Gift Card balance is £0",
    );
  });

  it("'An inactive card shows \"Gift Card balance is $0\"; it deserves its own message'", () => {
    // Regression: an inactive card with money on it was called empty.
    const inactive = giftCardProblem({ number: "GC-3", state: "inactive", balanceMinor: 500 }, [], USD);
    expect(inactive).toEqual({ id: PAYMENT_MESSAGE.giftCardInactive });
    expect(text(inactive)).toBe("This gift card is not active. Please contact us for help.");
    expect(giftCardFailure(failure({ status: 422, code: "ledger_inactive" }), USD)).toEqual(inactive);
  });

  it("'404 shows gift-card-not-found; other failure: \"We are having trouble with that sorry...\"'", () => {
    expect(giftCardFailure(failure({ status: 404, code: "not_found" }), USD)).toEqual({
      id: PAYMENT_MESSAGE.giftCardNotFound,
    });
    expect(text(giftCardFailure(failure({ status: 502, code: "unknown_error" }), USD))).toBe(
      "We are having trouble with that sorry. Please try again later.",
    );
  });

  it("'Gift card number: required, max 70'", () => {
    expect(giftCardNumberProblem("  ")).toEqual({ id: PAYMENT_MESSAGE.giftCardRequired });
    expect(giftCardNumberProblem("x".repeat(70))).toBeNull();
    expect(text(giftCardNumberProblem("x".repeat(71)))).toBe("A gift card number has at most 70 characters.");
  });
});
