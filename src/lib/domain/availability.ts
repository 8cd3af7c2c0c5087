/**
 * Availability follows one written formula (capacity lives on the session and on the ticket group):
 *   available = capacity + oversell_capacity - used_capacity, floored at 0; capacity -1 means unlimited (-1).
 * A session is sold out when the operator closed it or nothing is available.
 */

export const UNLIMITED = -1;

export interface CapacityLike {
  capacity: number;
  oversellCapacity: number;
  usedCapacity: number;
}

export function availableCapacity(c: CapacityLike): number {
  if (c.capacity < 0) return UNLIMITED;
  return Math.max(0, c.capacity + c.oversellCapacity - c.usedCapacity);
}

/** The smaller of two availabilities, where -1 is unlimited. */
export function minAvailable(a: number, b: number): number {
  if (a < 0) return b;
  if (b < 0) return a;
  return Math.min(a, b);
}

/** Whether `quantity` more tickets fit into an availability (-1 unlimited). */
export function fits(available: number, quantity: number): boolean {
  return available < 0 || available >= quantity;
}

export function isSoldOut(c: CapacityLike & { soldOut?: boolean }, quantity = 1): boolean {
  if (c.soldOut) return true;
  return !fits(availableCapacity(c), Math.max(1, quantity));
}

/** Sum of availabilities (-1 unlimited wins). */
export function sumAvailable(values: number[]): number {
  let total = 0;
  for (const v of values) {
    if (v < 0) return UNLIMITED;
    total += v;
  }
  return total;
}
