/**
 * postgres.js runs a query with parameters that it has not prepared in two round trips: a describe
 * (to learn the parameters' types), then the execution; and it stops pipelining behind it. drizzle
 * asks it to prepare only the queries named with `.prepare(name)`. Straight to PostgreSQL (not
 * through a transaction pooler, where a prepared statement may be on another connection), every
 * query is prepared instead: after its first run on a connection, one round trip. A checkout's
 * twenty statements were forty round trips before.
 */
import type { Sql } from "postgres";

type Callback = (sql: Sql) => unknown;

/** `sql`, whose queries, and those of its transactions and savepoints, are all prepared. */
export function preparingAll(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      if (key === "begin" || key === "savepoint") {
        // (options?, callback): the callback's transaction handle prepares too.
        return (...args: unknown[]) => {
          const callback = args.at(-1) as Callback;
          const run = (tx: Sql) => callback(preparingAll(tx));
          const method = Reflect.get(target, key, target) as (...a: unknown[]) => unknown;
          return method.apply(target, [...args.slice(0, -1), run]);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
