/**
 * The camera reads the code in view many times a second: the same code read again within a
 * window of the last sighting is one scan, not many. The window slides while the code stays in
 * view, so a ticket held up to the camera is posted once and its green answer is not replaced by
 * "already admitted" seconds later. Starting the camera again forgets (reset).
 */
export const REPEAT_WINDOW_MS = 3000;

export class RepeatFilter {
  private last: { code: string; at: number } | null = null;

  constructor(private readonly windowMs = REPEAT_WINDOW_MS) {}

  /** Whether a code read at `at` (ms, any monotonic clock) is a new scan; records the sighting. */
  accept(code: string, at: number): boolean {
    const repeat = this.last !== null && this.last.code === code && at - this.last.at < this.windowMs;
    this.last = { code, at };
    return !repeat;
  }

  reset(): void {
    this.last = null;
  }
}
