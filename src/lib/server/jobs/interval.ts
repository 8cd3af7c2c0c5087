/**
 * A background pass on an interval (the cart sweeper, the session horizon, renewals, refunds owed):
 * one pass at a time per process, a failed pass logged and tried again at the next tick, and
 * unref'd so it never keeps the process alive. Other servers run the same jobs: each pass makes
 * its own claims (row locks, conditional updates), so running it on several servers is safe.
 */
import { logger } from "../log/logger.ts";

export interface IntervalJob<T> {
  /** The log event of a failed pass, e.g. "cart.sweeper_failed". */
  failedEvent: string;
  intervalMs: number;
  pass: () => Promise<T>;
  /** What to log after a pass that did something. */
  report?: (result: T) => void;
}

/** Starts the job; answers the function that stops it. */
export function startIntervalJob<T>(job: IntervalJob<T>): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    Promise.resolve()
      .then(job.pass)
      .then((result) => job.report?.(result))
      .catch((error: unknown) => {
        logger.error({ err: error }, job.failedEvent);
      })
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
