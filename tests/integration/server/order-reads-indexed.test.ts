/**
 * Reads that every sale repeats are found by index, not by scanning tickets.
 *
 * An order's tickets are found by index. Every confirmation mail, order page, manage link and
 * completion reads them by `ticket_order_id`, which had no index: each read scanned the whole
 * ticket table, 6.7 ms of PostgreSQL per checkout once the bench had sold 20,000 tickets (and
 * growing with every ticket a venue ever sold). With sequential scans off, the planner must still
 * have a way to the rows that is not one.
 *
 * A member's tickets, which every members-only reserve of a presale counts against the member's
 * limits, are read from the member's own carts and orders: it was one query over every ticket the
 * seller sold since the term began.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import { memberTickets } from "../../../src/lib/server/services/membership/member-tickets.ts";
import { openFreshPostgres } from "../../helpers/postgres.ts";

type Row = Record<string, unknown>;
const rowsOf = (answer: unknown): Row[] =>
  Array.isArray(answer) ? (answer as Row[]) : ((answer as { rows: Row[] }).rows ?? []);

/** The plan of `query` with sequential scans discouraged, as text. */
async function planWithoutSeqScans(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = rowsOf(await tx.execute(sql`explain ${query}`));
    return plan.map((r) => String(Object.values(r)[0])).join("\n");
  });
}

function scenarios(open: () => Promise<DbHandle>): void {
  it("an order's tickets are read by index, not by scanning every ticket ever sold", async () => {
    const handle = await open();
    try {
      const plan = await planWithoutSeqScans(
        handle.db,
        sql`select id from ticket where ticket_order_id = ${"00000000-0000-0000-0000-000000000000"}`,
      );
      expect(plan).toMatch(/ticket_order_idx/);
      expect(plan).not.toMatch(/Seq Scan on ticket\b/);
    } finally {
      await handle.close();
    }
  });

  it("a member's tickets are read from their own carts and orders, not from every ticket of the seller", async () => {
    const handle = await open();
    try {
      const query = memberTickets(handle.db, {
        identityId: "member-1",
        sellerId: "harbour-museum",
        since: new Date("2026-01-01T00:00:00Z"),
      });
      const plan = await planWithoutSeqScans(handle.db, sql`${query}`);
      expect(plan).toMatch(/cart_identity_idx/);
      expect(plan).toMatch(/ticket_order_identity_idx/);
      expect(plan).not.toMatch(/Seq Scan on (ticket|cart|ticket_order)\b/);
    } finally {
      await handle.close();
    }
  });
}

describe("an order's tickets by index, on PGlite", () => {
  scenarios(() => openDb({ kind: "pglite" }));
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)("an order's tickets by index, on PostgreSQL", () => {
  scenarios(() => openFreshPostgres(url ?? ""));
});
