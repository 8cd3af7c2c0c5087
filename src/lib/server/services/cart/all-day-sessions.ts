/**
 * Spec 1 §9 all-day events in the cart answer: which of the cart's sessions are all day
 * (domain/all-day.ts: a repeating event's only session of its local date, longer than five hours).
 * The cart shows such a session's date with 'All day' rather than its start time, as the reserve
 * screen did; the cart has no list of the date's sessions, so the server says. Only a long session
 * of a repeating event costs a read (the sessions of its event that start on its local date).
 */
import { and, eq, gte, lt } from "drizzle-orm";
import { allDaySession, isLongSession } from "../../../domain/all-day.ts";
import { addDays, localDate, startOfLocalDay } from "../../../domain/calendar.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import type { EventWithVenue } from "./static-rows.ts";
import type { SessionRow } from "./types.ts";

const timed = (r: SessionRow) => ({ id: r.id, start: r.startDatetime, end: r.endDatetime });

/** The ids of `sessions` that are all day; `events` are the cart's events with their venues. */
export async function allDaySessionIds(
  db: Db,
  sessions: readonly SessionRow[],
  events: readonly EventWithVenue[],
): Promise<Set<string>> {
  const byId = new Map(events.map((e) => [e.event.id, e]));
  const ids = new Set<string>();
  for (const session of sessions) {
    const found = byId.get(session.eventTemplateId);
    if (found?.event.eventType !== "repeating" || !isLongSession(timed(session))) continue;
    const zone = found.venue.timezone;
    const date = localDate(session.startDatetime, zone);
    const sameDay = await db
      .select()
      .from(s.eventSession)
      .where(
        and(
          eq(s.eventSession.eventTemplateId, session.eventTemplateId),
          gte(s.eventSession.startDatetime, startOfLocalDay(date, zone)),
          lt(s.eventSession.startDatetime, startOfLocalDay(addDays(date, 1), zone)),
        ),
      );
    if (allDaySession(found.event.eventType, sameDay.map(timed))?.id === session.id) ids.add(session.id);
  }
  return ids;
}
