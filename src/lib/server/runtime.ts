/**
 * The process-wide server runtime: one database handle (migrated, and seeded with the demo
 * tenants when empty) and one API app. SSR pages and the /api endpoint share it.
 */

import { type StoredJsonReader, storedJsonReader } from "../../perf/stored-json.ts";
import type { Clock } from "./clock.ts";
import { clockFromEnv } from "./clock-from-env.ts";
import { ConfigurationError, checkDemoSeedAllowed, checkStartupConfig } from "./config/startup.ts";
import { type DbHandle, openDb, targetFromEnv } from "./db/client.ts";
import { prepareStartupData } from "./db/seed/startup.ts";
import { createApiApp, newCachedApiCache } from "./http/app.ts";
import { startIntervalJob } from "./jobs/interval.ts";
import { logger } from "./log/logger.ts";
import { startMailWorker } from "./mail/worker.ts";
import { REFUND_RETRY_INTERVAL_MS, retryDueRefunds } from "./payments/refund-retry.ts";
import { SWEEP_INTERVAL_MS } from "./services/cart/config.ts";
import { releaseExpiredCarts } from "./services/cart/release.ts";
import { startSessionHorizonJob } from "./services/catalogue/horizon-job.ts";
import { ensureManageLinkKey } from "./services/manage/token.ts";
import { startRenewalJob } from "./services/membership/renewal-job-loop.ts";
import { WAITING_LIST_PASS_MS, waitingListPass } from "./services/waiting-list/offers.ts";
import { ADMIT_PASS_MS, admitPass } from "./services/waiting-room/admit.ts";

export interface Runtime {
  handle: DbHandle;
  clock: Clock;
  api: ReturnType<typeof createApiApp>;
  /** The /cached_api answers the API has stored, for the pages' in-process reads (page-data/client.ts). */
  storedJson: StoredJsonReader;
}

let runtime: Promise<Runtime> | undefined;

async function start(): Promise<Runtime> {
  // Production mode refuses unsafe settings before anything opens (config/startup.ts).
  for (const warning of checkStartupConfig().warnings) logger.warn(warning);
  const handle = await openDb(targetFromEnv());
  const clock = clockFromEnv();
  // The catalogue files are applied on every start (new session days included), and the demo is
  // seeded into an empty database unless DEMO_DATA=off (a real tenant's deployment). One server at
  // a time does it (seed/startup.ts), so servers started together never apply twice.
  const demo = process.env.DEMO_DATA !== "off";
  if (demo) await checkDemoSeedAllowed(handle.db);
  await prepareStartupData(handle, clock.now(), { demo });
  // The order-link key exists before any page asks for it: a page GET signs with it and writes nothing.
  await ensureManageLinkKey(handle.db, clock.now());
  startCartSweeper(handle, clock);
  // Outbox delivery: SMTP when SMTP_URL is set, else mails are kept for the mailbox page (/_mail).
  startMailWorker(handle.db, clock);
  // New session days every hour, for a server that runs past midnight.
  startSessionHorizonJob(handle.db, clock);
  // Auto-renew charges enrolled memberships at term end, once per term on any number of servers.
  startRenewalJob(handle.db, clock);
  // Refunds a gateway failed to make (Stripe unreachable) are tried again until they go through.
  startIntervalJob({
    failedEvent: "payment.refund_retry_failed",
    intervalMs: REFUND_RETRY_INTERVAL_MS,
    pass: () => retryDueRefunds(handle.db),
    report: (run) => {
      if (run.tried > 0) logger.info(run, "payment.refund_retry_pass");
    },
  });
  // The waiting lists: offers as places come back, offers that ended, lists that closed.
  startIntervalJob({
    failedEvent: "waiting_list.pass_failed",
    intervalMs: WAITING_LIST_PASS_MS,
    pass: () => waitingListPass(handle.db, clock.now()),
    report: (run) => {
      if (run.settled > 0 || run.offered > 0) logger.info(run, "waiting_list.pass");
    },
  });
  // The on-sale lines: every second, the next shoppers are let in (one server per room at a time).
  startIntervalJob({
    failedEvent: "waiting_room.admit_failed",
    intervalMs: ADMIT_PASS_MS,
    pass: () => admitPass(handle.db, clock.now()),
  });
  const cache = newCachedApiCache();
  return {
    handle,
    clock,
    api: createApiApp({ db: handle.db, clock }, cache),
    storedJson: storedJsonReader(cache, clock),
  };
}

/** Releases expired carts every 30 s. */
function startCartSweeper(handle: DbHandle, clock: Clock): void {
  startIntervalJob({
    failedEvent: "cart.sweeper_failed",
    intervalMs: SWEEP_INTERVAL_MS,
    pass: () => releaseExpiredCarts(handle.db, clock.now()),
  });
}

export function getRuntime(): Promise<Runtime> {
  if (!runtime) {
    runtime = start().catch((error: unknown) => {
      // A refused configuration stays refused until the process restarts with other settings.
      if (!(error instanceof ConfigurationError)) runtime = undefined;
      throw error;
    });
  }
  return runtime;
}
