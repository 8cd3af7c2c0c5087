import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from seller`);
  return Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? 0) > 0;
}

export async function seedDemo(_db: Db, _options: { now: Date }): Promise<void> {}
