/**
 * The demo data a starting server prepares: an empty database gets the demo tenants, an older
 * one gets the session days and demo accounts it lacks. It runs under the startup lock
 * (db/client.ts), so of several servers starting together on one database exactly one seeds, and
 * the others see the seeded database and have nothing left to add.
 */
import type { DbHandle } from "../client.ts";
import { refreshDemoAccounts } from "./accounts.ts";
import { isSeeded, refreshDemoSessions, seedDemo } from "./index.ts";

export type DemoStartup = "seeded" | "refreshed";

export function prepareDemoData(handle: DbHandle, now: Date): Promise<DemoStartup> {
  return handle.exclusive(async () => {
    if (!(await isSeeded(handle.db))) {
      await seedDemo(handle.db, { now });
      return "seeded";
    }
    await refreshDemoSessions(handle.db, { now });
    await refreshDemoAccounts(handle.db, now);
    return "refreshed";
  });
}
