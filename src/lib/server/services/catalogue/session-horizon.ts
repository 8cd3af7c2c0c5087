/**
 * The rolling horizon: a seller's schedules planned from today for `horizonDays` days, and the
 * sessions not yet in the database inserted. Existing sessions are never changed or deleted (they
 * may have tickets, holds, an operator's sold-out flag); the stable ids make a session already
 * there a conflict that is skipped, so running it again inserts nothing.
 */
import { eq, sql } from "drizzle-orm";
import type { Schedule } from "../../../catalogue/schema/schedule.ts";
import { generateTenantSessions, type PlannedSession } from "../../../domain/schedule/sessions.ts";
import type { Executor } from "../../db/executor.ts";
import { eventSession, seller } from "../../db/schema.ts";

export interface SessionHorizonInput {
  sellerId: string;
  schedules: readonly Schedule[];
  now: Date;
  /** Days planned from today's local date (today included). */
  horizonDays: number;
}

/**
 * Inserts the planned sessions that are missing, in one statement, and returns the ids it
 * inserted. The seller's time zone places the schedules' local times.
 */
export async function insertMissingSessions(db: Executor, input: SessionHorizonInput): Promise<string[]> {
  const [owner] = await db
    .select({ timezone: seller.timezone })
    .from(seller)
    .where(eq(seller.id, input.sellerId));
  if (!owner) throw new Error(`No seller ${input.sellerId} to plan sessions for.`);
  const planned = generateTenantSessions(input.schedules, owner.timezone, input.now, input.horizonDays);
  return insertPlannedSessions(db, input.sellerId, planned);
}

/** Inserts the planned sessions not yet in the database, in one statement; returns their ids. */
export async function insertPlannedSessions(
  db: Executor,
  sellerId: string,
  planned: readonly PlannedSession[],
): Promise<string[]> {
  if (planned.length === 0) return [];
  // The rows as one JSON parameter, read back into columns: one statement with one parameter,
  // however many sessions a long horizon plans (a VALUES list would meet the parameter limit),
  // and a plain string, which every driver passes the same way.
  const json = JSON.stringify(
    planned.map((s) => ({
      id: s.id,
      seller_id: sellerId,
      event_template_id: s.eventId,
      start_datetime: s.start.toISOString(),
      end_datetime: s.end.toISOString(),
      capacity: s.capacity,
      price_tier: s.priceTier,
    })),
  );
  const rows = await db.execute(sql`
    insert into ${eventSession} (id, seller_id, event_template_id, start_datetime, end_datetime, capacity, planned_capacity, price_tier)
    select id, seller_id, event_template_id, start_datetime, end_datetime, capacity, capacity, price_tier
    from jsonb_to_recordset(${json}::jsonb) as planned(
      id text, seller_id text, event_template_id text, start_datetime timestamptz,
      end_datetime timestamptz, capacity integer, price_tier text
    )
    on conflict (id) do nothing
    returning id`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/** Drivers differ in what execute returns: PGlite gives `{ rows }`, postgres-js the rows themselves. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
