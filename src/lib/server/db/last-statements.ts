/**
 * A transaction whose last statements go out with its COMMIT, unanswered (DESIGN §4: a hot row
 * stays locked as briefly as possible). The work sends its last statements without awaiting them
 * and hands back their answer; the COMMIT follows on the same connection at once, so the capacity
 * rows they lock are released when PostgreSQL has run them, not after a round trip through a busy
 * event loop. Such statements must fail rather than answer "no" (counters.ts refuses inside the
 * statement): a failed statement turns the COMMIT into a ROLLBACK, and its error is the answer.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js";
import type { ReservedSql, Sql } from "postgres";
import type { Db } from "./client.ts";
import { inDatabase, type Tx } from "./executor.ts";
import { postgresError } from "./pg-error.ts";
import { preparingAll } from "./prepare-all.ts";
import { startNow, writesBehindFailure, writingBehind } from "./sequenced.ts";

/** The answer of statements sent but not yet answered. */
export interface LastStatements<T> {
  readonly answer: Promise<T>;
}

export function lastStatements<T>(sent: PromiseLike<T>): LastStatements<T> {
  // Started now, so it goes out before the COMMIT.
  const answer = startNow(sent);
  // Read after the COMMIT: until then a failure must not count as an unhandled rejection.
  answer.catch(() => {});
  return { answer };
}

/**
 * PostgreSQL 15 can refuse a row lock among many key-share lockers of one row with an internal
 * error ("new multixact has more than one updating member"): the transaction is rolled back whole
 * and may simply run again.
 */
function isMultixactConflict(error: unknown): boolean {
  return postgresError(error, "XX000")?.message.includes("multixact") === true;
}

const ATTEMPTS = 3;

/** Runs `work` in a transaction committed with its last statements; answers their answer. */
export async function transactionEndingWith<T>(
  db: Db,
  work: (tx: Tx) => Promise<LastStatements<T>>,
): Promise<T> {
  const client = postgresClient(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return client ? await pipelinedTransaction(db, client, work) : await driverTransaction(db, work);
    } catch (reason) {
      if (attempt < ATTEMPTS && isMultixactConflict(reason)) continue;
      throw reason;
    }
  }
}

/** drizzle's transaction (PGlite: one connection, nothing to pipeline). */
async function driverTransaction<T>(db: Db, work: (tx: Tx) => Promise<LastStatements<T>>): Promise<T> {
  let last: LastStatements<T> | undefined;
  try {
    await db.transaction(async (tx) => {
      last = await work(inDatabase(tx, db));
    });
    if (!last) throw new Error("the transaction's work sent no last statements");
    return await last.answer;
  } catch (error) {
    // PGlite answers the COMMIT after a failed statement with an error of its own: the
    // statement's error says why.
    throw last
      ? await last.answer.then(
          () => error,
          (failed: unknown) => failed,
        )
      : error;
  }
}

/** The postgres.js client under the database, when it is one (PGlite's has no `reserve`). */
function postgresClient(db: Db): Sql | undefined {
  const client = (db as unknown as { $client?: Partial<Sql> }).$client;
  return typeof client?.reserve === "function" ? (client as Sql) : undefined;
}

const dialect = new PgDialect();

/** A drizzle transaction handle whose statements run on `connection` (BEGIN and COMMIT are ours). */
function transactionOn(connection: Sql): Tx {
  const session = new PostgresJsSession(connection, dialect, undefined);
  // drizzle types a transaction's session over postgres.js's transaction handle; a reserved
  // connection runs statements the same way (this path opens no savepoint).
  return new PostgresJsTransaction(dialect, session as never, undefined) as unknown as Tx;
}

/**
 * On PostgreSQL the BEGIN goes out with the first statements too (postgres.js's own transactions
 * wait for its answer first: a round trip of its own): a connection of the pool reserved for the
 * transaction, BEGIN, the work, and COMMIT sent with the last statements; ROLLBACK when the work
 * fails before them. Every statement is prepared as on the pool (db/prepare-all.ts; behind a
 * pooler the connection's settings prepare nothing).
 */
async function pipelinedTransaction<T>(
  db: Db,
  client: Sql,
  work: (tx: Tx) => Promise<LastStatements<T>>,
): Promise<T> {
  let last: LastStatements<T> | undefined;
  let committed: Promise<unknown> = Promise.resolve();
  await onBegunConnection(db, client, async (tx, connection) => {
    last = await work(tx);
    committed = connection.unsafe("commit").execute();
    // The connection goes back once its own statements are answered; the last statements' answer
    // may still be read from another connection (a refusal names its row), so it is awaited after.
    await committed.catch(() => {});
  });
  if (!last) throw new Error("the transaction's work sent no last statements");
  // A failed last statement turned the COMMIT into a ROLLBACK: its error is the answer.
  const answer = await last.answer;
  await committed;
  return answer;
}

/**
 * A transaction whose BEGIN goes out with its first statements (on PostgreSQL; PGlite runs
 * drizzle's own). For work that may not run twice (a checkout charges a card), so no retry. It
 * writes behind (db/sequenced.ts): writes whose answers the work does not need go out with the
 * statements after them, the last ones with the COMMIT, and a failed one is the transaction's
 * error.
 */
export async function transactionBegunWithWork<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = postgresClient(db);
  if (!client) return db.transaction((tx) => work(inDatabase(tx, db)));
  let answer: { value: T } | undefined;
  await onBegunConnection(db, client, async (tx, connection) => {
    writingBehind(tx);
    try {
      answer = { value: await work(tx) };
    } catch (error) {
      // A refused statement may only say the transaction had aborted: the failed write says why.
      throw (await writesBehindFailure(tx)) ?? error;
    }
    const committed = connection.unsafe("commit").execute();
    committed.catch(() => {});
    const failed = await writesBehindFailure(tx);
    // After a failed write the COMMIT answers as a ROLLBACK, without an error of its own.
    await committed;
    if (failed) throw failed;
  });
  if (!answer) throw new Error("the transaction's work gave no answer");
  return answer.value;
}

/**
 * Runs `work` on a pool connection reserved for it, after a BEGIN sent but not awaited: the BEGIN
 * travels with the work's first statements. `work` ends the transaction; if it throws, ROLLBACK,
 * and a BEGIN that failed is the better reason. The connection is released at the end.
 */
async function onBegunConnection(
  db: Db,
  client: Sql,
  work: (tx: Tx, connection: ReservedSql) => Promise<void>,
): Promise<void> {
  const connection = await client.reserve();
  try {
    const tx = inDatabase(transactionOn(preparingAll(connection)), db);
    const begun = connection.unsafe("begin").execute();
    begun.catch(() => {});
    try {
      await work(tx, connection);
    } catch (error) {
      await connection.unsafe("rollback").catch(() => {});
      throw await begun.then(
        () => error,
        (failed: unknown) => failed,
      );
    }
    await begun;
  } finally {
    connection.release();
  }
}
