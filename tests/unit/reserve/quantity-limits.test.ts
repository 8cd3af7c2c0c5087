import { describe, expect, it } from "vitest";
import {
  canIncrease,
  clampQuantity,
  decrement,
  groupLimit,
  increment,
  stepperMinimum,
  typeLimit,
} from "../../../src/lib/domain/quantity-limits.ts";

const group = { max_tickets_per_order: 20, capacity: -1, oversell_capacity: 0, used_capacity: 0 };

describe("quantity limits (spec §5 'Quantities')", () => {
  it("per type the lowest of 1000, the type's limit and the remaining member benefit", () => {
    expect(typeLimit()).toBe(1000);
    expect(typeLimit({ typeLimit: 5000 })).toBe(1000);
    expect(typeLimit({ typeLimit: 8 })).toBe(8);
    expect(typeLimit({ typeLimit: 8, memberRemaining: 3 })).toBe(3);
    expect(typeLimit({ memberRemaining: -2 })).toBe(0);
  });

  it("per group the lowest of max_tickets_per_order, capacity plus oversell minus used, and session available", () => {
    expect(groupLimit(group)).toBe(20);
    expect(groupLimit(group, 7)).toBe(7);
    expect(groupLimit({ ...group, capacity: 50, oversell_capacity: 5, used_capacity: 40 })).toBe(15);
    expect(groupLimit({ ...group, capacity: 50, oversell_capacity: 5, used_capacity: 40 }, 12)).toBe(12);
    expect(groupLimit({ ...group, max_tickets_per_order: null })).toBe(-1);
    expect(groupLimit({ ...group, max_tickets_per_order: null }, 0)).toBe(0);
  });

  it("stepper minimum is min_tickets_per_order (at least 1) when the group has a single type", () => {
    expect(stepperMinimum(4, 1)).toBe(4);
    expect(stepperMinimum(0, 1)).toBe(1);
    expect(stepperMinimum(null, 1)).toBe(1);
    expect(stepperMinimum(4, 3)).toBe(1);
  });

  it("from 0 the stepper goes to the minimum; decrease goes to 0 from the minimum", () => {
    const s = { quantity: 0, groupTotal: 0, typeMax: 1000, groupMax: 20, minimum: 4 };
    expect(increment(s)).toBe(4);
    expect(increment({ ...s, quantity: 4, groupTotal: 4 })).toBe(5);
    expect(decrement({ quantity: 5, minimum: 4 })).toBe(4);
    expect(decrement({ quantity: 4, minimum: 4 })).toBe(0);
    expect(decrement({ quantity: 0, minimum: 4 })).toBe(0);
  });

  it("cannot increase without remaining capacity", () => {
    const s = { quantity: 2, groupTotal: 7, typeMax: 1000, groupMax: 7, minimum: 1 };
    expect(canIncrease(s)).toBe(false);
    expect(increment(s)).toBe(2);
    expect(canIncrease({ ...s, groupMax: -1 })).toBe(true);
    expect(canIncrease({ ...s, typeMax: 2, groupMax: -1 })).toBe(false);
    // The minimum itself must fit: 3 places left and a minimum of 4 cannot start.
    expect(canIncrease({ quantity: 0, groupTotal: 0, typeMax: 1000, groupMax: 3, minimum: 4 })).toBe(false);
  });

  it("clamps preset quantities to the limits, below the minimum to 0", () => {
    const limits = { groupTotal: 0, typeMax: 1000, groupMax: 20, minimum: 2 };
    expect(clampQuantity(50, limits)).toBe(20);
    expect(clampQuantity(1, limits)).toBe(0);
    expect(clampQuantity(-3, limits)).toBe(0);
    expect(clampQuantity(5, { ...limits, groupTotal: 18 })).toBe(2);
  });
});
