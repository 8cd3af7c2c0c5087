/**
 * The wait a rate-limited visitor is told (the message said 'wait a
 * minute' when `retry_after` was 179 s). The spec gives no rate-limit text, so the existing
 * "Too many attempts. Please wait a minute and try again." keeps its words with the real wait in
 * them. The wait is rounded up, so the visitor never tries again too early.
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
  const wait = retryWait(retryAfterSeconds);
  return wait ? msg(LOGIN_MESSAGE.rateLimitedWait, { wait }) : msg(LOGIN_MESSAGE.rateLimited);
}
