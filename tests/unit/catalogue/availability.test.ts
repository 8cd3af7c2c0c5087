import { describe, expect, it } from "vitest";
import {
  AVAILABILITY_MESSAGE,
  availableCapacity,
  fits,
  isLowAvailability,
  isSoldOut,
  minAvailable,
  remainingCapacityMessage,
  sumAvailable,
} from "../../../src/lib/domain/availability.ts";
import { words } from "../../helpers/words.ts";

/** The label's default words (null when there is none). */
const remainingCapacityText = (available: number, soldOut: boolean, threshold?: number | null) =>
  words(remainingCapacityMessage(available, soldOut, threshold));

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
  describe("remainingCapacityMessage: spec §4 'Availability label. sold out; else available only if a threshold is set; else 'n available' when the count is below the threshold' and §9 ''Hurry, less than 10 tickets available.' (under 10 unless a threshold is set)'", () => {
    it("the domain returns ids with the count, the tenant's strings give the words (DESIGN §7)", () => {
      expect(remainingCapacityMessage(5, true)).toEqual({ id: AVAILABILITY_MESSAGE.soldOut });
      expect(remainingCapacityMessage(9, false)).toEqual({
        id: AVAILABILITY_MESSAGE.hurry,
        vars: { count: 10 },
      });
      expect(remainingCapacityMessage(3, false, 15)).toEqual({
        id: AVAILABILITY_MESSAGE.available,
        vars: { count: 3 },
      });
    });
    it("'Sold out' when sold out or nothing is left", () => {
      expect(remainingCapacityText(5, true)).toBe("Sold out");
      expect(remainingCapacityText(0, false, 20)).toBe("Sold out");
    });
    it("without a threshold: 'Hurry, less than 10 tickets available.' under 10, else nothing", () => {
      expect(remainingCapacityText(9, false)).toBe("Hurry, less than 10 tickets available.");
      expect(remainingCapacityText(1, false, null)).toBe("Hurry, less than 10 tickets available.");
      expect(remainingCapacityText(10, false)).toBeNull();
      expect(remainingCapacityText(-1, false)).toBeNull(); // unlimited
    });
    it("with a threshold T: 'n available' when fewer than T are left, else nothing", () => {
      expect(remainingCapacityText(14, false, 15)).toBe("14 available");
      expect(remainingCapacityText(3, false, 15)).toBe("3 available");
      expect(remainingCapacityText(15, false, 15)).toBeNull();
      expect(remainingCapacityText(9, false, 5)).toBeNull(); // a threshold replaces the hurry text
      expect(remainingCapacityText(-1, false, 15)).toBeNull();
    });
  });
  describe("calendar low days ('the calendar with sold-out and low days')", () => {
    it("a limited day under the session label's line is low: the threshold T, else under 10", () => {
      expect(isLowAvailability(9)).toBe(true);
      expect(isLowAvailability(10)).toBe(false);
      expect(isLowAvailability(14, 15)).toBe(true);
      expect(isLowAvailability(9, 5)).toBe(false);
    });
    it("unlimited (-1) and sold-out (0) days are never low", () => {
      expect(isLowAvailability(-1)).toBe(false);
      expect(isLowAvailability(0)).toBe(false);
      expect(isLowAvailability(0, 15)).toBe(false);
    });
  });
});
