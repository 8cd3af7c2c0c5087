/**
 * The demo data. What the demo tenants sell is their catalogue files
 * (src/content/catalogue/<tenant>/), applied like any venue's; the seed adds only what a venue
 * would not write by hand: sales in the first weeks' sessions (demo-sales.ts), demo customers,
 * orders and memberships (accounts.ts, memberships.ts, account-demo.ts, membership-auto-renew.ts).
 * Deterministic for a given `now`.
 *
 * - seedDemo applies every tenant's catalogue and adds the demo's data, in one transaction; a
 *   second call is a no-op (idempotent).
 * - reseedDemo deletes all demo rows and seeds again (scripts/seed.ts).
 */
import { count, inArray } from "drizzle-orm";
import { catalogueTenants } from "../../../catalogue/load.ts";
import { contentDir } from "../../../tenant/load.ts";
import { applyCatalogue } from "../../services/catalogue/apply/index.ts";
import type { Db } from "../client.ts";
import type { Executor } from "../executor.ts";
import { seller } from "../schema.ts";
import { seedAccountDemo } from "./account-demo.ts";
import { seedAccounts } from "./accounts.ts";
import { addDemoSales, DEMO_SELLER_IDS } from "./demo-sales.ts";
import { seedMembershipAutoRenew } from "./membership-auto-renew.ts";
import { deleteDemoData } from "./reset.ts";
import { seedDemoStaff } from "./staff.ts";

export { DEMO_SELLER_IDS } from "./demo-sales.ts";
export { deleteDemoData } from "./reset.ts";

export interface SeedSummary {
  seeded: boolean;
  sellers: number;
  events: number;
  ticketTypes: number;
  sessions: number;
  bookedSeats: number;
  ms: number;
}

/** True when the database holds any seller (the runtime seeds the demo only into an empty database). */
export async function isSeeded(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(seller);
  return Number(row?.n ?? 0) > 0;
}

async function demoPresent(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(seller)
    .where(inArray(seller.id, [...DEMO_SELLER_IDS]));
  return Number(row?.n ?? 0) > 0;
}

/**
 * Every tenant's catalogue, then the demo's sales on the demo tenants, then the demo customers.
 * A catalogue with problems, or one the rules refuse, stops the seed: the demo's files are
 * checked by the tests, so that is a defect to see, not to hide.
 */
async function insertDemo(tx: Executor, now: Date): Promise<Omit<SeedSummary, "ms" | "seeded">> {
  const summary = { sellers: 0, events: 0, ticketTypes: 0, sessions: 0, bookedSeats: 0 };
  const dir = contentDir();
  for (const slug of catalogueTenants(dir)) {
    const report = await applyCatalogue(tx, {
      contentDir: dir,
      slug,
      now,
      after: async (inner, rows) => {
        summary.sellers += 1;
        summary.events += rows.events.length;
        summary.ticketTypes += rows.types.length;
        summary.sessions += rows.sessions.length;
        summary.bookedSeats += await addDemoSales(inner, rows, now);
      },
    });
    if (report.refusals.length > 0) {
      throw new Error(`The ${slug} catalogue cannot be applied:\n${report.refusals.join("\n")}`);
    }
  }
  await seedAccounts(tx, now);
  await seedMembershipAutoRenew(tx, now);
  await seedAccountDemo(tx, now);
  await seedDemoStaff(tx, now);
  return summary;
}

/**
 * Seeds the demo tenants in one transaction. Idempotent: when a demo seller already exists
 * nothing is written and `seeded` is false.
 */
export async function seedDemo(db: Db, options: { now: Date }): Promise<SeedSummary> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    if (await demoPresent(tx)) return { ...emptySummary(), ms: Math.round(performance.now() - started) };
    const counts = await insertDemo(tx, options.now);
    return { seeded: true, ...counts, ms: Math.round(performance.now() - started) };
  });
}

/** Deletes every demo row (and rows referencing them) and seeds again, in one transaction. */
export async function reseedDemo(
  db: Db,
  options: { now: Date },
): Promise<SeedSummary & { deleted: Record<string, number> }> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    const deleted = await deleteDemoData(tx);
    const counts = await insertDemo(tx, options.now);
    return { seeded: true, ...counts, deleted, ms: Math.round(performance.now() - started) };
  });
}

function emptySummary(): SeedSummary {
  return { seeded: false, sellers: 0, events: 0, ticketTypes: 0, sessions: 0, bookedSeats: 0, ms: 0 };
}
