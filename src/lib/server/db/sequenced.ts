/**
 * Statements of one transaction sent together: each is started in order, before any answer is
 * awaited, so the driver writes them in one round trip (postgres.js pipelines a connection's
 * queries; PGlite runs them one after another) and PostgreSQL runs them in that order, so a row
 * written by one is there for the next. A failure fails the transaction and is the answer; the
 * statements after it fail too (the transaction is aborted) and are not separately reported.
 * For independent writes whose answers nothing in between needs.
 */
export async function sequenced(steps: readonly (() => PromiseLike<unknown>)[]): Promise<void> {
  // One `then` each, now: a drizzle query runs when it is first awaited, and must start in order.
  const started = steps.map((step) => Promise.resolve(step().then((value) => value)));
  await Promise.all(started);
}
