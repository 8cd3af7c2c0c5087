/**
 * Statements of one transaction sent together: each is started in order, before any answer is
 * awaited, so the driver writes them in one round trip (postgres.js pipelines a connection's
 * queries; PGlite runs them one after another) and PostgreSQL runs them in that order, so a row
 * written by one is there for the next. A failure fails the transaction and is the answer; the
 * statements after it fail too (the transaction is aborted) and are not separately reported.
 * For independent writes whose answers nothing in between needs.
 *
 * In a transaction that writes behind (`writingBehind`: a checkout's, db/last-statements.ts), such
 * writes are not awaited where they are sent: the statements that follow, a read of what they
 * wrote included, go out in the same round trip, and their answers are checked when the
 * transaction ends (`writesBehindFailure`). Elsewhere they are awaited where they are sent.
 */
import type { Executor } from "./executor.ts";

/** The writes in flight of each transaction that writes behind. */
const behind = new WeakMap<object, Promise<unknown>[]>();

/** Marks `tx` as a transaction whose writes are answered at its end (its opener checks them). */
export function writingBehind<T extends object>(tx: T): T {
  behind.set(tx, []);
  return tx;
}

/**
 * Sends writes in order. In a transaction that writes behind, answers at once and their failure
 * fails the transaction at its end; elsewhere answers when all are answered.
 */
export async function sequenced(ex: Executor, steps: readonly (() => PromiseLike<unknown>)[]): Promise<void> {
  const sent = steps.map((step) => startNow(step()));
  const inFlight = behind.get(ex);
  if (!inFlight) {
    await Promise.all(sent);
    return;
  }
  for (const write of sent) {
    // Read at the transaction's end: until then a failure must not count as an unhandled rejection.
    write.catch(() => {});
    inFlight.push(write);
  }
}

/**
 * The first failure among a transaction's writes behind, once every one is answered; undefined
 * when none failed. It is the reason the transaction failed: the statements after it were refused
 * only because it had aborted the transaction, and a COMMIT after it is a ROLLBACK.
 */
export async function writesBehindFailure(ex: Executor): Promise<unknown> {
  const inFlight = behind.get(ex) ?? [];
  for (const outcome of await Promise.allSettled(inFlight)) {
    if (outcome.status === "rejected") return outcome.reason ?? new Error("a write failed");
  }
  return undefined;
}

/**
 * A statement sent now, as a promise of its answer: a drizzle query runs only when first awaited
 * (and again at each await), and `await` or `Promise.resolve` would start it a microtask later,
 * after whatever the caller sends next. One `then`, at once, keeps the order statements are written in.
 */
export function startNow<T>(query: PromiseLike<T>): Promise<T> {
  return Promise.resolve(query.then((value) => value));
}
