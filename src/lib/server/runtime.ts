/**
 * The process-wide server runtime: one database handle (migrated, and seeded with the demo
 * tenants when empty) and one API app. SSR pages and the /api endpoint share it.
 */
import type { Clock } from "./clock.ts";
import { systemClock } from "./clock.ts";
import { type DbHandle, openDb, targetFromEnv } from "./db/client.ts";
import { isSeeded, refreshDemoSessions, seedDemo } from "./db/seed/index.ts";
import { createApiApp } from "./http/app.ts";

export interface Runtime {
  handle: DbHandle;
  clock: Clock;
  api: ReturnType<typeof createApiApp>;
}

let runtime: Promise<Runtime> | undefined;

async function start(): Promise<Runtime> {
  const handle = await openDb(targetFromEnv());
  const clock = systemClock;
  if (!(await isSeeded(handle.db))) {
    await seedDemo(handle.db, { now: clock.now() });
  } else if (process.env.FOYER_DEMO !== "off") {
    // Demo data is relative to today: top up the session days an older data folder lacks.
    await refreshDemoSessions(handle.db, { now: clock.now() });
  }
  return { handle, clock, api: createApiApp({ db: handle.db, clock }) };
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
