/** Inserts many rows in statements of BATCH_SIZE rows, below every driver's parameter limit. */
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./executor.ts";

export const BATCH_SIZE = 500;

export async function insertBatched<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<number> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const chunk = rows.slice(i, i + BATCH_SIZE);
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's generic insert values type is not inferable here
    await tx.insert(table).values(chunk as any);
  }
  return rows.length;
}
