/**
 * How a catalogue file describes when an event runs: a schedule, never a list of sessions.
 * Sessions are generated from it over a rolling horizon (schedule.ts). One schedule belongs to one
 * event; an event may have several (a summer and a winter season, for example), and their
 * sessions must not start at the same minute.
 *
 * - Opening days and hours: `days` (weekdays the venue is open) and `hours` (the first and last
 *   start time and the slot interval), with a capacity per session.
 * - Seasonal ranges: `from` and `until` (dates, both included) bound the schedule.
 * - Closed days: `closed` (dates with no session at all).
 * - Date exceptions: `exceptions` give one date other hours, another capacity or another price
 *   tier (or close it, with `closed: true`).
 * - Price tiers by date: `tier_dates` give a range of dates its price tier (school holidays are
 *   "peak"); written as MM-DD the range comes back every year.
 * - One-off performances: `performances`, each a local date and time with its own capacity.
 *
 * Times are the venue's local wall-clock time ("HH:mm"), dates are "YYYY-MM-DD" in the venue's
 * time zone; the tenant file gives the zone.
 */
import { z } from "zod";

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Write a date as YYYY-MM-DD, for example 2026-12-24.")
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: "This date does not exist.",
    },
  );

const localTime = z
  .string()
  .regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    "Write a time as HH:mm on a 24-hour clock, for example 09:30 or 16:00.",
  );

const capacity = z
  .number()
  .int("A capacity is a whole number of places.")
  .min(1, "A capacity is at least 1 place.")
  .max(1_000_000, "A capacity is at most 1,000,000 places.");

/** Start times from `first` to `last` (both included), one every `every` minutes. */
export const hoursSchema = z
  .object({
    first: localTime,
    last: localTime,
    every: z
      .number()
      .int("The slot interval is a whole number of minutes.")
      .min(5, "Slots are at least 5 minutes apart.")
      .max(1440, "Slots are at most a day apart."),
  })
  .strict()
  .refine((h) => h.first <= h.last, {
    message: "The last start time must not be before the first.",
    path: ["last"],
  });

export const exceptionSchema = z
  .object({
    date: localDate,
    /** No session on this date. */
    closed: z.boolean().optional(),
    hours: hoursSchema.optional(),
    capacity: capacity.optional(),
    /** A price tier of the ticket types (their `tiers`), e.g. "holiday". */
    price_tier: z.string().min(1).max(40).optional(),
  })
  .strict()
  .refine((e) => !(e.closed && (e.hours || e.capacity || e.price_tier)), {
    message: "A closed date has no hours, capacity or price tier.",
  });

/** A date (2026-12-20), or a day of every year (12-20). */
const yearlyDate = z
  .string()
  .regex(
    /^(\d{4}-)?\d{2}-\d{2}$/,
    "Write a date as YYYY-MM-DD, or MM-DD for the same day every year, for example 12-20.",
  )
  .refine(
    (d) => {
      const full = d.length === 5 ? `2028-${d}` : d;
      return (
        !Number.isNaN(Date.parse(`${full}T00:00:00Z`)) &&
        new Date(`${full}T00:00:00Z`).toISOString().startsWith(full)
      );
    },
    { message: "This date does not exist." },
  );

export const tierDatesSchema = z
  .object({
    /** First and last day, both included; MM-DD every year (12-20 to 01-04 spans the new year). */
    from: yearlyDate,
    until: yearlyDate,
    price_tier: z.string().min(1).max(40),
  })
  .strict()
  .refine((t) => (t.from.length === 5) === (t.until.length === 5), {
    message: "Write both dates as MM-DD (every year) or both as YYYY-MM-DD.",
    path: ["until"],
  })
  .refine((t) => t.from.length === 5 || t.from <= t.until, {
    message: "The range ends before it starts.",
    path: ["until"],
  });

export const performanceSchema = z
  .object({
    date: localDate,
    time: localTime,
    capacity: capacity.optional(),
    /** Minutes; the schedule's duration when not given. */
    duration: z.number().int().min(1).max(1440).optional(),
    price_tier: z.string().min(1).max(40).optional(),
  })
  .strict();

export const scheduleSchema = z
  .object({
    /** The event's id in the catalogue. */
    event: z.string().min(1).max(100),
    /** Places per session (the exceptions and performances may say otherwise). */
    capacity,
    /** Minutes a session lasts. */
    duration: z.number().int().min(1, "A session lasts at least a minute.").max(1440),
    /** Weekdays with sessions; every day when not given. */
    days: z.array(z.enum(WEEKDAYS)).min(1).optional(),
    hours: hoursSchema.optional(),
    /** The season's first and last dates (both included); open-ended when not given. */
    from: localDate.optional(),
    until: localDate.optional(),
    closed: z.array(localDate).optional(),
    exceptions: z.array(exceptionSchema).optional(),
    /**
     * The season's price tier (its ticket types' `tiers`), e.g. "peak" for a school-holiday
     * schedule; a weekday's tier, a date exception's and a performance's come before it.
     */
    price_tier: z.string().min(1).max(40).optional(),
    /** Price tiers of date ranges, such as school holidays; before a weekday's tier. */
    tier_dates: z.array(tierDatesSchema).optional(),
    /** A price tier per weekday, e.g. { sat: "saturday" }. */
    weekday_tiers: z.partialRecord(z.enum(WEEKDAYS), z.string().min(1).max(40)).optional(),
    performances: z.array(performanceSchema).optional(),
  })
  .strict()
  .refine((s) => s.hours !== undefined || (s.performances?.length ?? 0) > 0, {
    message: "A schedule needs opening hours, one-off performances, or both.",
  })
  .refine((s) => new Set((s.exceptions ?? []).map((e) => e.date)).size === (s.exceptions ?? []).length, {
    message: "A date has one exception at most: merge the two into one.",
    path: ["exceptions"],
  })
  .refine((s) => !(s.from && s.until && s.from > s.until), {
    message: "The season ends before it starts.",
    path: ["until"],
  });

export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleHours = z.infer<typeof hoursSchema>;
export type ScheduleException = z.infer<typeof exceptionSchema>;
export type Performance = z.infer<typeof performanceSchema>;
export type TierDates = z.infer<typeof tierDatesSchema>;
