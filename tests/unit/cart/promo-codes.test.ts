import { describe, expect, it } from "vitest";
import {
  benefitTouches,
  codeListProblem,
  codeUsability,
  readBenefit,
  splitCodeList,
} from "../../../src/lib/domain/promo-codes.ts";

describe("promo codes (spec §5 'trimmed, required, 2 to 35 characters ... comma separated, trimmed, empties dropped')", () => {
  it("splits a comma list, trims, drops empties and upper-cases", () => {
    expect(splitCodeList(" welcome10, ,fiveoff,")).toEqual(["WELCOME10", "FIVEOFF"]);
    expect(splitCodeList(" , ")).toEqual([]);
  });
  it("2 to 35 characters; nothing left is a problem too", () => {
    expect(codeListProblem(["A"])).toEqual({ kind: "length", code: "A" });
    expect(codeListProblem(["A".repeat(36)])?.kind).toBe("length");
    expect(codeListProblem(["AB", "A".repeat(35)])).toBeNull();
    expect(codeListProblem([])).toEqual({ kind: "empty" });
  });
  it("a code twice in the list, or already on the cart, is a duplicate (case-insensitive)", () => {
    expect(codeListProblem(["WELCOME10", "welcome10"])).toEqual({ kind: "duplicate", code: "WELCOME10" });
    expect(codeListProblem(["fiveoff"], ["FIVEOFF"])).toEqual({ kind: "duplicate", code: "FIVEOFF" });
  });
  it("a discount touches the cart when it has no type list or one of the cart's types", () => {
    const a = { ticketTypeId: "a", lineKind: "ticket" } as const;
    expect(benefitTouches({ percent_off: 1000 }, [a])).toBe(true);
    expect(benefitTouches({ percent_off: 1000, ticket_type_ids: ["b"] }, [a])).toBe(false);
    expect(benefitTouches({ amount_off: 500 }, [])).toBe(false);
    expect(benefitTouches({ unlocks_ticket_group_ids: ["g"] }, [a])).toBe(false);
  });
  it("'A code discounts only what it is for': a code naming no kinds touches no cart of donations and gift cards", () => {
    const lines = [
      { ticketTypeId: "donation", lineKind: "donation" },
      { ticketTypeId: "card", lineKind: "gift_card" },
      { ticketTypeId: "level", lineKind: "membership" },
    ] as const;
    expect(benefitTouches({ percent_off: 1000 }, lines)).toBe(false);
    expect(benefitTouches({ percent_off: 1000, line_kinds: ["donation"] }, lines)).toBe(true);
    expect(benefitTouches({ amount_off: 500, ticket_type_ids: ["level"] }, lines)).toBe(true);
  });
  it("line_kinds must name known kinds; an unknown kind makes the stored benefit unreadable (no discount)", () => {
    expect(readBenefit({ percent_off: 1000, line_kinds: ["gift_card"] })).toEqual({
      percent_off: 1000,
      line_kinds: ["gift_card"],
    });
    expect(readBenefit({ percent_off: 1000, line_kinds: ["everything"] })).toEqual({});
  });
  it("validity window and uses: not yet valid, expired, exhausted (max_uses -1 is unlimited)", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const base = { validFrom: null, validTo: null, maxUses: -1, uses: 99 };
    expect(codeUsability(base, now)).toBe("ok");
    expect(codeUsability({ ...base, validFrom: new Date("2026-02-01") }, now)).toBe("not_yet_valid");
    expect(codeUsability({ ...base, validTo: new Date("2020-12-31") }, now)).toBe("expired");
    expect(codeUsability({ ...base, maxUses: 1, uses: 1 }, now)).toBe("exhausted");
  });
  it("a stored benefit that does not parse reads as no benefit", () => {
    expect(readBenefit({ percent_off: "ten" })).toEqual({});
    expect(readBenefit({ amount_off: 500 })).toEqual({ amount_off: 500 });
  });
});
