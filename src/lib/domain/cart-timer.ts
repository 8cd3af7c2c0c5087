/**
 * The cart timer's rules (spec 1 §4 "Timer", §9): when it shows, its colour level, when the
 * extension prompt opens and closes, and what a screen reader hears. Pure: the island ticks the
 * clock and feeds the seconds left in here.
 */

/** Spec §4: the timer shows when under 20 minutes remain. */
export const TIMER_VISIBLE_BELOW_S = 20 * 60;
/** Spec §4: colour levels. */
export const WARNING_AT_S = 300;
export const ERROR_AT_S = 120;
export const CRITICAL_AT_S = 30;
/** Spec §9: the extension prompt appears at 60 s or less. */
export const EXTENSION_PROMPT_AT_S = 60;
/** Spec §9: timer tick 1 s. */
export const TIMER_TICK_MS = 1000;

export type TimerLevel = "normal" | "warning" | "error" | "critical";
export type AlertLevel = Exclude<TimerLevel, "normal">;

const SEVERITY: Record<TimerLevel, number> = { normal: 0, warning: 1, error: 2, critical: 3 };

/** Whole seconds left, rounded up so the display reaches 0:00 only when time is really up. */
export function secondsLeft(msLeft: number): number {
  return msLeft <= 0 ? 0 : Math.ceil(msLeft / 1000);
}

export function timerVisible(seconds: number): boolean {
  return seconds > 0 && seconds < TIMER_VISIBLE_BELOW_S;
}

export function timerLevel(seconds: number): TimerLevel {
  if (seconds <= CRITICAL_AT_S) return "critical";
  if (seconds <= ERROR_AT_S) return "error";
  if (seconds <= WARNING_AT_S) return "warning";
  return "normal";
}

/** "m:ss", e.g. 65 -> "1:05", 1199 -> "19:59". */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${(s % 60).toString().padStart(2, "0")}`;
}

/**
 * Spec §4: the prompt shows at 60 s or less unless the shopper declined it for this cart; it closes
 * itself when time rises above 60 s (an extension in another tab) and once the time is up.
 */
export function extensionPromptOpen(seconds: number, declined: boolean): boolean {
  return !declined && seconds > 0 && seconds <= EXTENSION_PROMPT_AT_S;
}

/**
 * The level to announce in the polite live region: only when the timer crosses into a more severe
 * level, never on every tick (and not when time rises after an extension).
 */
export function levelToAnnounce(previous: TimerLevel, current: TimerLevel): AlertLevel | null {
  if (current === "normal" || SEVERITY[current] <= SEVERITY[previous]) return null;
  return current;
}

/** localStorage key remembering that the shopper declined the prompt for one cart. */
export function extensionDeclinedKey(cartId: string): string {
  return `foyer.cart.extendDeclined.${cartId}`;
}

/**
 * Whether a cart that just disappeared from the store ran out of time (so the expiry modal shows)
 * rather than being emptied, booked or discarded. A second of slack covers the ticks between tabs.
 */
export function endedByExpiry(localExpiresAt: number, now: number): boolean {
  return localExpiresAt <= now + TIMER_TICK_MS;
}
