/**
 * Deletes every row that belongs to the demo sellers, children first. The tables are read from
 * the catalog so tables added later (carts, tickets, orders ...) are covered too: a row is demo
 * data when its seller_id is a demo seller, or when it references a demo row through a foreign
 * key (for tables without seller_id, such as session_seat and seat_template).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../executor.ts";

import { DEMO_SELLER_IDS } from "./demo-sales.ts";

interface ForeignKey {
  child: string;
  child_column: string;
  parent: string;
  parent_column: string;
}

/** Rows of a raw query on either driver (PGlite gives { rows }, postgres-js an array). */
export async function queryRows<T>(db: Executor, query: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(query));
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const demoList = DEMO_SELLER_IDS.map((id) => `'${id}'`).join(", ");

export async function deleteDemoData(db: Executor): Promise<Record<string, number>> {
  const tables = (
    await queryRows<{ table_name: string }>(
      db,
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    )
  ).map((t) => t.table_name);
  const withSeller = new Set(
    (
      await queryRows<{ table_name: string }>(
        db,
        "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'seller_id'",
      )
    ).map((t) => t.table_name),
  );
  const fks = await queryRows<ForeignKey>(
    db,
    `select cl.relname as child, a.attname as child_column, pcl.relname as parent, pa.attname as parent_column
       from pg_constraint c
       join pg_class cl on cl.oid = c.conrelid
       join pg_namespace n on n.oid = cl.relnamespace
       join pg_class pcl on pcl.oid = c.confrelid
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and n.nspname = 'public'`,
  );

  const predicate = (table: string, seen: Set<string> = new Set()): string | null => {
    if (table === "seller") return `id in (${demoList})`;
    if (withSeller.has(table)) return `seller_id in (${demoList})`;
    if (seen.has(table)) return null;
    const parts: string[] = [];
    for (const fk of fks.filter((f) => f.child === table && f.parent !== table)) {
      const parent = predicate(fk.parent, new Set([...seen, table]));
      if (parent) {
        parts.push(
          `${quote(fk.child_column)} in (select ${quote(fk.parent_column)} from ${quote(fk.parent)} where ${parent})`,
        );
      }
    }
    return parts.length ? parts.join(" or ") : null;
  };

  // Children first: a table is deleted once every table referencing it is done.
  const order: string[] = [];
  const remaining = new Set(tables);
  while (remaining.size) {
    const ready = [...remaining].filter((t) =>
      fks.every((f) => f.parent !== t || f.child === t || !remaining.has(f.child)),
    );
    if (!ready.length)
      throw new Error(`Cannot order demo deletion: cycle among ${[...remaining].join(", ")}`);
    for (const t of ready.sort()) {
      order.push(t);
      remaining.delete(t);
    }
  }

  const deleted: Record<string, number> = {};
  for (const table of order) {
    const where = predicate(table);
    if (!where) continue;
    const rows = await queryRows<{ n: number }>(
      db,
      `with d as (delete from ${quote(table)} where ${where} returning 1) select count(*)::int as n from d`,
    );
    deleted[table] = Number(rows[0]?.n ?? 0);
  }
  return deleted;
}
