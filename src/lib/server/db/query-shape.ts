/**
 * Queries drizzle builds once. drizzle turns a query builder into SQL text on every run, which was
 * about a fifth of a hold's CPU (the bench's profile): the hot path's queries are built once per
 * shape with placeholders (`sql.placeholder`), and each run takes the kept text, parameter order
 * and row mapping to the executor at hand, the database or a transaction (drizzle's own prepared
 * queries are tied to the session they were built on, and a hold runs in a new transaction).
 *
 * The template is the prepared query drizzle made; a run asks the executor's session to prepare
 * the same query (`prepareQuery`, what every builder calls), with the template's fields, mapping
 * and joins. `tests/integration/server/query-shape.test.ts` proves it on both drivers, so a drizzle
 * upgrade that moves these fields fails there.
 */
import { type Placeholder, sql } from "drizzle-orm";
import type { PgPreparedQuery, PgTable, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Executor } from "./executor.ts";

/** What a built query is: drizzle's prepared query, with the fields every driver's class keeps. */
interface Template {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  customResultMapper?: unknown;
  isResponseInArrayMode(): boolean;
  joinsNotNullableMap?: Record<string, boolean>;
}

/** A drizzle builder of one query: `select…`, `insert…` (anything with `prepare`). */
export interface Preparable<R> {
  prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: R }>;
}

type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: unknown,
  ): PgPreparedQuery<PreparedQueryConfig> & { joinsNotNullableMap?: Record<string, boolean> };
};

const templates = new Map<string, Template>();

/**
 * Runs the query `build` makes (with placeholders for `values`), built the first time `key` is
 * asked for. `key` names the shape: one query text per key (a list of n rows is a key per n).
 */
export function runShaped<R>(
  exec: Executor,
  key: string,
  build: () => Preparable<R>,
  values: Record<string, unknown>,
  /** false: build it this once and keep nothing (a rare shape, such as a long list). */
  keep = true,
): Promise<R> {
  if (!keep) return build().prepare(key).execute(values) as Promise<R>;
  let template = templates.get(key);
  if (!template) {
    template = build().prepare(key) as unknown as Template;
    templates.set(key, template);
  }
  const session = (exec as unknown as { _: { session: Session } })._.session;
  const query = session.prepareQuery(
    template.getQuery(),
    template.fields,
    key,
    template.isResponseInArrayMode(),
    template.customResultMapper,
  );
  query.joinsNotNullableMap = template.joinsNotNullableMap;
  return query.execute(values) as Promise<R>;
}

/**
 * A placeholder where drizzle's types want a column's value (an UPDATE's `set`, an INSERT's
 * `values`): drizzle binds it like a value at run time.
 */
export function boundAs<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/** `n` placeholders named `{prefix}0`…, for an `IN` list of a shaped query. */
export function placeholders(prefix: string, n: number): Placeholder[] {
  return Array.from({ length: n }, (_, i) => sql.placeholder(`${prefix}${i}`));
}

/** The values of `placeholders(prefix, list.length)`. */
export function placeholderValues(prefix: string, list: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  list.forEach((value, i) => {
    values[`${prefix}${i}`] = value;
  });
  return values;
}

/**
 * The columns a row sets, a null one marked: an undefined value is the column's default, as in
 * drizzle's insert, and a null is written as such (drizzle maps a placeholder's value through the
 * column's encoder, which does not take null).
 */
const setColumns = (row: object) =>
  Object.entries(row).flatMap(([k, v]) => (v === undefined ? [] : [v === null ? `${k}=null` : k]));

/**
 * An INSERT of `rows`, built once per table, row count and set of columns (`key` names the
 * statement); with `returning`, answers the inserted rows. Rows that set different columns go
 * through drizzle's own builder.
 */
export function insertShaped<T extends PgTable>(
  exec: Executor,
  key: string,
  table: T,
  rows: readonly T["$inferInsert"][],
  returning: boolean,
): Promise<T["$inferSelect"][]> {
  const columns = rows[0] ? setColumns(rows[0]) : [];
  const signature = columns.join(",");
  if (!rows.length || rows.some((row) => setColumns(row).join(",") !== signature)) {
    const insert = exec.insert(table).values([...rows] as T["$inferInsert"][]);
    return (returning ? insert.returning() : insert) as unknown as Promise<T["$inferSelect"][]>;
  }
  const values: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    for (const column of columns) {
      if (!column.endsWith("=null")) values[`${i}.${column}`] = (row as Record<string, unknown>)[column];
    }
  });
  return runShaped(
    exec,
    `${key}:${rows.length}:${signature}`,
    () => {
      const shape = rows.map((_, i) =>
        Object.fromEntries(
          columns.map((column) =>
            column.endsWith("=null")
              ? [column.slice(0, -"=null".length), null]
              : [column, sql.placeholder(`${i}.${column}`)],
          ),
        ),
      ) as T["$inferInsert"][];
      const insert = exec.insert(table).values(shape);
      return (returning ? insert.returning() : insert) as unknown as Preparable<T["$inferSelect"][]>;
    },
    values,
  );
}
