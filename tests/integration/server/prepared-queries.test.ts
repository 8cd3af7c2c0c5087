/**
 * Straight to PostgreSQL every query is prepared (db/prepare-all.ts): postgres.js runs a query with
 * parameters it has not prepared in two round trips, so an unnamed drizzle query is named and kept
 * on its connection, in and out of transactions. Through a transaction pooler (DATABASE_DIRECT_URL
 * set) nothing is prepared: the next statement may run on another server connection.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, openDb } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const url = process.env.TEST_DATABASE_URL;

/** The statements prepared on the transaction's connection that read the seller table. */
async function sellerStatementsIn(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select().from(s.seller).where(eq(s.seller.id, "nobody"));
    await tx.select().from(s.seller).where(eq(s.seller.id, "nobody-else"));
    const rows = (await tx.execute(
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%from "seller"%'`,
    )) as unknown as { n: number }[];
    return Number(rows[0]?.n ?? 0);
  });
}

describe.skipIf(!url)("queries on PostgreSQL", () => {
  it("an unnamed query with parameters is prepared once per connection when straight to PostgreSQL", async () => {
    await withFreshPostgres(url ?? "", async (dbUrl) => {
      const handle = await openDb({ kind: "postgres", url: dbUrl });
      try {
        expect(await sellerStatementsIn(handle.db)).toBe(1);
      } finally {
        await handle.close();
      }
    });
  });

  it("nothing is prepared through a transaction pooler", async () => {
    await withFreshPostgres(url ?? "", async (dbUrl) => {
      const handle = await openDb({ kind: "postgres", url: dbUrl, directUrl: dbUrl });
      try {
        expect(await sellerStatementsIn(handle.db)).toBe(0);
      } finally {
        await handle.close();
      }
    });
  });
});
