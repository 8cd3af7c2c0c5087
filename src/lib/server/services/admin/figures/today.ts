/**
 * The back office's Today page: for one venue-local date (default: the venue's today at `now`)
 * - each event's sessions that day with capacity, held, sold, checked in and closed
 *   (session-counts.ts says what each number counts);
 * - sales and visits by hour: the completed orders' totals by the venue-local hour they were made,
 *   and the sold tickets by the local hour their session starts. Hours are wall-clock hours 0-23,
 *   so on the night the clocks go back the repeated hour's orders share one bucket;
 * - the week ahead: the seven days after the date, each with its sessions, capacity (of the
 *   sessions with a limit; the unlimited ones are counted apart), sold and held.
 * Retired sessions (no longer in the catalogue) show only when they still have tickets.
 */
import { and, eq, gte, lt } from "drizzle-orm";
import { z } from "zod";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { addDays, isValidDate, localDate, localDateRange, zonedParts } from "../../../../domain/calendar.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { type CountedSession, countedSessions } from "./session-counts.ts";

export const localDateSchema = z.string().refine(isValidDate, "A date is written YYYY-MM-DD.");

export const todayFiguresInput = z.object({ date: localDateSchema.optional() }).strict();
export type TodayFiguresInput = z.input<typeof todayFiguresInput>;

export interface SessionFigures {
  sessionId: string;
  /** ISO instant, and the venue-local HH:mm. */
  start: string;
  localTime: string;
  /** -1 is unlimited. */
  capacity: number;
  /**
   * The places taken as the reserve counts them (event_session.used_capacity). It equals held plus
   * sold, except where places were taken without tickets (the demo's invented load).
   */
  used: number;
  held: number;
  sold: number;
  checkedIn: number;
  closed: boolean;
  retired: boolean;
}

export interface EventDayFigures {
  eventTemplateId: string;
  eventName: string;
  sessions: SessionFigures[];
}

export interface HourFigures {
  /** Venue-local hour, 0-23. */
  hour: number;
  orders: number;
  /** Sum of the orders' totals, minor units. */
  sales: number;
  /** Sold tickets of sessions starting in this hour. */
  visits: number;
}

export interface DayAhead {
  date: string;
  sessions: number;
  /** Sum of the capacities of the sessions with a limit. */
  capacity: number;
  unlimitedSessions: number;
  closedSessions: number;
  /** Places taken (used capacity; see SessionFigures.used). */
  used: number;
  sold: number;
  held: number;
}

export interface TodayFigures {
  date: string;
  timezone: string;
  currency: string;
  events: EventDayFigures[];
  hours: HourFigures[];
  weekAhead: DayAhead[];
}

const WEEK_AHEAD_DAYS = 7;

const shown = (row: CountedSession) => !row.retired || row.held + row.sold > 0;

function byEvent(rows: readonly CountedSession[], timeZone: string): EventDayFigures[] {
  const events = new Map<string, EventDayFigures>();
  for (const r of rows) {
    const event = events.get(r.eventTemplateId) ?? {
      eventTemplateId: r.eventTemplateId,
      eventName: r.eventName,
      sessions: [],
    };
    event.sessions.push({
      sessionId: r.id,
      start: r.start.toISOString(),
      localTime: zonedParts(r.start, timeZone).time,
      capacity: r.capacity,
      used: r.usedCapacity,
      held: r.held,
      sold: r.sold,
      checkedIn: r.checkedIn,
      closed: r.closed,
      retired: r.retired,
    });
    events.set(r.eventTemplateId, event);
  }
  return [...events.values()].sort((a, b) => a.eventName.localeCompare(b.eventName));
}

function weekAhead(rows: readonly CountedSession[], firstDay: string, timeZone: string): DayAhead[] {
  const days = new Map<string, DayAhead>();
  for (let i = 0; i < WEEK_AHEAD_DAYS; i++) {
    const date = addDays(firstDay, i);
    days.set(date, {
      date,
      sessions: 0,
      capacity: 0,
      unlimitedSessions: 0,
      closedSessions: 0,
      used: 0,
      sold: 0,
      held: 0,
    });
  }
  for (const r of rows) {
    const day = days.get(localDate(r.start, timeZone));
    if (!day) continue;
    day.sessions += 1;
    if (r.capacity < 0) day.unlimitedSessions += 1;
    else day.capacity += r.capacity;
    if (r.closed) day.closedSessions += 1;
    day.used += r.usedCapacity;
    day.sold += r.sold;
    day.held += r.held;
  }
  return [...days.values()];
}

/** The day's figures (see the file comment). Roles: figures.read. */
export async function todayFigures(
  db: Executor,
  actor: StaffActor,
  input: TodayFiguresInput,
  now: Date,
): Promise<TodayFigures> {
  assertAllowed(actor, "figures.read");
  const { date: asked } = parseInput(todayFiguresInput, input);
  const seller = await actorSeller(db, actor);
  const timeZone = seller.timezone;
  const date = asked ?? localDate(now, timeZone);
  const day = localDateRange(date, date, timeZone);
  const ahead = localDateRange(addDays(date, 1), addDays(date, WEEK_AHEAD_DAYS), timeZone);

  const [sessions, nextSessions, orders] = await Promise.all([
    countedSessions(db, seller.id, day.start, day.end),
    countedSessions(db, seller.id, ahead.start, ahead.end),
    db
      .select({ createdAt: s.ticketOrder.createdAt, total: s.ticketOrder.total })
      .from(s.ticketOrder)
      .where(
        and(
          eq(s.ticketOrder.sellerId, seller.id),
          eq(s.ticketOrder.state, "completed"),
          gte(s.ticketOrder.createdAt, day.start),
          lt(s.ticketOrder.createdAt, day.end),
        ),
      ),
  ]);
  const todays = sessions.filter(shown);
  const hours: HourFigures[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    orders: 0,
    sales: 0,
    visits: 0,
  }));
  for (const o of orders) {
    const bucket = hours[zonedParts(o.createdAt, timeZone).hour];
    if (!bucket) continue;
    bucket.orders += 1;
    bucket.sales += o.total;
  }
  for (const r of todays) {
    const bucket = hours[zonedParts(r.start, timeZone).hour];
    if (bucket) bucket.visits += r.sold;
  }
  return {
    date,
    timezone: timeZone,
    currency: seller.currencyCode,
    events: byEvent(todays, timeZone),
    hours,
    weekAhead: weekAhead(nextSessions.filter(shown), addDays(date, 1), timeZone),
  };
}
