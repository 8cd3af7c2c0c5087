/**
 * Gifts of membership: the gift code's format (spec 2 §5 "exactly 10 characters", §9
 * "Gift code length 10"), its states (spec 2 §4 "valid, expired (now before valid_from or after
 * valid_to), or exhausted") and the redeem choice (spec 2 §9 "Redeem membership shows at most 3
 * level groups, sorted by discounted amount then price, only those with rank at or above the first").
 */
import { describe, expect, it } from "vitest";
import {
  GIFT_CODE_ALPHABET,
  GIFT_CODE_TEXTS,
  giftCodeFromBytes,
  giftCodeInputProblem,
  giftCodeState,
  isGiftCodeFormat,
  normalizeGiftCode,
  type RedeemLevel,
  redeemChoices,
  redeemFailureText,
  redeemFormPath,
} from "../../../src/lib/domain/membership/redeem.ts";

const NOW = new Date("2026-11-17T15:30:00Z");
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

describe("gift code format: 'Gift-of-membership code: exactly 10 characters; invalid gives \"You must enter a valid code.\"'", () => {
  it("10 letters and digits pass, in any case and with spaces or dashes typed around them", () => {
    expect(isGiftCodeFormat("HMGIFT0001")).toBe(true);
    expect(isGiftCodeFormat(" hmgift0001 ")).toBe(true);
    expect(isGiftCodeFormat("HMGI-FT00-01")).toBe(true);
    expect(normalizeGiftCode(" hmgi ft0001")).toBe("HMGIFT0001");
  });

  it("9 or 11 characters, or a character outside letters and digits, fail with the spec's text", () => {
    for (const bad of ["HMGIFT001", "HMGIFT00011", "", "HMGIFT000!", "HMGIFT00é1"]) {
      expect(isGiftCodeFormat(bad), bad).toBe(false);
      expect(giftCodeInputProblem(bad)).toBe("invalid");
    }
    expect(GIFT_CODE_TEXTS.invalid).toBe("You must enter a valid code.");
    expect(GIFT_CODE_TEXTS.expired).toBe("This code has expired");
    expect(GIFT_CODE_TEXTS.exhausted).toBe("This code has already been redeemed");
  });

  it("a new code is exactly 10 characters of the unambiguous alphabet (no 0/O, 1/I/L)", () => {
    const code = giftCodeFromBytes([0, 1, 2, 30, 31, 255, 128, 64, 200, 99]);
    expect(code).toHaveLength(10);
    expect(isGiftCodeFormat(code)).toBe(true);
    for (const c of code) expect(GIFT_CODE_ALPHABET).toContain(c);
    expect(GIFT_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(() => giftCodeFromBytes([1, 2, 3])).toThrow();
  });
});

describe("gift code states: 'valid, expired (now before valid_from or after valid_to), or exhausted'", () => {
  const base = { validFrom: day(-1), validTo: day(364), maxUses: 1, uses: 0, redeemedOrderId: null };
  it("inside its window and unused it is valid", () => {
    expect(giftCodeState(base, NOW)).toBe("valid");
    expect(giftCodeState({ ...base, validFrom: null, validTo: null }, NOW)).toBe("valid");
  });
  it("before valid_from or after valid_to it is expired", () => {
    expect(giftCodeState({ ...base, validFrom: day(1) }, NOW)).toBe("expired");
    expect(giftCodeState({ ...base, validTo: day(-1) }, NOW)).toBe("expired");
  });
  it("used up, or redeemed by an order, it is exhausted", () => {
    expect(giftCodeState({ ...base, uses: 1 }, NOW)).toBe("exhausted");
    expect(giftCodeState({ ...base, redeemedOrderId: "order-1" }, NOW)).toBe("exhausted");
  });
  it("the API's refusals map to the page's texts", () => {
    expect(redeemFailureText("code_not_found")).toBe("invalid");
    expect(redeemFailureText("code_expired")).toBe("expired");
    expect(redeemFailureText("code_exhausted")).toBe("exhausted");
    expect(redeemFailureText("rate_limited")).toBe("rate_limited");
    expect(redeemFailureText("boom")).toBe("error");
  });
});

describe("redeem choice: 'at most 3 level groups, sorted by discounted amount then price, only those with rank at or above the first'", () => {
  const harbour: RedeemLevel[] = [
    { ticketTypeId: "individual", name: "Individual", price: 7500, rank: 0 },
    { ticketTypeId: "dual", name: "Dual", price: 12000, rank: 10 },
    { ticketTypeId: "family", name: "Family", price: 18000, rank: 20 },
  ];

  it("an Individual gift ($75) offers Individual free, then Dual and Family for the difference", () => {
    const choices = redeemChoices(harbour, 7500);
    expect(choices.map((c) => [c.ticketTypeId, c.discounted])).toEqual([
      ["individual", 0],
      ["dual", 4500],
      ["family", 10500],
    ]);
  });

  it("a Dual gift puts Dual first (equal discounted amounts: the dearer level first) and cuts the lower-ranked Individual", () => {
    const choices = redeemChoices(harbour, 12000);
    expect(choices.map((c) => c.ticketTypeId)).toEqual(["dual", "family"]);
    expect(choices[0]?.discounted).toBe(0);
    expect(choices[1]?.discounted).toBe(6000);
  });

  it("never more than 3 levels, whatever the program holds", () => {
    const many = [
      ...harbour,
      { ticketTypeId: "patron", name: "Patron", price: 50000, rank: 30 },
      { ticketTypeId: "benefactor", name: "Benefactor", price: 100000, rank: 40 },
    ];
    expect(redeemChoices(many, 7500)).toHaveLength(3);
    expect(redeemChoices(many, 7500).map((c) => c.ticketTypeId)).toEqual(["individual", "dual", "family"]);
  });

  it("levels ranked below the first are left out even when cheaper to top up", () => {
    const levels: RedeemLevel[] = [
      { ticketTypeId: "senior", name: "Senior", price: 5000, rank: 5 },
      { ticketTypeId: "student", name: "Student", price: 6000, rank: 1 },
    ];
    // Both are covered by a 60.00 gift: Student (dearer) comes first, rank 1; Senior rank 5 >= 1 stays.
    expect(redeemChoices(levels, 6000).map((c) => c.ticketTypeId)).toEqual(["student", "senior"]);
    // A 50.00 gift covers Senior only: Senior first (rank 5) and Student (rank 1) is cut.
    expect(redeemChoices(levels, 5000).map((c) => c.ticketTypeId)).toEqual(["senior"]);
  });

  it("no levels: no choices (the page shows the configured 'no available memberships' message)", () => {
    expect(redeemChoices([], 7500)).toEqual([]);
  });

  it("choosing a level goes to the membership form with the code and the level", () => {
    expect(redeemFormPath("harbour-museum", "hm-membership", "HMGIFT0001", "hm-membership-dual")).toBe(
      "/harbour-museum/events/hm-membership?redeem=HMGIFT0001&select=hm-membership-dual",
    );
  });
});
