import { describe, expect, it } from "vitest";
import { allocate } from "../../../src/lib/domain/admin/allocate.ts";

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("splitting an order's total over its tickets", () => {
  it("shares are proportional to the weights and add up to the amount exactly", () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(2500, [2000, 500])).toEqual([2000, 500]);
    expect(allocate(1999, [2600, 1300, 1300])).toEqual([999, 500, 500]);
  });

  it("gives a unit left over to the largest remainder, the earlier part first on a tie", () => {
    expect(allocate(5, [1, 2])).toEqual([2, 3]);
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
  });

  it("splits a negative amount the same way, with no negative zero", () => {
    const shares = allocate(-1000, [1, 1, 1]);
    expect(shares).toEqual([-334, -333, -333]);
    expect(Object.is(allocate(0, [1])[0], -0)).toBe(false);
  });

  it("all weights zero: equal shares; no parts: nothing", () => {
    expect(allocate(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(allocate(10, [])).toEqual([]);
  });

  it("always adds up, whatever the weights", () => {
    for (let seed = 1; seed < 200; seed++) {
      const weights = Array.from(
        { length: (seed % 7) + 1 },
        (_, i) => ((seed * 7919 + i * 104729) % 5000) + (i % 3 === 0 ? 0 : 1),
      );
      const amount = (seed * 3571) % 100_000;
      expect(sum(allocate(amount, weights))).toBe(amount);
    }
  });

  it("refuses an amount that is not an integer of minor units", () => {
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
  });
});
