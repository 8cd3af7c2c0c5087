/**
 * Runs the renewal job (renewal-job.ts) on an interval (jobs/interval.ts), with the runtime's
 * injectable clock. Other servers may run it too: the claims make every term charge once.
 */
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import { startIntervalJob } from "../../jobs/interval.ts";
import { logger } from "../../log/logger.ts";
import { RENEWAL_INTERVAL_MS, runRenewals } from "./renewal-job.ts";

export function startRenewalJob(db: Db, clock: Clock, intervalMs = RENEWAL_INTERVAL_MS): () => void {
  return startIntervalJob({
    failedEvent: "membership.renewal_job_failed",
    intervalMs,
    pass: () => runRenewals(db, clock.now()),
    report: (run) => {
      if (run.renewed || run.failed) logger.info(run, "membership.renewal_pass");
    },
  });
}
