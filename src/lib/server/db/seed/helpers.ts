/**
 * Small helpers shared by the demo seed: time zone aware dates, a seeded PRNG (the seed never
 * uses Math.random, so every run with the same `now` gives the same rows) and batched inserts.
 */
import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Rows per multi-row INSERT: PGlite runs about 1,000 statements a second, so batch. */
export { BATCH_SIZE, insertBatched } from "../insert-batched.ts";
export { type Dayjs, dayjs };

/** FNV-1a hash of a string, used to seed the PRNG per row so results do not depend on order. */
export function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic float in [0, 1) for a key. */
export function randomFor(key: string): number {
  return prng(hashString(key))();
}

/** Midnight of `now`'s calendar day in the time zone. */
export function localToday(now: Date, tz: string): Dayjs {
  return dayjs(now).tz(tz).startOf("day");
}

/** A local wall-clock time ("HH:mm") on a local date, as a UTC instant. */
export function localInstant(date: string, time: string, tz: string): Date {
  return dayjs.tz(`${date} ${time}`, "YYYY-MM-DD HH:mm", tz).toDate();
}

/** Calendar date string (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(instant: Date, tz: string): string {
  return dayjs(instant).tz(tz).format("YYYY-MM-DD");
}

/** The local dates from today (offset 0) for `days` days. */
export function localDates(
  now: Date,
  tz: string,
  days: number,
): { date: string; offset: number; weekday: number }[] {
  const start = localToday(now, tz);
  const out: { date: string; offset: number; weekday: number }[] = [];
  // Step on a plain UTC calendar so DST changes never skip or repeat a date.
  const base = dayjs.utc(start.format("YYYY-MM-DD"));
  for (let offset = 0; offset < days; offset++) {
    const d = base.add(offset, "day");
    out.push({ date: d.format("YYYY-MM-DD"), offset, weekday: d.day() });
  }
  return out;
}

/** "HH:mm" times from `from` to `to` inclusive every `stepMinutes`. */
export function timeSlots(from: string, to: string, stepMinutes: number): string[] {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const out: string[] = [];
  for (let m = toMinutes(from); m <= toMinutes(to); m += stepMinutes) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  return out;
}

/** Days from now as a Date (for code validity windows). */
export function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}
