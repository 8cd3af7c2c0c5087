/**
 * Error texts and gift cards at checkout: each refusal its own text, and the
 * paid and remaining lines of a part-paid cart.
 */
import { describe, expect, it } from "vitest";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import { appliedGiftCards, paymentSummary } from "../../../src/lib/domain/cart-payments.ts";
import { type PromoMessageTexts, promoErrorMessage } from "../../../src/lib/domain/promo-messages.ts";
import { isExpectedReserveCode, reserveErrorView } from "../../../src/lib/domain/reserve-errors.ts";
import { defaultStrings, format } from "../../../src/lib/tenant/strings.ts";
import { envelope } from "../cart-fixtures.ts";

/** The tenant's promo messages, as useCodeEntry's promoTexts builds them from the strings. */
const tenantTexts: PromoMessageTexts = {
  byCode: (code, vars) => {
    const key = `promo.${code}` as keyof typeof defaultStrings;
    return key in defaultStrings ? format(defaultStrings[key], vars) : undefined;
  },
  invalid: (code) => format(defaultStrings["promo.invalid"], { code }),
  unknown: defaultStrings["promo.unknown"],
};

const failure = (code: string, description: string, extra: Record<string, unknown> = {}) =>
  new ApiClientError(422, [{ _code: code, _context: "code", _description: description, _extra: extra }]);

describe("spec 1 §8 'Message lookup: by code in the promo messages' — each code its own text", () => {
  it("an expired promo code no longer says '\"{code}\" is not a valid promo code.'", () => {
    // Regression: EXPIRED2020 was answered code_not_found, whose text is the not-valid one.
    const text = promoErrorMessage(
      failure("code_expired", 'The code "EXPIRED2020" has expired.', { code: "EXPIRED2020" }),
      "EXPIRED2020",
      tenantTexts,
    );
    expect(text).toBe("This promo code has expired.");
    expect(text).not.toContain("not a valid promo code");
  });

  it("an unknown code keeps '\"{code}\" is not a valid promo code.'", () => {
    const text = promoErrorMessage(failure("code_not_found", "x", { code: "NOPE99" }), "NOPE99", tenantTexts);
    expect(text).toBe('"NOPE99" is not a valid promo code.');
  });

  it("a voucher held in another cart does not say 'has already been used'", () => {
    const text = promoErrorMessage(
      failure("code_held", 'The code "CPA00000001" is being used in another cart.', { code: "CPA00000001" }),
      "CPA00000001",
      tenantTexts,
    );
    expect(text).toBe(defaultStrings["promo.code_held"]);
    expect(text).not.toMatch(/already been used|used up/);
  });

  it("a code not valid yet has its own text", () => {
    expect(promoErrorMessage(failure("code_not_yet_valid", "x"), "SOON", tenantTexts)).toBe(
      "This promo code is not valid yet.",
    );
  });
});

describe("spec 1 §8 Reserve 'invalid_citypass, code_exhausted (shown at the citypass field)'", () => {
  it("a CityPASS child code on an adult ticket shows 'Does not match the expected format. Please check your CityPASS code.' at the code field", () => {
    // Regression: the add answered code_required again, so the dialog said 'A code is required for these tickets'.
    const view = reserveErrorView({
      status: 422,
      code: "invalid_citypass",
      context: "code",
      description: "Does not match the expected format. Please check your CityPASS code.",
      extra: { code: "CPC12345678" },
    });
    expect(view).toEqual({
      kind: "codeField",
      message: { text: "Does not match the expected format. Please check your CityPASS code." },
    });
  });

  it("a voucher held in another cart and an expired code are shown at the code field with their own text", () => {
    for (const code of ["code_held", "code_expired"]) {
      const view = reserveErrorView({
        status: 422,
        code,
        context: "code",
        description: `${code} text`,
        extra: {},
      });
      expect(view).toEqual({ kind: "codeField", message: { text: `${code} text` } });
      expect(isExpectedReserveCode(code)).toBe(true);
    }
  });
});

describe("'the cart summary shows no paid and remaining lines'", () => {
  const paid = (over: Record<string, unknown>) => ({
    id: "pay-1",
    cart_id: "cart-1",
    gateway_id: "ledger",
    state: "succeeded",
    amount: "20.00",
    occurred_at: "2026-11-17T20:30:00.000Z",
    card_number: "****0001",
    remaining_balance: "80.00",
    ...over,
  });

  it("no payment, no lines", () => {
    expect(paymentSummary(envelope([{ id: "t1", event: "ga", type: "adult" }]))).toBeNull();
  });

  it("shows each succeeded payment and the remaining amount due; refunded payments are gone", () => {
    const cart = {
      ...envelope([{ id: "t1", event: "ga", type: "adult" }], { outstanding: "33.00", payments: "20.00" }),
      payment: {
        _count: 2,
        _data: [paid({}), paid({ id: "pay-0", state: "refunded", card_number: "****0002" })],
      },
    };
    const summary = paymentSummary(cart as Parameters<typeof paymentSummary>[0]);
    expect(summary).toEqual({
      lines: [
        {
          paymentId: "pay-1",
          kind: "gift_card",
          card: "****0001",
          amount: 2000,
          remainingBalance: 8000,
          removable: true,
        },
      ],
      paid: 2000,
      outstanding: 3300,
    });
    expect(appliedGiftCards(cart as Parameters<typeof appliedGiftCards>[0])).toEqual(["****0001"]);
  });

  it("a card payment (a plan instalment) is listed but cannot be removed", () => {
    const cart = {
      ...envelope([{ id: "t1", event: "ga", type: "adult" }], { outstanding: "3.00" }),
      payment: {
        _count: 1,
        _data: [paid({ gateway_id: "test", card_number: null, remaining_balance: null })],
      },
    };
    const line = paymentSummary(cart as Parameters<typeof paymentSummary>[0])?.lines[0];
    expect(line?.kind).toBe("card");
    expect(line?.removable).toBe(false);
  });
});
