/**
 * Venue-local wall-clock time to instants, with the time zone rules from Intl (no date library):
 * the generator must place "10:00 on 2026-03-08 in New York" on the right UTC minute across DST.
 */
import { zonedParts } from "../calendar.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a local date and time ("YYYY-MM-DD", "HH:mm") in a time zone. A time that
 * occurs twice (the hour repeated when clocks go back) gives its first occurrence; a time that
 * does not exist (the hour skipped when clocks go forward) gives null.
 */
export function localInstant(date: string, time: string, timeZone: string): Date | null {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) return null;
  // The offsets a day either side cover both sides of any change near this wall time.
  const offsets = new Set([
    offsetAt(wall - DAY, timeZone),
    offsetAt(wall + DAY, timeZone),
    offsetAt(wall, timeZone),
  ]);
  const matches: number[] = [];
  for (const offset of offsets) {
    const candidate = wall - offset;
    const p = zonedParts(new Date(candidate), timeZone);
    if (p.date === date && p.time === time) matches.push(candidate);
  }
  if (matches.length === 0) return null;
  return new Date(Math.min(...matches));
}

/** "HH:mm" to minutes after midnight. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes after midnight to "HH:mm". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export { MINUTE };
