/**
 * What a starting server prepares, under the startup lock (db/client.ts), so of several servers
 * starting together on one database exactly one writes, and the others find nothing left to do:
 * - with the demo (DEMO_DATA not off): an empty database gets the demo (every catalogue applied,
 *   the demo's sales and customers); an older one gets its catalogues applied (new session days
 *   included) and the demo accounts it lacks;
 * - without it: every tenant's catalogue files applied.
 */
import { applyCataloguesOnStart, catalogueOnStart } from "../../services/catalogue/apply/on-start.ts";
import type { DbHandle } from "../client.ts";
import { refreshDemoAccounts } from "./accounts.ts";
import { isSeeded, seedDemo } from "./index.ts";

export type StartupData = "seeded" | "refreshed" | "applied" | "untouched";

export function prepareStartupData(
  handle: DbHandle,
  now: Date,
  options: { demo: boolean },
): Promise<StartupData> {
  return handle.exclusive(async () => {
    if (options.demo && !(await isSeeded(handle.db))) {
      await seedDemo(handle.db, { now });
      return "seeded";
    }
    if (catalogueOnStart()) await applyCataloguesOnStart(handle.db, now);
    if (!options.demo) return catalogueOnStart() ? "applied" : "untouched";
    await refreshDemoAccounts(handle.db, now);
    return "refreshed";
  });
}
