/**
 * Spec 1 §6 "member benefits limit counts per ticket type and a wildcard pool", and §5 quantities
 * "per type the lowest of 1000, the type's limit and the remaining member benefit".
 */
import { describe, expect, it } from "vitest";
import {
  benefitExceeded,
  benefitPool,
  memberLimitText,
  mergeBenefits,
  remainingBenefits,
  remainingForType,
} from "../../../src/lib/domain/membership/benefits.ts";

const B = { guest: 1, "*": 6 };
const c = (ticketTypeId: string, count: number, membersOnly = true) => ({ ticketTypeId, membersOnly, count });

describe("member benefits limit the counts per ticket type and a wildcard pool", () => {
  it("a type listed by id counts against its own limit, other members-only types against '*'", () => {
    expect(benefitPool(B, "guest", true)).toBe("guest");
    expect(benefitPool(B, "member", true)).toBe("*");
    expect(benefitPool(B, "adult", false)).toBeNull();
  });
  it("remaining per pool: limit minus held and booked, never below 0", () => {
    expect(remainingBenefits(B, [c("guest", 1), c("member", 2), c("adult", 5, false)])).toEqual([
      { pool: "guest", limit: 1, used: 1, remaining: 0 },
      { pool: "*", limit: 6, used: 2, remaining: 4 },
    ]);
    expect(remainingBenefits({ "*": 2 }, [c("member", 5)])[0]?.remaining).toBe(0);
  });
  it("the stepper cap of a type: its own pool, else the wildcard for members-only types, else none", () => {
    const r = remainingBenefits(B, [c("member", 2)]);
    expect(remainingForType(r, "guest", true)).toBe(1);
    expect(remainingForType(r, "member", true)).toBe(4);
    expect(remainingForType(r, "adult", false)).toBeNull();
  });
  it("adding beyond a pool's limit is refused with what is still available", () => {
    expect(benefitExceeded(B, [c("guest", 1)], [c("guest", 1)])).toEqual({
      pool: "guest",
      limit: 1,
      available: 0,
    });
    expect(benefitExceeded(B, [c("member", 4)], [c("member", 3)])).toEqual({
      pool: "*",
      limit: 6,
      available: 2,
    });
    expect(benefitExceeded(B, [c("member", 4)], [c("member", 2)])).toBeNull();
    expect(benefitExceeded(B, [], [c("adult", 50, false)])).toBeNull();
  });
  it("several cards of one member: the larger limit of each pool (they do not add up)", () => {
    expect(
      mergeBenefits([
        { "*": 6, guest: 1 },
        { "*": 4, guest: 2 },
      ]),
    ).toEqual({ "*": 6, guest: 2 });
  });
  it("the member_limit_exceeded text names the limit", () => {
    expect(memberLimitText(1, 0)).toBe(
      "You have reached your member limit of 1 tickets for this membership term.",
    );
    expect(memberLimitText(6, 2)).toBe(
      "Your membership allows 2 more tickets of this kind (limit 6 per membership term).",
    );
  });
});
