/**
 * Availability follows one written formula (capacity lives on the session and on the ticket group):
 *   available = capacity + oversell_capacity - used_capacity, floored at 0; capacity -1 means unlimited (-1).
 * A session is sold out when the operator closed it or nothing is available.
 */
import { type Message, msg } from "./messages.ts";

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

/** Sold out for `quantity` (at least 1) more tickets: closed by the operator, or they do not fit. */
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

/** Below this many tickets left, and without a configured threshold, shoppers are told to hurry. */
export const HURRY_BELOW = 10;

/** The availability labels, as tenant string ids (DESIGN §7); the words are in tenant/strings-messages.ts. */
export const AVAILABILITY_MESSAGE = {
  soldOut: "reserve.remaining.soldOut",
  hurry: "reserve.remaining.hurry",
  available: "reserve.remaining.available",
} as const;
export type AvailabilityMessageId = (typeof AVAILABILITY_MESSAGE)[keyof typeof AVAILABILITY_MESSAGE];

/**
 * The remaining-capacity label of a session (spec §4 "Availability label", §9 "Remaining capacity
 * shown under show_remaining_session_capacity_threshold; 'Hurry, less than 10 tickets available.'
 * (under 10 unless a threshold is set)"): 'Sold out' when sold out (or nothing is left); with a
 * threshold T, 'n available' when fewer than T are left; without one, the hurry label under 10;
 * otherwise nothing. `available` is -1 when unlimited.
 */
export function remainingCapacityMessage(
  available: number,
  soldOut: boolean,
  threshold?: number | null,
): Message<AvailabilityMessageId> | null {
  if (soldOut || available === 0) return msg(AVAILABILITY_MESSAGE.soldOut);
  if (available < 0) return null;
  if (threshold !== undefined && threshold !== null) {
    return available < threshold ? msg(AVAILABILITY_MESSAGE.available, { count: available }) : null;
  }
  return available < HURRY_BELOW ? msg(AVAILABILITY_MESSAGE.hurry, { count: HURRY_BELOW }) : null;
}

/**
 * A calendar day with few tickets left: on
 * sale, limited, and under the same line the session label uses, the configured threshold or
 * else the hurry line. Unlimited (-1) and sold-out days are never low.
 */
export function isLowAvailability(available: number, threshold?: number | null): boolean {
  if (available <= 0) return false;
  return available < (threshold ?? HURRY_BELOW);
}
