/** Injectable time source so tests can move time (expire carts) without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function manualClock(start: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(d) {
      current = d.getTime();
    },
  };
}

/**
 * A clock that reads `start` when created and then moves forward as `elapsedMs` does (milliseconds
 * since creation). Time keeps flowing, so holds expire, passcodes age and timers fire as they would
 * on the system clock, only on another date and hour.
 */
export function runningClock(start: Date, elapsedMs: () => number = monotonicSince()): Clock {
  const origin = start.getTime();
  return { now: () => new Date(origin + elapsedMs()) };
}

/** Milliseconds since the call, from the monotonic timer (immune to system clock changes). */
function monotonicSince(): () => number {
  const t0 = performance.now();
  return () => performance.now() - t0;
}
