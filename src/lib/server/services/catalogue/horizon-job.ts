/**
 * The rolling horizon on a server that runs for days: every hour, each tenant's schedules are
 * planned from the new today, and the sessions not yet in the database are inserted. Insert only:
 * what an apply decided (a retired session, a capacity) is never undone, and other servers running
 * it too only meet conflicts. The files are read on every pass, so a day an operator's
 * `catalogue apply` removed since this server started is not planned again from older files.
 */
import { checkTenant } from "../../../catalogue/check.ts";
import { catalogueTenants } from "../../../catalogue/load.ts";
import type { TenantCatalogue } from "../../../catalogue/tenant-catalogue.ts";
import { contentDir } from "../../../tenant/load.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import { startIntervalJob } from "../../jobs/interval.ts";
import { logger } from "../../log/logger.ts";
import { readCatalogueTenant } from "./apply/index.ts";
import { plannedSessions, sellerIdOf } from "./apply/rows.ts";
import { insertPlannedSessions } from "./session-horizon.ts";

export const HORIZON_INTERVAL_MS = 60 * 60_000;

interface Planned {
  sellerId: string;
  timezone: string;
  catalogue: TenantCatalogue;
}

/** Inserts every tenant's missing sessions up to each event's horizon from `now`; returns how many. */
export async function topUpSessions(db: Db, tenants: readonly Planned[], now: Date): Promise<number> {
  let added = 0;
  for (const t of tenants) {
    added += (await insertPlannedSessions(db, t.sellerId, plannedSessions(t.catalogue, t.timezone, now)))
      .length;
  }
  return added;
}

/** The tenants whose files read well (one with a problem waits for its fix). */
export function readCatalogues(dir: string): Planned[] {
  return catalogueTenants(dir).flatMap((slug) => {
    const checked = checkTenant(dir, slug);
    if (!checked.catalogue) return [];
    return [
      {
        sellerId: sellerIdOf(slug),
        timezone: readCatalogueTenant(dir, slug).timezone,
        catalogue: checked.catalogue,
      },
    ];
  });
}

export function startSessionHorizonJob(db: Db, clock: Clock, dir: string = contentDir()): () => void {
  return startIntervalJob({
    failedEvent: "catalogue.horizon_failed",
    intervalMs: HORIZON_INTERVAL_MS,
    pass: () => topUpSessions(db, readCatalogues(dir), clock.now()),
    report: (added) => {
      if (added > 0) logger.info({ added }, "catalogue.sessions_added");
    },
  });
}
