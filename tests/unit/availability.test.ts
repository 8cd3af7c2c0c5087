import { describe, expect, it } from "vitest";
import {
  availableCapacity,
  fits,
  isSoldOut,
  minAvailable,
  sumAvailable,
} from "../../src/lib/domain/availability.ts";

describe("availability: capacity + oversell - used, -1 unlimited", () => {
  it("computes available capacity", () => {
    expect(availableCapacity({ capacity: 10, oversellCapacity: 2, usedCapacity: 5 })).toBe(7);
    expect(availableCapacity({ capacity: 10, oversellCapacity: 0, usedCapacity: 15 })).toBe(0);
    expect(availableCapacity({ capacity: -1, oversellCapacity: 0, usedCapacity: 99 })).toBe(-1);
  });
  it("sold out when closed or without capacity for the quantity", () => {
    expect(isSoldOut({ capacity: 10, oversellCapacity: 0, usedCapacity: 10 })).toBe(true);
    expect(isSoldOut({ capacity: 10, oversellCapacity: 0, usedCapacity: 8 }, 3)).toBe(true);
    expect(isSoldOut({ capacity: -1, oversellCapacity: 0, usedCapacity: 0, soldOut: true })).toBe(true);
    expect(isSoldOut({ capacity: -1, oversellCapacity: 0, usedCapacity: 0 }, 1000)).toBe(false);
  });
  it("combines availabilities with -1 as unlimited", () => {
    expect(minAvailable(-1, 4)).toBe(4);
    expect(minAvailable(3, 4)).toBe(3);
    expect(sumAvailable([1, -1])).toBe(-1);
    expect(sumAvailable([1, 2])).toBe(3);
    expect(fits(-1, 5)).toBe(true);
    expect(fits(4, 5)).toBe(false);
  });
});
