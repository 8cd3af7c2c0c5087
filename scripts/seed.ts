/**
 * Resets the demo data: deletes every row of the demo sellers (harbour-museum, riverside-zoo)
 * and anything referencing them (carts, tickets ...), then applies the catalogue files again and
 * adds the demo's sales and customers, relative to now.
 *
 *   npx tsx scripts/seed.ts                          # DATABASE_URL, else PGlite in DATA_DIR (./.data)
 *   npx tsx scripts/seed.ts --now 2026-11-22T12:00:00Z
 *
 * Stop the dev server first when it uses the same PGlite data folder: PGlite allows one process.
 */
import { parseArgs } from "node:util";
import { openDb, targetFromEnv } from "../src/lib/server/db/client.ts";
import { reseedDemo } from "../src/lib/server/db/seed/index.ts";

const { values } = parseArgs({ options: { now: { type: "string" } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`Invalid --now value: ${values.now}`);
  process.exit(1);
}

const target = targetFromEnv();
const where = target.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${target.dataDir}`;
const handle = await openDb(target);
try {
  // Under the startup lock: a server starting meanwhile waits instead of seeding alongside.
  const summary = await handle.exclusive(() => reseedDemo(handle.db, { now }));
  const deleted = Object.values(summary.deleted).reduce((a, b) => a + b, 0);
  console.log(`Demo data reseeded in ${where} at ${now.toISOString()} (${summary.ms} ms)`);
  console.log(`  deleted ${deleted} existing demo rows`);
  console.log(
    `  sellers ${summary.sellers}, events ${summary.events}, ticket types ${summary.ticketTypes}, sessions ${summary.sessions} (${summary.bookedSeats} seats booked)`,
  );
} finally {
  await handle.close();
}
