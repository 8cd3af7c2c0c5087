/**
 * Harbour Museum's and Riverside Zoo's session plans (seed/harbour-museum.ts, seed/riverside-zoo.ts)
 * written as catalogue schedules, to show the generator plans what the seed plans.
 */
import type { Schedule, ScheduleException } from "../../../src/lib/catalogue/schema/schedule.ts";

const EVERY_DAY_BUT_MONDAY = ["sun", "tue", "wed", "thu", "fri", "sat"] as const;

export const HARBOUR_TZ = "America/New_York";
export const ZOO_TZ = "Europe/London";

/** Each schedule with the horizon (days) its seed plan keeps. */
export const harbourSchedules: { schedule: Schedule; days: number }[] = [
  {
    days: 90,
    schedule: {
      event: "hm-general-admission",
      capacity: 60,
      duration: 30,
      days: [...EVERY_DAY_BUT_MONDAY],
      hours: { first: "10:00", last: "16:30", every: 30 },
      weekday_tiers: { sat: "saturday" },
    },
  },
  {
    days: 90,
    schedule: {
      event: "hm-special-exhibition",
      capacity: 30,
      duration: 60,
      days: [...EVERY_DAY_BUT_MONDAY],
      hours: { first: "11:00", last: "16:00", every: 60 },
    },
  },
  {
    days: 56,
    schedule: {
      event: "hm-evening-concert",
      capacity: 156,
      duration: 120,
      days: ["fri", "sat"],
      hours: { first: "19:30", last: "19:30", every: 1440 },
    },
  },
  {
    days: 28,
    schedule: {
      event: "hm-members-preview",
      capacity: 50,
      duration: 120,
      days: ["thu"],
      hours: { first: "18:00", last: "18:00", every: 1440 },
    },
  },
  {
    days: 42,
    schedule: {
      event: "hm-hidden-event",
      capacity: 12,
      duration: 90,
      days: ["wed"],
      hours: { first: "15:00", last: "15:00", every: 1440 },
    },
  },
];

/** The zoo's school-holiday ranges (MM-DD, both included), as in seed/riverside-zoo.ts. */
const ZOO_HOLIDAYS: [string, string][] = [
  ["01-01", "01-04"],
  ["02-14", "02-22"],
  ["03-28", "04-12"],
  ["05-23", "05-31"],
  ["07-20", "09-02"],
  ["10-24", "11-01"],
  ["12-20", "12-31"],
];

/** A schedule names dates, not yearly ranges: the holidays of the given years, one exception a date. */
function peakExceptions(years: number[]): ScheduleException[] {
  const out: ScheduleException[] = [];
  for (const year of years) {
    for (const [from, to] of ZOO_HOLIDAYS) {
      const end = Date.parse(`${year}-${to}T00:00:00Z`);
      for (let t = Date.parse(`${year}-${from}T00:00:00Z`); t <= end; t += 86_400_000) {
        out.push({ date: new Date(t).toISOString().slice(0, 10), price_tier: "peak" });
      }
    }
  }
  return out;
}

export function zooSchedules(years: number[]): { schedule: Schedule; days: number }[] {
  return [
    {
      days: 90,
      schedule: {
        event: "rz-day-admission",
        capacity: 150,
        duration: 30,
        hours: { first: "09:30", last: "16:00", every: 30 },
        weekday_tiers: {
          sun: "peak",
          mon: "off_peak",
          tue: "off_peak",
          wed: "off_peak",
          thu: "off_peak",
          fri: "off_peak",
          sat: "peak",
        },
        exceptions: peakExceptions(years),
      },
    },
    {
      days: 90,
      schedule: {
        event: "rz-keeper-talk",
        capacity: 40,
        duration: 30,
        hours: { first: "11:00", last: "14:00", every: 180 },
      },
    },
    {
      days: 90,
      schedule: {
        event: "rz-keeper-day",
        capacity: 12,
        duration: 390,
        days: ["sat", "sun"],
        hours: { first: "09:30", last: "09:30", every: 1440 },
      },
    },
  ];
}
