/**
 * Capacity counters (DESIGN §4). Every change to event_session.used_capacity and
 * ticket_group.used_capacity goes through applyCapacityDeltas, inside the caller's transaction, in
 * one fixed order (sessions by id, then groups by id) so concurrent transactions never deadlock.
 * An increase is a conditional UPDATE that matches only while the places fit; when it matches
 * nothing the row is read to tell "sold out" from "not enough left".
 */
import { and, eq, sql } from "drizzle-orm";
import { availableCapacity } from "../../../domain/availability.ts";
import * as s from "../../db/schema.ts";
import { reserveError } from "./errors.ts";
import type { Tx } from "./types.ts";

export type Deltas = Map<string, number>;

export function addDelta(deltas: Deltas, id: string, n: number): void {
  deltas.set(id, (deltas.get(id) ?? 0) + n);
}

const sortedEntries = (deltas: Deltas) =>
  [...deltas].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

async function takeSession(tx: Tx, id: string, n: number): Promise<void> {
  const col = s.eventSession;
  const taken = await tx
    .update(col)
    .set({ usedCapacity: sql`${col.usedCapacity} + ${n}` })
    .where(
      and(
        eq(col.id, id),
        eq(col.soldOut, false),
        sql`(${col.capacity} < 0 or ${col.usedCapacity} + ${n} <= ${col.capacity} + ${col.oversellCapacity})`,
      ),
    )
    .returning({ id: col.id });
  if (taken.length) return;
  const [row] = await tx.select().from(col).where(eq(col.id, id));
  if (!row)
    throw reserveError("event_session_sold_out", "This session is not available.", { event_session_id: id });
  const available = availableCapacity(row);
  if (row.soldOut || available === 0) {
    throw reserveError("event_session_sold_out", "Tickets have sold out for this session.", {
      event_session_id: id,
      start_datetime: row.startDatetime.toISOString(),
      available: 0,
    });
  }
  throw reserveError(
    "session_capacity_exceeded",
    `Only ${available} ticket${available === 1 ? " is" : "s are"} available for this session.`,
    { event_session_id: id, start_datetime: row.startDatetime.toISOString(), available },
  );
}

async function takeGroup(tx: Tx, id: string, n: number): Promise<void> {
  const col = s.ticketGroup;
  const taken = await tx
    .update(col)
    .set({ usedCapacity: sql`${col.usedCapacity} + ${n}` })
    .where(
      and(
        eq(col.id, id),
        sql`(${col.capacity} < 0 or ${col.usedCapacity} + ${n} <= ${col.capacity} + ${col.oversellCapacity})`,
      ),
    )
    .returning({ id: col.id });
  if (taken.length) return;
  const [row] = await tx.select().from(col).where(eq(col.id, id));
  const available = row ? availableCapacity(row) : 0;
  if (available === 0) {
    throw reserveError("ticket_group_sold_out", "Tickets have sold out.", {
      ticket_group_id: id,
      available: 0,
    });
  }
  throw reserveError(
    "ticket_group_capacity_exceeded",
    `Only ${available} ticket${available === 1 ? " is" : "s are"} available.`,
    { ticket_group_id: id, available },
  );
}

/**
 * Applies net changes: sessions sorted by id, then groups sorted by id. A positive change takes
 * places (conditional UPDATE, 409 when they do not fit); a negative one gives them back.
 */
export async function applyCapacityDeltas(tx: Tx, sessions: Deltas, groups: Deltas): Promise<void> {
  for (const [id, n] of sortedEntries(sessions)) {
    if (n > 0) await takeSession(tx, id, n);
    else
      await tx
        .update(s.eventSession)
        .set({ usedCapacity: sql`${s.eventSession.usedCapacity} + ${n}` })
        .where(eq(s.eventSession.id, id));
  }
  for (const [id, n] of sortedEntries(groups)) {
    if (n > 0) await takeGroup(tx, id, n);
    else
      await tx
        .update(s.ticketGroup)
        .set({ usedCapacity: sql`${s.ticketGroup.usedCapacity} + ${n}` })
        .where(eq(s.ticketGroup.id, id));
  }
}

/** The counter changes that giving back `tickets` makes (negative deltas). */
export function releaseDeltas(
  tickets: readonly { eventSessionId: string | null; countsAgainstSession: boolean; ticketGroupId: string }[],
  sessions: Deltas = new Map(),
  groups: Deltas = new Map(),
): { sessions: Deltas; groups: Deltas } {
  for (const t of tickets) {
    if (t.eventSessionId && t.countsAgainstSession) addDelta(sessions, t.eventSessionId, -1);
    addDelta(groups, t.ticketGroupId, -1);
  }
  return { sessions, groups };
}
