/**
 * A transaction whose last statements go out with its COMMIT, unanswered (DESIGN §4: a hot row
 * stays locked as briefly as possible). The work sends its last statements without awaiting them
 * and hands back their answer; the COMMIT follows on the same connection at once, so the capacity
 * rows they lock are released when PostgreSQL has run them, not after a round trip through a busy
 * event loop. Such statements must fail rather than answer "no" (counters.ts refuses inside the
 * statement): a failed statement turns the COMMIT into a ROLLBACK, and its error is the answer.
 */
import type { Db } from "./client.ts";
import type { Tx } from "./executor.ts";
import { postgresError } from "./pg-error.ts";

/** The answer of statements sent but not yet answered. */
export interface LastStatements<T> {
  readonly answer: Promise<T>;
}

export function lastStatements<T>(sent: PromiseLike<T>): LastStatements<T> {
  // One `then`, now: a drizzle query runs each time it is awaited, and must run before the COMMIT.
  const answer = Promise.resolve(sent.then((value) => value));
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
  for (let attempt = 1; ; attempt++) {
    let last: LastStatements<T> | undefined;
    try {
      await db.transaction(async (tx) => {
        last = await work(tx);
      });
      if (!last) throw new Error("the transaction's work sent no last statements");
      return await last.answer;
    } catch (error) {
      // PGlite answers the COMMIT after a failed statement with an error of its own
      // (PostgreSQL answers ROLLBACK): the statement's error says why.
      const reason = last
        ? await last.answer.then(
            () => error,
            (failed: unknown) => failed,
          )
        : error;
      if (attempt < ATTEMPTS && isMultixactConflict(reason)) continue;
      throw reason;
    }
  }
}
