/**
 * The sessions a schedule plans over a rolling horizon: pure, so the demo seed, the catalogue's
 * check and the server's top-up all plan the same sessions with the same ids.
 *
 * Decisions the schedule format leaves open:
 * - The horizon is the venue-local date of `today` and the following dates, `horizonDays` in
 *   all; every session of those dates is planned, including today's earlier ones (the server
 *   keeps what already exists, so a past session is never created twice).
 * - The season (`from`/`until`), `days` and `closed` bound the opening hours only. A one-off
 *   performance names its own date, so it runs even outside the season, on a weekday without
 *   opening hours, or on a closed date (the explicit performance wins).
 * - An exception with `hours` opens its date with those hours even on a weekday not in `days`
 *   (but not on a `closed` date or outside the season); an exception with only a capacity or a
 *   tier changes the sessions the date has, and adds none.
 * - Price tier: the performance's own, else the date exception's, else a `tier_dates` range's
 *   (the first that holds the date), else the weekday's, else the schedule's (a season's tier),
 *   else none. A range written MM-DD holds that stretch of every year; from after until (12-20
 *   to 01-04) wraps the new year.
 *   Capacity likewise (performance, exception, schedule); duration: the performance's, else the
 *   schedule's.
 * - A performance at the time of an opening-hours slot of the same schedule replaces that slot.
 * - Local times that do not exist (skipped when clocks go forward) plan no session: a session
 *   named 02:30 that starts at 03:30 would mislead; a time that occurs twice (clocks go back)
 *   takes its first occurrence.
 */

import type { Schedule, ScheduleHours, TierDates, Weekday } from "../../catalogue/schema/schedule.ts";
import { addDays, localDate } from "../calendar.ts";
import { localInstant, MINUTE, minutesOf, timeOf } from "./local-time.ts";

export interface PlannedSession {
  /** `{event}-{YYYYMMDD}-{HHmm}` of the local date and time: stable, so regenerating never duplicates. */
  id: string;
  eventId: string;
  start: Date;
  end: Date;
  capacity: number;
  priceTier: string | null;
}

const WEEKDAY_NAMES: readonly Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** The id of a session: its event, local date and local start time. */
export function plannedSessionId(eventId: string, date: string, time: string): string {
  return `${eventId}-${date.replaceAll("-", "")}-${time.replace(":", "")}`;
}

/** The weekday of a YYYY-MM-DD date (a calendar fact, the same in every zone). */
function weekdayOf(date: string): Weekday {
  return WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? "sun";
}

/** Start times from `first` to `last`, both included, every `every` minutes. */
export function slotTimes(hours: ScheduleHours): string[] {
  const out: string[] = [];
  for (let m = minutesOf(hours.first); m <= minutesOf(hours.last); m += hours.every) out.push(timeOf(m));
  return out;
}

/** The venue-local dates of the horizon: `today`'s local date and the following ones. */
export function horizonDates(today: Date, timeZone: string, horizonDays: number): string[] {
  const first = localDate(today, timeZone);
  return Array.from({ length: Math.max(0, horizonDays) }, (_, i) => addDays(first, i));
}

/** Whether a tier range holds a date: YYYY-MM-DD ranges once, MM-DD ranges every year. */
export function tierDatesHold(range: TierDates, date: string): boolean {
  if (range.from.length === 10) return date >= range.from && date <= range.until;
  const md = date.slice(5);
  return range.from <= range.until
    ? md >= range.from && md <= range.until
    : md >= range.from || md <= range.until;
}

/** The price tier of a date that no performance or exception names. */
function dateTier(schedule: Schedule, date: string): string | null {
  return (
    schedule.tier_dates?.find((r) => tierDatesHold(r, date))?.price_tier ??
    schedule.weekday_tiers?.[weekdayOf(date)] ??
    schedule.price_tier ??
    null
  );
}

interface DatedSlot {
  date: string;
  time: string;
  capacity: number;
  duration: number;
  priceTier: string | null;
}

