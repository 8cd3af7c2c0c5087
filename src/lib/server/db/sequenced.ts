/**
 * Statements of one transaction sent together: each is started in order, before any answer is
 * awaited, so the driver writes them in one round trip (postgres.js pipelines a connection's
 * queries; PGlite runs them one after another) and PostgreSQL runs them in that order, so a row
 * written by one is there for the next. A failure fails the transaction and is the answer; the
 * statements after it fail too (the transaction is aborted) and are not separately reported.
 * For independent writes whose answers nothing in between needs.
 */
export async function sequenced(steps: readonly (() => PromiseLike<unknown>)[]): Promise<void> {
  await Promise.all(steps.map((step) => startNow(step())));
}

/**
 * A statement sent now, as a promise of its answer: a drizzle query runs only when first awaited
 * (and again at each await), and `await` or `Promise.resolve` would start it a microtask later,
 * after whatever the caller sends next. One `then`, at once, keeps the order statements are written in.
 */
export function startNow<T>(query: PromiseLike<T>): Promise<T> {
  return Promise.resolve(query.then((value) => value));
}
