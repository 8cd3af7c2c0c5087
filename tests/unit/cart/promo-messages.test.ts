import { describe, expect, it } from "vitest";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import {
  type PromoMessageTexts,
  parsePromoInput,
  promoErrorMessage,
  relevantPromoEntry,
  withFullStop,
} from "../../../src/lib/domain/promo-messages.ts";
import { defaultStrings, format } from "../../../src/lib/tenant/strings.ts";

const texts = (messages: Record<string, string> = {}): PromoMessageTexts => ({
  byCode: (code, vars) => (messages[code] ? format(messages[code], vars) : undefined),
  invalid: (code) => format(defaultStrings["promo.invalid"], { code }),
  unknown: defaultStrings["promo.unknown"],
});

const apiError = (status: number, ...entries: [string, string, Record<string, unknown>?][]) =>
  new ApiClientError(
    status,
    entries.map(([code, description, extra]) => ({
      _code: code,
      _context: "code",
      _description: description,
      _extra: extra ?? {},
    })),
  );

describe("promo input (spec §5: 'trimmed, required, 2 to 35 characters ... comma separated')", () => {
  it("trims, splits on commas and drops empties", () => {
    expect(parsePromoInput("  WELCOME10 , ,FIVEOFF,")).toEqual({
      codes: ["WELCOME10", "FIVEOFF"],
      valid: true,
    });
  });

  it("is required: nothing but spaces and commas is not valid", () => {
    expect(parsePromoInput("  , ").valid).toBe(false);
    expect(parsePromoInput("").valid).toBe(false);
  });

  it("apply is disabled below the minimum of 2 and above 35 characters", () => {
    expect(parsePromoInput(" A ").valid).toBe(false);
    expect(parsePromoInput("AB").valid).toBe(true);
    expect(parsePromoInput("X".repeat(35)).valid).toBe(true);
    expect(parsePromoInput("X".repeat(36)).valid).toBe(false);
    expect(parsePromoInput("WELCOME10,A").valid).toBe(false);
  });
});

describe("promo error messages (spec §8 message lookup)", () => {
  it("by code in the promo messages (the tenant's strings)", () => {
    const messages = { code_exhausted: defaultStrings["promo.code_exhausted"] };
    expect(
      promoErrorMessage(apiError(422, ["code_exhausted", "Code used up"]), "SOLDOUT", texts(messages)),
    ).toBe("This promo code has been used up.");
  });

  it("'invalid_citypass' uses the spec's CityPASS text", () => {
    const messages = { invalid_citypass: defaultStrings["promo.invalid_citypass"] };
    expect(promoErrorMessage(apiError(422, ["invalid_citypass", "bad"]), "CPX1", texts(messages))).toBe(
      "Does not match the expected format. Please check your CityPASS code.",
    );
  });

  it("code_not_found fills the entered code into its message", () => {
    const messages = { code_not_found: defaultStrings["promo.code_not_found"] };
    expect(promoErrorMessage(apiError(422, ["code_not_found", ""]), "NOPE", texts(messages))).toBe(
      '"NOPE" is not a valid promo code.',
    );
  });

  it("else the API description plus '.'", () => {
    expect(promoErrorMessage(apiError(422, ["citypass_failure", "CityPASS is down"]), "CP", texts())).toBe(
      "CityPASS is down.",
    );
    expect(promoErrorMessage(apiError(422, ["no_code_benefit", "No benefit!"]), "CP", texts())).toBe(
      "No benefit!",
    );
  });

  it("else '\"{code}\" is not a valid promo code.'", () => {
    expect(promoErrorMessage(apiError(422, ["code_not_found", "  "]), "BOGUS", texts())).toBe(
      '"BOGUS" is not a valid promo code.',
    );
  });

  it("the server's _extra.code names the failing code of a list", () => {
    expect(promoErrorMessage(apiError(422, ["code_not_found", "", { code: "B2" }]), "A1, B2", texts())).toBe(
      '"B2" is not a valid promo code.',
    );
  });

  it("unknown errors: 'Sorry. Please try again later.'", () => {
    expect(promoErrorMessage(apiError(410, ["cart_expired", "Cart expired"]), "X1", texts())).toBe(
      "Sorry. Please try again later.",
    );
    expect(promoErrorMessage(new Error("boom"), "X1", texts())).toBe("Sorry. Please try again later.");
    expect(promoErrorMessage(apiError(0, ["network_error", "offline"]), "X1", texts())).toBe(
      "Sorry. Please try again later.",
    );
  });

  it("duplicate_code: a second error entry wins if present, else the first", () => {
    const messages = {
      duplicate_code: defaultStrings["promo.duplicate_code"],
      code_exhausted: defaultStrings["promo.code_exhausted"],
    };
    const both = apiError(422, ["duplicate_code", "dup"], ["code_exhausted", "used"]);
    expect(relevantPromoEntry(both.entries)?._code).toBe("code_exhausted");
    expect(promoErrorMessage(both, "SOLDOUT", texts(messages))).toBe("This promo code has been used up.");
    expect(promoErrorMessage(apiError(422, ["duplicate_code", "dup"]), "X1", texts(messages))).toBe(
      "This promo code is already applied to your cart.",
    );
  });

  it("spec §5: 'Messages get a full stop appended if missing'", () => {
    expect(withFullStop("Nope")).toBe("Nope.");
    expect(withFullStop("Nope.")).toBe("Nope.");
  });
});

describe("promo limits", () => {
  it("match the contract's limits (spec §9 'promo 2 to 35')", async () => {
    const contract = await import("../../../src/lib/api/cart/schemas.ts");
    const domain = await import("../../../src/lib/domain/promo-messages.ts");
    expect([domain.PROMO_CODE_MIN, domain.PROMO_CODE_MAX]).toEqual([
      contract.PROMO_CODE_MIN,
      contract.PROMO_CODE_MAX,
    ]);
    expect([domain.PROMO_CODE_MIN, domain.PROMO_CODE_MAX]).toEqual([2, 35]);
  });
});
