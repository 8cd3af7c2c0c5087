/**
 * Runs the renewal job (renewal-job.ts) on an interval, like the cart sweeper and the mail worker:
 * one pass at a time per process, unref'd so it never keeps the process alive, with the runtime's
 * injectable clock. Other servers may run it too: the claims make every term charge once.
 */
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import { logger } from "../../log/logger.ts";
import { RENEWAL_INTERVAL_MS, runRenewals } from "./renewal-job.ts";

export function startRenewalJob(db: Db, clock: Clock, intervalMs = RENEWAL_INTERVAL_MS): () => void {
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    runRenewals(db, clock.now())
      .then((run) => {
        if (run.renewed || run.failed) logger.info(run, "membership.renewal_pass");
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "membership.renewal_job_failed");
      })
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
