/**
 * A session's capacity as staff change it: never below the places already taken (sold plus
 * held), so no visitor who holds or has bought a ticket loses it. -1 is unlimited, which is never
 * below anything. The places taken are the session's used capacity (cart/counters.ts keeps it equal
 * to the held plus sold tickets that count against the session); the larger of that and the
 * tickets counted is the floor, so neither a stale counter nor a stale count lets it go lower.
 */

export interface TakenPlaces {
  sold: number;
  held: number;
  /** event_session.used_capacity */
  used: number;
}

/** The lowest capacity staff may set. */
export function capacityFloor(taken: TakenPlaces): number {
  return Math.max(taken.used, taken.sold + taken.held);
}

/** Whether `capacity` may be set: unlimited (-1), or at least the floor. */
export function capacityAllowed(capacity: number, taken: TakenPlaces): boolean {
  return capacity === -1 || capacity >= capacityFloor(taken);
}

/** The refusal's text, naming the numbers. */
export function capacityRefusalText(capacity: number, taken: TakenPlaces): string {
  return `The capacity cannot be ${capacity}: ${taken.sold} sold and ${taken.held} held make ${capacityFloor(taken)} places taken.`;
}
