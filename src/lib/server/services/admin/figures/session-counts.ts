/**
 * The sessions of a venue-local period with their tickets counted, for the day's figures and the
 * week ahead. A session's numbers count the tickets that take a place of its capacity
 * (ticket.counts_against_session):
 * - held: tickets in state `held` (in a cart, not yet bought);
 * - sold: tickets in state `booked` or `redeemed` (a redeemed ticket was sold, then scanned);
 * - checked in: tickets in state `redeemed`. The ticket's state is the fact; the session's
 *   redeemed_count is a counter kept beside it for API clients, so the figures count the tickets.
 * - closed: the session's sold_out flag (closed by staff, whatever its capacity).
 * The session's used_capacity (the places the reserve counts as taken) is given beside them: it
 * equals held plus sold, except where places were taken without tickets (the demo seed's invented
 * load on its sessions).
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";

export interface CountedSession {
  id: string;
  eventTemplateId: string;
  eventName: string;
  start: Date;
  end: Date;
  /** -1 is unlimited. */
  capacity: number;
  usedCapacity: number;
  closed: boolean;
  retired: boolean;
  held: number;
  sold: number;
  checkedIn: number;
}

export interface TicketCounts {
  held: number;
  sold: number;
  checkedIn: number;
}

/** The counted tickets of some sessions, by session id (sessions without tickets are absent). */
export async function ticketCountsOf(
  db: Executor,
  sellerId: string,
  sessionIds: readonly string[],
): Promise<Map<string, TicketCounts>> {
  const out = new Map<string, TicketCounts>();
  if (!sessionIds.length) return out;
  const rows = await db
    .select({
      sessionId: s.ticket.eventSessionId,
      held: sql<number>`count(*) filter (where ${s.ticket.state} = 'held')::int`,
      sold: sql<number>`count(*) filter (where ${s.ticket.state} in ('booked', 'redeemed'))::int`,
      checkedIn: sql<number>`count(*) filter (where ${s.ticket.state} = 'redeemed')::int`,
    })
    .from(s.ticket)
    .where(
      and(
        eq(s.ticket.sellerId, sellerId),
        inArray(s.ticket.eventSessionId, [...sessionIds]),
        eq(s.ticket.countsAgainstSession, true),
      ),
    )
    .groupBy(s.ticket.eventSessionId);
  for (const r of rows) {
    if (r.sessionId)
      out.set(r.sessionId, { held: Number(r.held), sold: Number(r.sold), checkedIn: Number(r.checkedIn) });
  }
  return out;
}

/** The seller's sessions starting in [start, end), by start then event name, with their counts. */
export async function countedSessions(
  db: Executor,
  sellerId: string,
  start: Date,
  end: Date,
): Promise<CountedSession[]> {
  const rows = await db
    .select({ session: s.eventSession, eventName: s.eventTemplate.name })
    .from(s.eventSession)
    .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.eventSession.eventTemplateId))
    .where(
      and(
        eq(s.eventSession.sellerId, sellerId),
        gte(s.eventSession.startDatetime, start),
        lt(s.eventSession.startDatetime, end),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventTemplate.name), asc(s.eventSession.id));
  const counts = await ticketCountsOf(
    db,
    sellerId,
    rows.map((r) => r.session.id),
  );
  return rows.map(({ session, eventName }) => {
    const c = counts.get(session.id) ?? { held: 0, sold: 0, checkedIn: 0 };
    return {
      id: session.id,
      eventTemplateId: session.eventTemplateId,
      eventName,
      start: session.startDatetime,
      end: session.endDatetime,
      capacity: session.capacity,
      usedCapacity: session.usedCapacity,
      closed: session.soldOut,
      retired: session.retiredAt !== null,
      ...c,
    };
  });
}
