/**
 * The process-wide server runtime: one database handle (migrated, and seeded with the demo
 * tenants when empty) and one API app. SSR pages and the /api endpoint share it.
 */
import type { Clock } from "./clock.ts";
import { systemClock } from "./clock.ts";
import { type DbHandle, openDb, targetFromEnv } from "./db/client.ts";
import { refreshDemoAccounts } from "./db/seed/accounts.ts";
import { isSeeded, refreshDemoSessions, seedDemo } from "./db/seed/index.ts";
import { createApiApp } from "./http/app.ts";
import { startMailWorker } from "./mail/worker.ts";
import { SWEEP_INTERVAL_MS } from "./services/cart/config.ts";
import { releaseExpiredCarts } from "./services/cart/release.ts";

export interface Runtime {
  handle: DbHandle;
  clock: Clock;
  api: ReturnType<typeof createApiApp>;
}

let runtime: Promise<Runtime> | undefined;

async function start(): Promise<Runtime> {
  const handle = await openDb(targetFromEnv());
  const clock = systemClock;
  // Demo data is relative to today: seed an empty database, and top up the session days an older
  // data folder lacks. DEMO_DATA=off leaves the database alone (a real tenant's deployment).
  if (process.env.DEMO_DATA !== "off") {
    if (await isSeeded(handle.db)) {
      await refreshDemoSessions(handle.db, { now: clock.now() });
      await refreshDemoAccounts(handle.db, clock.now());
    } else await seedDemo(handle.db, { now: clock.now() });
  }
  startCartSweeper(handle, clock);
  // Outbox delivery: SMTP when SMTP_URL is set, else mails are kept for the mailbox page (/_mail).
  startMailWorker(handle.db, clock);
  return { handle, clock, api: createApiApp({ db: handle.db, clock }) };
}

/** Releases expired carts every 30 s; unref'd so it never keeps the process alive. */
function startCartSweeper(handle: DbHandle, clock: Clock): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseExpiredCarts(handle.db, clock.now())
      .catch((error: unknown) => {
        console.error("cart.sweeper_failed", {
          message: error instanceof Error ? error.message.slice(0, 300) : "unknown",
        });
      })
      .finally(() => {
        running = false;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
}

export function getRuntime(): Promise<Runtime> {
  if (!runtime) {
    runtime = start().catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
  }
  return runtime;
}
