import { describe, expect, it } from "vitest";
import { GIFT_CARD_NUMBER_ALPHABET, giftCardNumber } from "../../../src/lib/domain/gift-card-number.ts";

describe("'Gift card numbers must be unguessable (random, not sequential)'", () => {
  it("16 drawn characters of an unambiguous alphabet in four groups, within the 70-character limit", () => {
    let n = 0;
    const number = giftCardNumber((below) => n++ % below);
    expect(number).toBe("GC-2345-6789-ABCD-EFGH");
    expect(number.length).toBeLessThanOrEqual(70);
    expect(GIFT_CARD_NUMBER_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(GIFT_CARD_NUMBER_ALPHABET).size).toBe(31);
  });
  it("every character is its own draw: a number holds 31^16 possibilities, not a counter", () => {
    const draws: number[] = [];
    giftCardNumber((below) => {
      draws.push(below);
      return below - 1;
    });
    expect(draws).toEqual(Array(16).fill(31));
  });
});
