/**
 * The server's clock, from the environment. Unset FOYER_NOW: the system clock. Set (test servers
 * only, an ISO-8601 instant with an offset): the clock starts at that instant when the process
 * starts and runs forward in real time, so a test run sees the same hour and date whenever it runs
 * (DESIGN §8: "e2e servers take a fixed clock").
 */
import { z } from "zod";
import { type Clock, runningClock, systemClock } from "./clock.ts";

export const FIXED_CLOCK_VAR = "FOYER_NOW";

const instant = z.iso.datetime({ offset: true });

export type ClockEnv = Readonly<Record<string, string | undefined>>;

/** The fixed start instant FOYER_NOW names, undefined when unset; throws when it is not an instant. */
export function fixedNowFromEnv(env: ClockEnv = process.env): Date | undefined {
  const raw = env[FIXED_CLOCK_VAR]?.trim();
  if (!raw) return undefined;
  const parsed = instant.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `${FIXED_CLOCK_VAR} must be an ISO-8601 instant with a UTC offset, such as 2026-11-17T15:30:00-05:00 ` +
        `(got ${JSON.stringify(raw.slice(0, 60))}).`,
    );
  }
  return new Date(parsed.data);
}

/** The runtime's clock: FOYER_NOW running forward from process start, else the system clock. */
export function clockFromEnv(env: ClockEnv = process.env, elapsedMs?: () => number): Clock {
  const start = fixedNowFromEnv(env);
  if (!start) return systemClock;
  return runningClock(start, elapsedMs);
}
