/**
 * How the line's page asks for its place: before the on-sale, right after the moment it opens
 * (spread over two seconds, so ten thousand pages don't ask in the same millisecond); while the
 * line is drawing the visitor's place (the second after the moment or after arriving), again in a
 * second or two; while waiting, three times over the estimated wait, between 2 and 20 seconds
 * apart (a long line asks seldom: it is the crowd's asking a server answers at an on-sale); after a
 * failure, backing off to 30 seconds. And the countdown's words.
 */

export type PollPhase =
  | { phase: "before"; onSaleAt: number }
  | { phase: "placing" }
  | { phase: "waiting"; estimateSeconds: number | null }
  | { phase: "failed"; failures: number };

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Milliseconds until the next ask; `random` in [0, 1). */
export function nextPollMs(state: PollPhase, nowMs: number, random: number): number {
  switch (state.phase) {
    case "before":
      return clamp(state.onSaleAt - nowMs, 0, 30_000) + Math.floor(random * 2000) + 250;
    case "placing":
      return 1000 + Math.floor(random * 1000);
    case "waiting": {
      const base =
        state.estimateSeconds === null ? 10_000 : clamp((state.estimateSeconds * 1000) / 3, 2000, 20_000);
      return base + Math.floor(random * 1000);
    }
    case "failed":
      return clamp(1000 * 2 ** Math.min(state.failures, 5), 1000, 30_000) + Math.floor(random * 1000);
  }
}

/** "1:02:03", "12:34", "0:05": the time left, never negative. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** The estimate in whole minutes, rounded up; 0 means "less than a minute". */
export function estimateMinutes(seconds: number): number {
  return seconds < 60 ? 0 : Math.ceil(seconds / 60);
}
