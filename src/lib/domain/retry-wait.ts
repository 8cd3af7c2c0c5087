/**
 * The wait a rate-limited visitor is told (the message said 'wait a
 * minute' when `retry_after` was 179 s). The spec gives no rate-limit text, so the existing
 * "Too many attempts. Please wait a minute and try again." keeps its words with the real wait in
 * them. The wait is rounded up, so the visitor never tries again too early.
 *
 * The wait is told by a strings key per unit with the count (an ICU plural: "3 minutes" in English,
 * the language's own plural forms elsewhere), not as English words put into another sentence.
 */
import { LOGIN_MESSAGE, type LoginMessageId } from "./login-input.ts";
import { type Message, msg } from "./messages.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** '30 seconds', 'a minute', '3 minutes', '2 hours' for a wait in seconds (rounded up). */
export function waitDuration(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < MINUTE) return plural(whole, "second");
  if (whole <= MINUTE) return "a minute";
  if (whole < HOUR) return plural(Math.ceil(whole / MINUTE), "minute");
  if (whole <= HOUR) return "an hour";
  return plural(Math.ceil(whole / HOUR), "hour");
}

/** How a wait is told: its unit and count ('a minute' and 'an hour' have words of their own). */
export type WaitUnit = "seconds" | "aMinute" | "minutes" | "anHour" | "hours";

/** The unit and count of a wait in seconds (rounded up), as waitDuration words it. */
export function waitParts(seconds: number): { unit: WaitUnit; count: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < MINUTE) return { unit: "seconds", count: whole };
  if (whole <= MINUTE) return { unit: "aMinute", count: 1 };
  if (whole < HOUR) return { unit: "minutes", count: Math.ceil(whole / MINUTE) };
  if (whole <= HOUR) return { unit: "anHour", count: 1 };
  return { unit: "hours", count: Math.ceil(whole / HOUR) };
}

/** The wait of a usable `retry_after` in seconds, or null when there is none to tell. */
export function retryWaitParts(retryAfterSeconds: unknown): { unit: WaitUnit; count: number } | null {
  if (
    typeof retryAfterSeconds !== "number" ||
    !Number.isFinite(retryAfterSeconds) ||
    retryAfterSeconds <= 0
  ) {
    return null;
  }
  return waitParts(retryAfterSeconds);
}

const WAIT_MESSAGE: Record<WaitUnit, LoginMessageId> = {
  seconds: LOGIN_MESSAGE.rateLimitedSeconds,
  aMinute: LOGIN_MESSAGE.rateLimited,
  minutes: LOGIN_MESSAGE.rateLimitedMinutes,
  anHour: LOGIN_MESSAGE.rateLimitedAnHour,
  hours: LOGIN_MESSAGE.rateLimitedHours,
};

/** The wait of a usable `retry_after` ('3 minutes'), or null when there is none to tell. */
export function retryWait(retryAfterSeconds: unknown): string | null {
  if (
    typeof retryAfterSeconds !== "number" ||
    !Number.isFinite(retryAfterSeconds) ||
    retryAfterSeconds <= 0
  ) {
    return null;
  }
  return waitDuration(retryAfterSeconds);
}

/** The rate-limit message with the wait from `_extra.retry_after`; without one, the generic message. */
export function rateLimitedMessage(retryAfterSeconds: unknown): Message<LoginMessageId> {
  const wait = retryWaitParts(retryAfterSeconds);
  if (!wait || wait.unit === "aMinute" || wait.unit === "anHour") {
    return msg(wait ? WAIT_MESSAGE[wait.unit] : LOGIN_MESSAGE.rateLimited);
  }
  if (wait.count === 1) return msg(LOGIN_MESSAGE.rateLimitedSecond);
  return msg(WAIT_MESSAGE[wait.unit], { count: wait.count });
}
