/**
 * Session generation. Each repeating event has a plan: which local times it runs on which local
 * dates, for how many days ahead. The same plans drive the first seed and the later top-up
 * (refreshDemoSessions), so ids are stable: {event}-{YYYYMMDD}-{HHmm}.
 */
import type { eventSession } from "../schema.ts";
import { dayjs, localDates, localInstant, randomFor } from "./helpers.ts";

export type SessionRow = typeof eventSession.$inferInsert;

export interface PlanDay {
  /** YYYY-MM-DD in the venue's time zone */
  date: string;
  /** days from today (0 = today) */
  offset: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

export interface SessionPlan {
  sellerId: string;
  eventTemplateId: string;
  timezone: string;
  /** Sessions are kept for today and the following days, `days` in all. */
  days: number;
  capacity: number;
  durationMinutes: number;
  /** Local start times ("HH:mm") on a day; empty when closed. */
  times(day: PlanDay): string[];
  priceTier?(day: PlanDay): string | null;
}

export function sessionId(eventTemplateId: string, date: string, time: string): string {
  return `${eventTemplateId}-${date.replaceAll("-", "")}-${time.replace(":", "")}`;
}

/** The sessions of a plan from `now`'s local date, skipping dates in `skipDates`. */
export function buildSessions(plan: SessionPlan, now: Date, skipDates?: ReadonlySet<string>): SessionRow[] {
  const rows: SessionRow[] = [];
  for (const day of localDates(now, plan.timezone, plan.days)) {
    if (skipDates?.has(day.date)) continue;
    const tier = plan.priceTier?.(day) ?? null;
    for (const time of plan.times(day)) {
      const start = localInstant(day.date, time, plan.timezone);
      rows.push({
        id: sessionId(plan.eventTemplateId, day.date, time),
        sellerId: plan.sellerId,
        eventTemplateId: plan.eventTemplateId,
        startDatetime: start,
        endDatetime: new Date(start.getTime() + plan.durationMinutes * 60_000),
        capacity: plan.capacity,
        usedCapacity: 0,
        oversellCapacity: 0,
        soldOut: false,
        priceTier: tier,
      });
    }
  }
  return rows;
}

export interface DemoLoadOptions {
  timezone: string;
  now: Date;
  /** Fraction of capacity at most taken on the first two weeks' sessions (0 for none). */
  maxLoad: number;
  /** Sell out two sessions and nearly fill two more on each day of the first week. */
  firstWeekPatterns: boolean;
  /** Sell out every session on the Saturday of the second week (days 7 to 13). */
  fullSecondWeekSaturday: boolean;
}

/** Nearly full: fewer than 10 places left (the spec's 'Hurry, less than 10 tickets available.'). */
const nearlyFullLeft = (k: number) => 2 + (k % 6);

/**
 * Deterministic demo bookings on generated sessions: a light random load (hashed from the session
 * id), plus, on each open day of the first week (k = 0, 1, ... counting open days), two sold-out
 * sessions at slot indexes (1+3k) and (10+3k) and two nearly full ones at (4+3k) and (7+3k),
 * all mod the day's slot count. Days with fewer than 11 slots get no patterns.
 */
export function applyDemoLoad(rows: SessionRow[], options: DemoLoadOptions): SessionRow[] {
  const byDate = new Map<string, SessionRow[]>();
  for (const row of rows) {
    const date = dayjs(row.startDatetime).tz(options.timezone).format("YYYY-MM-DD");
    const list = byDate.get(date) ?? [];
    list.push(row);
    byDate.set(date, list);
  }
  const offsets = new Map(localDates(options.now, options.timezone, 14).map((d) => [d.date, d]));
  let openDayIndex = 0;
  for (const [date, list] of [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const day = offsets.get(date);
    if (!day) continue;
    list.sort((a, b) => a.startDatetime.getTime() - b.startDatetime.getTime());
    for (const row of list) {
      const capacity = row.capacity ?? -1;
      if (capacity > 0) row.usedCapacity = Math.floor(randomFor(row.id) * options.maxLoad * capacity);
    }
    if (options.fullSecondWeekSaturday && day.offset >= 7 && day.weekday === 6) {
      for (const row of list) row.usedCapacity = row.capacity ?? 0;
    }
    if (options.firstWeekPatterns && day.offset < 7 && list.length >= 11) {
      const k = openDayIndex;
      const n = list.length;
      for (const i of [1 + 3 * k, 10 + 3 * k]) {
        const row = list[i % n];
        if (row) row.usedCapacity = row.capacity ?? 0;
      }
      for (const i of [4 + 3 * k, 7 + 3 * k]) {
        const row = list[i % n];
        if (row) row.usedCapacity = Math.max(0, (row.capacity ?? 0) - nearlyFullLeft(k));
      }
    }
    if (day.offset < 7) openDayIndex++;
  }
  return rows;
}
