import { describe, expect, it } from "vitest";
import { formatCardExpiry } from "../../../src/lib/domain/card-expiry.ts";
import { validateCard } from "../../../src/lib/domain/payment-amount.ts";

describe("'Card expiry typed as `1230` is refused: format it as the shopper types'", () => {
  it("turns '1230' into the form's MM/YY, '12/30'", () => {
    expect(formatCardExpiry("1230")).toBe("12/30");
  });
  it("formats each keystroke: the slash comes with the first year digit", () => {
    const typed = ["1", "12", "123", "1230"].map(formatCardExpiry);
    expect(typed).toEqual(["1", "12", "12/3", "12/30"]);
  });
  it("lets backspace delete through the slash (it is not put back)", () => {
    expect(formatCardExpiry("12/")).toBe("12");
    expect(formatCardExpiry("12")).toBe("12");
    expect(formatCardExpiry("1")).toBe("1");
  });
  it("keeps what is already MM/YY, with or without spaces", () => {
    expect(formatCardExpiry("12/30")).toBe("12/30");
    expect(formatCardExpiry("12 / 30")).toBe("12/30");
  });
  it("reads a lone first digit 2–9 as that month", () => {
    expect(formatCardExpiry("4")).toBe("04");
    expect(formatCardExpiry("430")).toBe("04/30");
  });
  it("shortens an autofilled four-digit year and drops digits past MM/YY", () => {
    expect(formatCardExpiry("12/2030")).toBe("12/30");
    expect(formatCardExpiry("3/2031")).toBe("03/31");
    expect(formatCardExpiry("123099")).toBe("12/30");
  });
  it("gives what the test gateway's card check parses", () => {
    const now = new Date("2026-11-17T20:30:00Z");
    const check = validateCard(
      { number: "4242 4242 4242 4242", expiry: formatCardExpiry("1230"), cvc: "123" },
      now,
    );
    expect(check).toEqual({
      ok: true,
      card: { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
    });
  });
});
