/**
 * Every start applies every tenant's catalogue files, so editing a file and restarting shows the
 * change (CATALOGUE_ON_START=off leaves it to `npm run catalogue -- apply`). It runs under the
 * startup lock (db/client.ts), so of several servers starting together one applies and the others
 * find nothing left to do.
 *
 * A catalogue with problems, or one a rule refuses (a capacity below what is sold, a removed day
 * with sold tickets), is logged and left unapplied: the shop keeps selling what it sold before,
 * rather than not starting.
 */
import { catalogueTenants } from "../../../../catalogue/load.ts";
import { contentDir } from "../../../../tenant/load.ts";
import type { Db } from "../../../db/client.ts";
import { logger } from "../../../log/logger.ts";
import { type ApplyReport, applyCatalogue } from "./index.ts";

export function catalogueOnStart(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CATALOGUE_ON_START !== "off";
}

export async function applyCataloguesOnStart(
  db: Db,
  now: Date,
  dir: string = contentDir(),
): Promise<ApplyReport[]> {
  const reports: ApplyReport[] = [];
  for (const slug of catalogueTenants(dir)) {
    const report = await applyCatalogue(db, { contentDir: dir, slug, now });
    reports.push(report);
    if (report.refusals.length > 0) {
      logger.error({ tenant: slug, refusals: report.refusals }, "catalogue.not_applied");
    } else if (report.changes.length > 0) {
      const counts = Object.fromEntries(
        (["added", "changed", "retired", "removed"] as const).map((k) => [
          k,
          report.changes.filter((c) => c.kind === k).length,
        ]),
      );
      logger.info({ tenant: slug, ...counts }, "catalogue.applied");
    }
  }
  return reports;
}
