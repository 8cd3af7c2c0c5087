/**
 * Two schedules of one event must never start a session at the same minute (the session generator
 * relies on it): they overlap when their seasons share a date, their days share a weekday and
 * their hours share a start time. One-off performances are checked the same way against hours and
 * against each other.
 */
import { type Schedule, type ScheduleHours, WEEKDAYS, type Weekday } from "./schema/schedule.ts";

const FAR_PAST = "0000-01-01";
const FAR_FUTURE = "9999-12-31";

function startTimes(h: ScheduleHours): Set<string> {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const out = new Set<string>();
  for (let m = toMin(h.first); m <= toMin(h.last); m += h.every) {
    out.add(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  return out;
}

function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as Weekday;
}

function inSeason(s: Schedule, date: string): boolean {
  return date >= (s.from ?? FAR_PAST) && date <= (s.until ?? FAR_FUTURE) && !s.closed?.includes(date);
}

/** Whether the two schedules share a date in season, a weekday and a start time. */
function hoursOverlap(a: Schedule, b: Schedule): boolean {
  if (!a.hours || !b.hours) return false;
  const from = [a.from ?? FAR_PAST, b.from ?? FAR_PAST].sort()[1] as string;
  const until = [a.until ?? FAR_FUTURE, b.until ?? FAR_FUTURE].sort()[0] as string;
  if (from > until) return false;
  const daysA = new Set(a.days ?? WEEKDAYS);
  if (!(b.days ?? WEEKDAYS).some((d) => daysA.has(d))) return false;
  const timesA = startTimes(a.hours);
  return [...startTimes(b.hours)].some((t) => timesA.has(t));
}

/** A performance of `b` that starts at the same minute as a session of `a`'s hours. */
function performanceClash(a: Schedule, b: Schedule): string | null {
  for (const p of b.performances ?? []) {
    if (a.hours && inSeason(a, p.date) && (a.days ?? WEEKDAYS).includes(weekdayOf(p.date))) {
      if (startTimes(a.hours).has(p.time)) return `${p.date} ${p.time}`;
    }
    if (a !== b && a.performances?.some((q) => q.date === p.date && q.time === p.time))
      return `${p.date} ${p.time}`;
  }
  return null;
}

/** Why schedule `b` collides with the earlier schedule `a` of the same event, or null. */
export function scheduleClash(a: Schedule, b: Schedule): string | null {
  if (hoursOverlap(a, b)) return "their seasons, days and hours overlap";
  const at = performanceClash(a, b) ?? performanceClash(b, a);
  return at ? `both start a session on ${at}` : null;
}
