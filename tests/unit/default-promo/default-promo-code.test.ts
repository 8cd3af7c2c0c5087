/** Spec 1 §9: "A default promo code comes from the first entry of the web config." */
import { describe, expect, it } from "vitest";
import {
  defaultPromoCode,
  withDefaultPromoCode,
} from "../../../src/lib/domain/default-promo/default-promo-code.ts";

describe("default promo code", () => {
  it("'A default promo code comes from the first entry of the web config'", () => {
    expect(defaultPromoCode(["WELCOME", "OTHER"])).toBe("WELCOME");
    expect(defaultPromoCode([" SPACED "])).toBe("SPACED");
  });

  it("no configured entry (or a blank first entry) means no default code", () => {
    expect(defaultPromoCode([])).toBeUndefined();
    expect(defaultPromoCode(["  "])).toBeUndefined();
  });

  it("a new cart preloads the default code after the caller's codes, once", () => {
    expect(withDefaultPromoCode(["A"], "WELCOME")).toEqual(["A", "WELCOME"]);
    expect(withDefaultPromoCode(["WELCOME"], "WELCOME")).toEqual(["WELCOME"]);
    expect(withDefaultPromoCode(["A"], undefined)).toEqual(["A"]);
  });
});
