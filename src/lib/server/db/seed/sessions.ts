/**
 * The demo's places taken in generated sessions (the sessions themselves come from the
 * catalogue's schedules, domain/schedule/sessions.ts).
 */
import type { eventSession } from "../schema.ts";
import { dayjs, localDates, randomFor } from "./helpers.ts";

export type SessionRow = typeof eventSession.$inferInsert;

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
