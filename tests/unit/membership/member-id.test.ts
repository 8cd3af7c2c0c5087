import { describe, expect, it } from "vitest";
import { memberIdDigits } from "../../../src/lib/domain/membership/member-id.ts";

describe("member ID length", () => {
  it("draws six digits first, like the demo's HM100001", () => {
    expect(memberIdDigits(0)).toBe(6);
    expect(memberIdDigits(7)).toBe(6);
  });

  it("takes one digit more after each run of eight collisions, so a full six-digit range still gives an ID", () => {
    expect(memberIdDigits(8)).toBe(7);
    expect(memberIdDigits(16)).toBe(8);
    expect(memberIdDigits(31)).toBe(9);
  });

  it("ends the draws past nine digits instead of looping for ever", () => {
    expect(memberIdDigits(32)).toBeNull();
    expect(memberIdDigits(1_000)).toBeNull();
  });
});