function openingSlots(schedule: Schedule, date: string): DatedSlot[] {
  if (schedule.from && date < schedule.from) return [];
  if (schedule.until && date > schedule.until) return [];
  if (schedule.closed?.includes(date)) return [];
  const exception = schedule.exceptions?.find((e) => e.date === date);
  if (exception?.closed) return [];
  const weekday = weekdayOf(date);
  const openWeekday = schedule.days === undefined || schedule.days.includes(weekday);
  const hours = exception?.hours ?? (openWeekday ? schedule.hours : undefined);
  if (!hours) return [];
  const priceTier = exception?.price_tier ?? dateTier(schedule, date);
  const capacity = exception?.capacity ?? schedule.capacity;
  return slotTimes(hours).map((time) => ({ date, time, capacity, duration: schedule.duration, priceTier }));
}

function performanceSlots(schedule: Schedule, dates: ReadonlySet<string>): DatedSlot[] {
  return (schedule.performances ?? [])
    .filter((p) => dates.has(p.date))
    .map((p) => {
      const exception = schedule.exceptions?.find((e) => e.date === p.date);
      return {
        date: p.date,
        time: p.time,
        capacity: p.capacity ?? exception?.capacity ?? schedule.capacity,
        duration: p.duration ?? schedule.duration,
        priceTier: p.price_tier ?? exception?.price_tier ?? dateTier(schedule, p.date),
      };
    });
}

function byStartThenId(a: PlannedSession, b: PlannedSession): number {
  return a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id);
}

/** The sessions one schedule plans over the horizon, sorted by start. */
export function generateSessions(
  schedule: Schedule,
  timeZone: string,
  today: Date,
  horizonDays: number,
): PlannedSession[] {
  const dates = horizonDates(today, timeZone, horizonDays);
  const slots = new Map<string, DatedSlot>();
  for (const date of dates) {
    for (const slot of openingSlots(schedule, date)) slots.set(`${slot.date} ${slot.time}`, slot);
  }
  // After the opening hours, so a performance at a slot's time replaces that slot.
  for (const slot of performanceSlots(schedule, new Set(dates))) slots.set(`${slot.date} ${slot.time}`, slot);

  const sessions: PlannedSession[] = [];
  for (const slot of slots.values()) {
    const start = localInstant(slot.date, slot.time, timeZone);
    if (!start) continue;
    sessions.push({
      id: plannedSessionId(schedule.event, slot.date, slot.time),
      eventId: schedule.event,
      start,
      end: new Date(start.getTime() + slot.duration * MINUTE),
      capacity: slot.capacity,
      priceTier: slot.priceTier,
    });
  }
  return sessions.sort(byStartThenId);
}

/**
 * The sessions of all a tenant's schedules over the horizon, sorted by start. Where two schedules
 * of one event plan the same session (a problem `scheduleOverlaps` reports), the first listed wins.
 */
export function generateTenantSessions(
  schedules: readonly Schedule[],
  timeZone: string,
  today: Date,
  horizonDays: number,
): PlannedSession[] {
  const byId = new Map<string, PlannedSession>();
  for (const schedule of schedules) {
    for (const session of generateSessions(schedule, timeZone, today, horizonDays)) {
      if (!byId.has(session.id)) byId.set(session.id, session);
    }
  }
  return [...byId.values()].sort(byStartThenId);
}

/**
 * Two schedules of one event that start a session at the same local date and time, over the
 * horizon: one message each, naming the event, the date and the time.
 */
export function scheduleOverlaps(
  schedules: readonly Schedule[],
  timeZone: string,
  today: Date,
  horizonDays: number,
): string[] {
  const firstSchedule = new Map<string, number>();
  const messages: string[] = [];
  schedules.forEach((schedule, index) => {
    for (const session of generateSessions(schedule, timeZone, today, horizonDays)) {
      const earlier = firstSchedule.get(session.id);
      if (earlier === undefined) {
        firstSchedule.set(session.id, index);
        continue;
      }
      if (earlier === index) continue;
      const date = localDate(session.start, timeZone);
      const time = session.id.slice(-4);
      messages.push(
        `Event "${schedule.event}": schedules ${earlier + 1} and ${index + 1} both start a session on ${date} at ${time.slice(0, 2)}:${time.slice(2)}.`,
      );
    }
  });
  return messages;
}
