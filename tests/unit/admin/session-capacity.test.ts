import { describe, expect, it } from "vitest";
import {
  capacityAllowed,
  capacityFloor,
  capacityRefusalText,
} from "../../../src/lib/domain/admin/session-capacity.ts";

describe("a session's capacity is never below sold plus held", () => {
  const taken = { sold: 7, held: 3, used: 10 };

  it("allows the places taken and more, refuses fewer", () => {
    expect(capacityAllowed(10, taken)).toBe(true);
    expect(capacityAllowed(40, taken)).toBe(true);
    expect(capacityAllowed(9, taken)).toBe(false);
    expect(capacityAllowed(0, taken)).toBe(false);
  });

  it("unlimited (-1) is always allowed", () => {
    expect(capacityAllowed(-1, taken)).toBe(true);
  });

  it("the floor is the larger of the used counter and the tickets counted", () => {
    expect(capacityFloor({ sold: 7, held: 3, used: 12 })).toBe(12);
    expect(capacityFloor({ sold: 7, held: 3, used: 4 })).toBe(10);
  });

  it("the refusal names the numbers", () => {
    expect(capacityRefusalText(8, taken)).toBe(
      "The capacity cannot be 8: 7 sold and 3 held make 10 places taken.",
    );
  });
});
