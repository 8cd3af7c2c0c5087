/**
 * DESIGN §4 "a hot row stays locked as briefly as possible": a hold's transaction sends its COMMIT
 * with its last statements instead of after their answer (db/last-statements.ts). What must still
 * hold, on each database: the answer is the last statements' answer and everything commits; a last
 * statement that fails (the capacity refusal, migration 0023) rolls everything back and its error is
 * the answer; and PostgreSQL's multixact refusal runs the transaction again. A checkout's
 * transaction writes behind (db/sequenced.ts): its writes are there for the reads after them, and
 * a failed one is the transaction's error, whether a later statement or the COMMIT came after it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import type { Tx } from "../../../src/lib/server/db/executor.ts";
import {
  lastStatements,
  transactionBegunWithWork,
  transactionEndingWith,
} from "../../../src/lib/server/db/last-statements.ts";
import { postgresError } from "../../../src/lib/server/db/pg-error.ts";
import { sequenced } from "../../../src/lib/server/db/sequenced.ts";
import { openFreshPostgres } from "../../helpers/postgres.ts";

type Row = Record<string, unknown>;
const rowsOf = (answer: unknown): Row[] =>
  Array.isArray(answer) ? (answer as Row[]) : ((answer as { rows: Row[] }).rows ?? []);

async function probeRows(db: Db): Promise<string[]> {
  return rowsOf(await db.execute(sql`select id from last_statements_probe order by id`)).map((r) =>
    String(r.id),
  );
}

function scenarios(open: () => Promise<DbHandle>): void {
  const withDb = async (work: (db: Db) => Promise<void>) => {
    const handle = await open();
    try {
      await handle.db.execute(
        sql`create table last_statements_probe (id text primary key, n integer not null)`,
      );
      await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  it("the answer is the last statements' answer, and every statement commits", () =>
    withDb(async (db) => {
      const answer = await transactionEndingWith(db, async (tx) => {
        await tx.execute(sql`insert into last_statements_probe values ('a', 1)`);
        return lastStatements(
          tx.execute(sql`update last_statements_probe set n = n + 1 where id = 'a' returning n`).then(rowsOf),
        );
      });
      expect(answer.map((r) => Number(r.n))).toEqual([2]);
      expect(await probeRows(db)).toEqual(["a"]);
    }));

  it("a last statement that refuses rolls the whole transaction back, and its error is the answer", () =>
    withDb(async (db) => {
      const refused = await transactionEndingWith(db, async (tx) => {
        await tx.execute(sql`insert into last_statements_probe values ('b', 1)`);
        return lastStatements(tx.execute(sql`select foyer_no_room('s', 'session-1')`));
      }).catch((error: unknown) => error);
      expect(postgresError(refused, "FY409")?.detail).toBe("s:session-1");
      expect(await probeRows(db)).toEqual([]);
    }));

  it("a transaction PostgreSQL refuses with 'new multixact has more than one updating member' runs again", () =>
    withDb(async (db) => {
      let attempts = 0;
      const answer = await transactionEndingWith(db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`insert into last_statements_probe values ('c', ${attempts})`);
        if (attempts === 1) {
          throw Object.assign(new Error("new multixact has more than one updating member"), {
            code: "XX000",
          });
        }
        return lastStatements(Promise.resolve(attempts));
      });
      expect(answer).toBe(2);
      expect(await probeRows(db)).toEqual(["c"]);
    }));

  it("any other failure is not run again", () =>
    withDb(async (db) => {
      let attempts = 0;
      const failed = await transactionEndingWith(db, async () => {
        attempts += 1;
        throw Object.assign(new Error("internal"), { code: "XX000" });
      }).catch((error: unknown) => error);
      expect((failed as Error).message).toBe("internal");
      expect(attempts).toBe(1);
    }));

  // A checkout's transaction writes behind (db/sequenced.ts): writes nobody waits for go out with
  // what follows them, and are checked at its end.
  const probeInsert = (tx: Tx, id: string) => () =>
    tx.execute(sql`insert into last_statements_probe values (${id}, 1)`);

  it("writes behind are there for the reads after them, and commit with the transaction", () =>
    withDb(async (db) => {
      const seen = await transactionBegunWithWork(db, async (tx) => {
        await sequenced(tx, [probeInsert(tx, "d"), probeInsert(tx, "e")]);
        return rowsOf(await tx.execute(sql`select id from last_statements_probe order by id`)).map((r) =>
          String(r.id),
        );
      });
      expect(seen).toEqual(["d", "e"]);
      expect(await probeRows(db)).toEqual(["d", "e"]);
    }));

  it("a write behind that fails is the transaction's error, even when a later read is refused for it", () =>
    withDb(async (db) => {
      const failed = await transactionBegunWithWork(db, async (tx) => {
        await sequenced(tx, [probeInsert(tx, "f"), probeInsert(tx, "f")]);
        return tx.execute(sql`select count(*) from last_statements_probe`);
      }).catch((error: unknown) => error);
      // 23505 (the duplicate key), not 25P02 ("current transaction is aborted") of the read.
      expect(postgresError(failed, "23505")).toBeDefined();
      expect(await probeRows(db)).toEqual([]);
    }));

  it("a last write behind that fails rolls the transaction back, and its error is the answer", () =>
    withDb(async (db) => {
      await db.execute(sql`insert into last_statements_probe values ('g', 1)`);
      const failed = await transactionBegunWithWork(db, async (tx) => {
        await tx.execute(sql`insert into last_statements_probe values ('h', 1)`);
        // Sent with the COMMIT: PostgreSQL answers the COMMIT as a ROLLBACK, without an error.
        await sequenced(tx, [probeInsert(tx, "g")]);
        return "committed";
      }).catch((error: unknown) => error);
      expect(postgresError(failed, "23505")).toBeDefined();
      expect(await probeRows(db)).toEqual(["g"]);
    }));
}

describe("a transaction committed with its last statements, on PGlite", () => {
  scenarios(() => openDb({ kind: "pglite" }));
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)("a transaction committed with its last statements, on PostgreSQL", () => {
  // Each scenario on a database of its own, dropped when its handle closes.
  scenarios(() => openFreshPostgres(url ?? ""));
});
