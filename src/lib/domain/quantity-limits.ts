/**
 * Quantity limits of the reserve steppers (spec §5 "Quantities"):
 * - per type: the lowest of 1000, the type's own limit and the remaining member benefit;
 * - per group: the lowest of max_tickets_per_order, capacity plus oversell minus used, and the
 *   session's available capacity;
 * - the stepper minimum is min_tickets_per_order (at least 1) when the group has a single type;
 *   a stepper cannot increase without remaining capacity; decreasing from the minimum goes to 0.
 * Availabilities use -1 for unlimited (availability.ts).
 */
import { availableCapacity, minAvailable } from "./availability.ts";

export const MAX_QUANTITY_PER_TYPE = 1000;

/** The most of one type a shopper may choose. */
export function typeLimit(
  options: { typeLimit?: number | null; memberRemaining?: number | null } = {},
): number {
  let limit = MAX_QUANTITY_PER_TYPE;
  if (options.typeLimit != null && options.typeLimit >= 0) limit = Math.min(limit, options.typeLimit);
  if (options.memberRemaining != null) limit = Math.min(limit, Math.max(0, options.memberRemaining));
  return limit;
}

export interface GroupCapacity {
  max_tickets_per_order: number | null;
  /** -1 unlimited */
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
}

/** The most tickets of one group in one order; -1 when nothing limits it. */
export function groupLimit(group: GroupCapacity, sessionAvailable = -1): number {
  const own = availableCapacity({
    capacity: group.capacity,
    oversellCapacity: group.oversell_capacity,
    usedCapacity: group.used_capacity,
  });
  const perOrder =
    group.max_tickets_per_order != null && group.max_tickets_per_order > 0 ? group.max_tickets_per_order : -1;
  return minAvailable(minAvailable(perOrder, own), sessionAvailable);
}

/** The stepper's lowest non-zero value: min_tickets_per_order (at least 1) for a single-type group, else 1. */
export function stepperMinimum(minTicketsPerOrder: number | null | undefined, typesInGroup: number): number {
  if (typesInGroup !== 1) return 1;
  return Math.max(1, minTicketsPerOrder ?? 1);
}

export interface StepperState {
  /** This type's chosen quantity. */
  quantity: number;
  /** The sum of the group's chosen quantities, this type included. */
  groupTotal: number;
  /** typeLimit(...) */
  typeMax: number;
  /** groupLimit(...), -1 unlimited */
  groupMax: number;
  minimum: number;
}

/** The quantity after pressing "+": from 0 straight to the minimum; never past a limit. */
export function increment(s: StepperState): number {
  const next = s.quantity === 0 ? s.minimum : s.quantity + 1;
  const added = next - s.quantity;
  if (next > s.typeMax) return s.quantity;
  if (s.groupMax >= 0 && s.groupTotal + added > s.groupMax) return s.quantity;
  return next;
}

/** The quantity after pressing "-": from the minimum (or below) straight to 0. */
export function decrement(s: Pick<StepperState, "quantity" | "minimum">): number {
  if (s.quantity <= s.minimum) return 0;
  return s.quantity - 1;
}

export const canIncrease = (s: StepperState): boolean => increment(s) !== s.quantity;
export const canDecrease = (s: Pick<StepperState, "quantity">): boolean => s.quantity > 0;

/** Clamps a typed-in or preset quantity: 0, or between the minimum and every limit. */
export function clampQuantity(wanted: number, s: Omit<StepperState, "quantity">, current = 0): number {
  if (!Number.isFinite(wanted) || wanted <= 0) return 0;
  const others = s.groupTotal - current;
  const room = s.groupMax >= 0 ? s.groupMax - others : Number.POSITIVE_INFINITY;
  const top = Math.min(s.typeMax, room);
  const value = Math.min(Math.floor(wanted), top);
  return value < s.minimum ? 0 : value;
}

/** Sum of quantities in a record. */
export function totalQuantity(quantities: Readonly<Record<string, number>>): number {
  return Object.values(quantities).reduce((sum, q) => sum + q, 0);
}
