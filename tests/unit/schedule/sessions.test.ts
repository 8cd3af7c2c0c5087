/**
 * The session generator's rules (src/lib/domain/schedule/sessions.ts), each quoted in its test
 * name, on a fixed clock.
 */
import { describe, expect, it } from "vitest";
import { type Schedule, scheduleSchema } from "../../../src/lib/catalogue/schema/schedule.ts";
import {
  generateSessions,
  generateTenantSessions,
  type PlannedSession,
  scheduleOverlaps,
} from "../../../src/lib/domain/schedule/sessions.ts";

const NY = "America/New_York";
const LONDON = "Europe/London";
const KUWAIT = "Asia/Kuwait";

/** A Monday, 09:00 in New York. */
const MONDAY = new Date("2026-06-01T13:00:00Z");

const schedule = (s: Schedule): Schedule => scheduleSchema.parse(s);
const base: Schedule = {
  event: "tour",
  capacity: 20,
  duration: 45,
  hours: { first: "10:00", last: "11:00", every: 30 },
};

/** "YYYY-MM-DD HH:mm" of each session in the zone. */
function wallTimes(sessions: PlannedSession[], timeZone: string): string[] {
  const f = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  return sessions.map((s) => f.format(s.start));
}

const datesOf = (sessions: PlannedSession[]) => [...new Set(sessions.map((s) => s.id.split("-").at(-2)))];

describe("opening days and hours", () => {
  it("'days and hours (first..last every N minutes), duration, capacity'", () => {
    const s = schedule({ ...base, days: ["mon", "wed"] });
    const sessions = generateSessions(s, NY, MONDAY, 7);
    expect(wallTimes(sessions, NY)).toEqual([
      "2026-06-01 10:00",
      "2026-06-01 10:30",
      "2026-06-01 11:00",
      "2026-06-03 10:00",
      "2026-06-03 10:30",
      "2026-06-03 11:00",
    ]);
    for (const session of sessions) {
      expect(session.end.getTime() - session.start.getTime()).toBe(45 * 60_000);
      expect(session.capacity).toBe(20);
      expect(session.priceTier).toBeNull();
      expect(session.eventId).toBe("tour");
    }
  });

  it("'every day when not given': no days means open all week", () => {
    expect(datesOf(generateSessions(schedule(base), NY, MONDAY, 7))).toHaveLength(7);
  });

  it("'sorted by start': a day's slots and a performance come out in order", () => {
    const s = schedule({ ...base, performances: [{ date: "2026-06-01", time: "08:00" }] });
    const starts = generateSessions(s, NY, MONDAY, 3).map((x) => x.start.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(wallTimes(generateSessions(s, NY, MONDAY, 1), NY)[0]).toBe("2026-06-01 08:00");
  });
});

describe("the horizon", () => {
  it("'today and the following days, horizonDays in all': the last day is included, the next is not", () => {
    const sessions = generateSessions(schedule(base), NY, MONDAY, 3);
    expect(datesOf(sessions)).toEqual(["20260601", "20260602", "20260603"]);
  });

  it("'today' is the venue's local date: 02:00 UTC on 2 June is still 1 June in New York", () => {
    const sessions = generateSessions(schedule(base), NY, new Date("2026-06-02T02:00:00Z"), 1);
    expect(datesOf(sessions)).toEqual(["20260601"]);
    expect(datesOf(generateSessions(schedule(base), LONDON, new Date("2026-06-02T02:00:00Z"), 1))).toEqual([
      "20260602",
    ]);
  });

  it("a horizon of 0 days plans nothing", () => {
    expect(generateSessions(schedule(base), NY, MONDAY, 0)).toEqual([]);
  });
});

describe("seasons, closed dates and exceptions", () => {
  it("'the season from/until (both included)': a three-month season", () => {
    const s = schedule({ ...base, from: "2026-06-15", until: "2026-09-14" });
    const dates = datesOf(generateSessions(s, NY, MONDAY, 150));
    expect(dates[0]).toBe("20260615");
    expect(dates.at(-1)).toBe("20260914");
    expect(dates).toHaveLength(92);
  });

  it("'a season's price tier': every session of the schedule takes it, unless a weekday tier, an exception or a performance names another", () => {
    const s = schedule({
      ...base,
      price_tier: "peak",
      weekday_tiers: { sat: "saturday" },
      exceptions: [{ date: "2026-06-03", price_tier: "holiday" }],
      performances: [{ date: "2026-06-04", time: "18:00", price_tier: "gala" }],
    });
    const tierOn = (date: string) =>
      new Set(
        generateSessions(s, NY, MONDAY, 7)
          .filter((x) => x.id.includes(date))
          .map((x) => x.priceTier),
      );
    expect(tierOn("20260601")).toEqual(new Set(["peak"]));
    expect(tierOn("20260603")).toEqual(new Set(["holiday"]));
    expect(tierOn("20260604")).toEqual(new Set(["peak", "gala"]));
    expect(tierOn("20260606")).toEqual(new Set(["saturday"]));
  });

  it("'a date has one exception at most': two exceptions on one date are refused", () => {
    const parsed = scheduleSchema.safeParse({
      ...base,
      exceptions: [
        { date: "2026-06-02", capacity: 5 },
        { date: "2026-06-02", closed: true },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      "A date has one exception at most: merge the two into one.",
    );
  });

  it("'closed dates': no session at all on a closed date", () => {
    const s = schedule({ ...base, closed: ["2026-06-02"] });
    expect(datesOf(generateSessions(s, NY, MONDAY, 3))).toEqual(["20260601", "20260603"]);
  });

  it("'exceptions: other hours' on one date", () => {
    const s = schedule({
      ...base,
      exceptions: [{ date: "2026-06-02", hours: { first: "14:00", last: "14:00", every: 60 } }],
    });
    expect(
      wallTimes(generateSessions(s, NY, MONDAY, 3), NY).filter((t) => t.startsWith("2026-06-02")),
    ).toEqual(["2026-06-02 14:00"]);
  });

  it("'exceptions: other capacity and tier' on one date, the others unchanged", () => {
    const s = schedule({ ...base, exceptions: [{ date: "2026-06-02", capacity: 5, price_tier: "holiday" }] });
    const sessions = generateSessions(s, NY, MONDAY, 3);
    const on = (d: string) => sessions.filter((x) => x.id.includes(d));
    expect(on("20260602").map((x) => [x.capacity, x.priceTier])).toEqual([
      [5, "holiday"],
      [5, "holiday"],
      [5, "holiday"],
    ]);
    expect(on("20260601").every((x) => x.capacity === 20 && x.priceTier === null)).toBe(true);
  });

  it("'exceptions: closed' closes the date", () => {
    const s = schedule({ ...base, exceptions: [{ date: "2026-06-01", closed: true }] });
    expect(datesOf(generateSessions(s, NY, MONDAY, 2))).toEqual(["20260602"]);
  });

  it("an exception with hours opens a weekday outside 'days'; one with only a tier adds nothing", () => {
    const s = schedule({
      ...base,
      days: ["mon"],
      exceptions: [
        { date: "2026-06-02", hours: { first: "12:00", last: "12:00", every: 60 } },
        { date: "2026-06-03", price_tier: "holiday" },
      ],
    });
    expect(
      wallTimes(generateSessions(s, NY, MONDAY, 3), NY).filter((t) => !t.startsWith("2026-06-01")),
    ).toEqual(["2026-06-02 12:00"]);
  });

  it("'weekday_tiers': a price tier per weekday; a date exception's tier wins", () => {
    const s = schedule({
      ...base,
      weekday_tiers: { mon: "quiet", wed: "busy" },
      exceptions: [{ date: "2026-06-03", price_tier: "holiday" }],
    });
    const tiers = generateSessions(s, NY, MONDAY, 4).map((x) => [x.id.split("-").at(-2), x.priceTier]);
    expect(new Map(tiers as [string, string | null][])).toEqual(
      new Map([
        ["20260601", "quiet"],
        ["20260602", null],
        ["20260603", "holiday"],
        ["20260604", null],
      ]),
    );
  });
});

describe("one-off performances", () => {
  it("'performances' with their own capacity, duration and tier", () => {
    const s = schedule({
      event: "gala",
      capacity: 100,
      duration: 90,
      performances: [{ date: "2026-06-03", time: "19:30", capacity: 300, duration: 150, price_tier: "gala" }],
    });
    const [gala, ...rest] = generateSessions(s, NY, MONDAY, 7);
    expect(rest).toEqual([]);
    expect(gala?.id).toBe("gala-20260603-1930");
    expect(gala?.start.toISOString()).toBe("2026-06-03T23:30:00.000Z");
    expect(gala?.end.toISOString()).toBe("2026-06-04T02:00:00.000Z");
    expect([gala?.capacity, gala?.priceTier]).toEqual([300, "gala"]);
  });

  it("a performance without its own values takes the schedule's capacity and duration", () => {
    const s = schedule({
      event: "gala",
      capacity: 100,
      duration: 90,
      performances: [{ date: "2026-06-03", time: "19:30" }],
    });
    const [gala] = generateSessions(s, NY, MONDAY, 7);
    expect(gala?.capacity).toBe(100);
    expect((gala?.end.getTime() ?? 0) - (gala?.start.getTime() ?? 0)).toBe(90 * 60_000);
  });

  it("'a performance outside the opening days still runs'", () => {
    const s = schedule({ ...base, days: ["mon"], performances: [{ date: "2026-06-04", time: "20:00" }] });
    expect(wallTimes(generateSessions(s, NY, MONDAY, 7), NY)).toContain("2026-06-04 20:00");
  });

  it("'a performance on a closed date: the explicit performance wins' (closed date, closed exception, outside the season)", () => {
    const s = schedule({
      ...base,
      from: "2026-06-01",
      until: "2026-06-02",
      closed: ["2026-06-01"],
      exceptions: [{ date: "2026-06-02", closed: true }],
      performances: [
        { date: "2026-06-01", time: "20:00" },
        { date: "2026-06-02", time: "20:00" },
        { date: "2026-06-05", time: "20:00" },
      ],
    });
    expect(wallTimes(generateSessions(s, NY, MONDAY, 7), NY)).toEqual([
      "2026-06-01 20:00",
      "2026-06-02 20:00",
      "2026-06-05 20:00",
    ]);
  });

  it("a performance at an opening slot's time replaces the slot (one session, the performance's values)", () => {
    const s = schedule({ ...base, performances: [{ date: "2026-06-01", time: "10:30", capacity: 7 }] });
    const day = generateSessions(s, NY, MONDAY, 1);
    expect(day.map((x) => [x.id, x.capacity])).toEqual([
      ["tour-20260601-1000", 20],
      ["tour-20260601-1030", 7],
      ["tour-20260601-1100", 20],
    ]);
  });

  it("a performance beyond the horizon is not planned yet", () => {
    const s = schedule({ ...base, performances: [{ date: "2026-06-08", time: "20:00" }] });
    expect(generateSessions(s, NY, MONDAY, 7).some((x) => x.id.endsWith("20260608-2000"))).toBe(false);
    expect(generateSessions(s, NY, MONDAY, 8).some((x) => x.id.endsWith("20260608-2000"))).toBe(true);
  });
});

describe("local wall-clock times across DST", () => {
  const night: Schedule = {
    event: "night",
    capacity: 10,
    duration: 30,
    hours: { first: "00:30", last: "03:30", every: 60 },
  };

  it("New York spring forward (8 March 2026): 'a 02:30 start on a spring-forward day does not exist: skip it'", () => {
    const sessions = generateSessions(schedule(night), NY, new Date("2026-03-08T06:00:00Z"), 1);
    expect(sessions.map((x) => [x.id, x.start.toISOString()])).toEqual([
      ["night-20260308-0030", "2026-03-08T05:30:00.000Z"],
      ["night-20260308-0130", "2026-03-08T06:30:00.000Z"],
      ["night-20260308-0330", "2026-03-08T07:30:00.000Z"],
    ]);
  });

  it("New York fall back (1 November 2026): 'a local time that occurs twice takes its first occurrence'", () => {
    const sessions = generateSessions(schedule(night), NY, new Date("2026-11-01T06:00:00Z"), 1);
    expect(sessions.map((x) => [x.id, x.start.toISOString()])).toEqual([
      ["night-20261101-0030", "2026-11-01T04:30:00.000Z"],
      ["night-20261101-0130", "2026-11-01T05:30:00.000Z"],
      ["night-20261101-0230", "2026-11-01T07:30:00.000Z"],
      ["night-20261101-0330", "2026-11-01T08:30:00.000Z"],
    ]);
  });

  it("London spring forward (29 March 2026): 01:30 does not exist and is skipped", () => {
    const sessions = generateSessions(schedule(night), LONDON, new Date("2026-03-29T00:00:00Z"), 1);
    expect(sessions.map((x) => [x.id, x.start.toISOString()])).toEqual([
      ["night-20260329-0030", "2026-03-29T00:30:00.000Z"],
      ["night-20260329-0230", "2026-03-29T01:30:00.000Z"],
      ["night-20260329-0330", "2026-03-29T02:30:00.000Z"],
    ]);
  });

  it("London fall back (25 October 2026): 01:30 occurs twice and takes its first occurrence (BST)", () => {
    const sessions = generateSessions(schedule(night), LONDON, new Date("2026-10-25T00:00:00Z"), 1);
    expect(sessions.map((x) => [x.id, x.start.toISOString()])).toEqual([
      ["night-20261025-0030", "2026-10-24T23:30:00.000Z"],
      ["night-20261025-0130", "2026-10-25T00:30:00.000Z"],
      ["night-20261025-0230", "2026-10-25T02:30:00.000Z"],
      ["night-20261025-0330", "2026-10-25T03:30:00.000Z"],
    ]);
  });

  it("daytime sessions keep their wall-clock time on both sides of a change (10:00 is 14:00Z in summer, 15:00Z in winter)", () => {
    const sessions = generateSessions(
      schedule({ ...base, days: ["sun"] }),
      NY,
      new Date("2026-10-25T13:00:00Z"),
      14,
    );
    expect(sessions.filter((x) => x.id.endsWith("-1000")).map((x) => x.start.toISOString())).toEqual([
      "2026-10-25T14:00:00.000Z",
      "2026-11-01T15:00:00.000Z",
    ]);
  });
});

describe("a Friday–Saturday weekend", () => {
  it("Asia/Kuwait, closed Fridays, a weekend tier on Saturdays", () => {
    const s = schedule({
      event: "souq-tour",
      capacity: 25,
      duration: 60,
      days: ["sat", "sun", "mon", "tue", "wed", "thu"],
      hours: { first: "16:00", last: "20:00", every: 120 },
      weekday_tiers: { sat: "weekend" },
    });
    // Thursday 2026-06-04, 09:00 in Kuwait (UTC+3).
    const sessions = generateSessions(s, KUWAIT, new Date("2026-06-04T06:00:00Z"), 7);
    expect(datesOf(sessions)).toEqual([
      "20260604",
      "20260606",
      "20260607",
      "20260608",
      "20260609",
      "20260610",
    ]);
    expect(sessions[0]?.start.toISOString()).toBe("2026-06-04T13:00:00.000Z");
    expect(sessions.filter((x) => x.priceTier === "weekend").map((x) => x.id)).toEqual([
      "souq-tour-20260606-1600",
      "souq-tour-20260606-1800",
      "souq-tour-20260606-2000",
    ]);
  });
});

describe("ids", () => {
  it("'session ids stable and equal to today's demo ids: {event}-{YYYYMMDD}-{HHmm}'", () => {
    const s = schedule({ ...base, performances: [{ date: "2026-06-02", time: "19:45" }] });
    const sessions = generateSessions(s, NY, MONDAY, 2);
    const f = new Intl.DateTimeFormat("sv-SE", { timeZone: NY, dateStyle: "short", timeStyle: "short" });
    for (const session of sessions) {
      const [date = "", time = ""] = f.format(session.start).split(" ");
      expect(session.id).toBe(`tour-${date.replaceAll("-", "")}-${time.replace(":", "")}`);
    }
    expect(generateSessions(s, NY, new Date("2026-06-01T20:00:00Z"), 2).map((x) => x.id)).toEqual(
      sessions.map((x) => x.id),
    );
  });
});

describe("two schedules of one event", () => {
  const summer: Schedule = { ...base, from: "2026-06-01", until: "2026-06-03" };
  const winter: Schedule = {
    ...base,
    from: "2026-06-03",
    until: "2026-06-05",
    hours: { first: "11:00", last: "12:00", every: 60 },
  };

  it("'two schedules of one event producing the same start: report it as a problem', naming the event, date and time", () => {
    expect(scheduleOverlaps([schedule(summer), schedule(winter)], NY, MONDAY, 7)).toEqual([
      'Event "tour": schedules 1 and 2 both start a session on 2026-06-03 at 11:00.',
    ]);
  });

  it("schedules of different events, or that never meet, are no problem", () => {
    const other = schedule({ ...summer, event: "other" });
    expect(scheduleOverlaps([schedule(summer), other], NY, MONDAY, 7)).toEqual([]);
    expect(
      scheduleOverlaps([schedule(summer), schedule({ ...winter, from: "2026-06-04" })], NY, MONDAY, 7),
    ).toEqual([]);
  });

  it("a tenant's sessions: every schedule's, once each, sorted by start (the first schedule wins a clash)", () => {
    const sessions = generateTenantSessions(
      [schedule(summer), schedule({ ...winter, capacity: 3 })],
      NY,
      MONDAY,
      7,
    );
    expect(new Set(sessions.map((x) => x.id)).size).toBe(sessions.length);
    expect(sessions.find((x) => x.id === "tour-20260603-1100")?.capacity).toBe(20);
    expect(sessions.find((x) => x.id === "tour-20260605-1200")?.capacity).toBe(3);
    const starts = sessions.map((x) => x.start.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe("price tiers by dates (tier_dates)", () => {
  const tiers = (s: Schedule, from: Date, days: number) =>
    generateSessions(schedule(s), LONDON, from, days).map((x) => [x.id.slice(5, 13), x.priceTier]);
  const zoo: Schedule = {
    ...base,
    hours: { first: "10:00", last: "10:00", every: 60 },
    price_tier: "off_peak",
    weekday_tiers: { sat: "peak", sun: "peak" },
    tier_dates: [{ from: "12-20", until: "01-04", price_tier: "peak" }],
  };

  it("'written as MM-DD the range comes back every year': 12-20 to 01-04 spans the new year, in 2026 and 2030", () => {
    expect(tiers(zoo, new Date("2026-12-18T12:00:00Z"), 4)).toEqual([
      ["20261218", "off_peak"],
      ["20261219", "peak"], // a Saturday
      ["20261220", "peak"],
      ["20261221", "peak"],
    ]);
    expect(tiers(zoo, new Date("2031-01-02T12:00:00Z"), 5)).toEqual([
      ["20310102", "peak"], // a Thursday in the range
      ["20310103", "peak"],
      ["20310104", "peak"],
      ["20310105", "peak"], // a Sunday
      ["20310106", "off_peak"],
    ]);
  });

  it("'a date exception's tier comes before a tier_dates range'; a dated range holds once", () => {
    const once: Schedule = {
      ...zoo,
      tier_dates: [{ from: "2026-06-02", until: "2026-06-03", price_tier: "festival" }],
      exceptions: [{ date: "2026-06-03", price_tier: "gala" }],
    };
    expect(tiers(once, new Date("2026-06-01T12:00:00Z"), 4)).toEqual([
      ["20260601", "off_peak"],
      ["20260602", "festival"],
      ["20260603", "gala"],
      ["20260604", "off_peak"],
    ]);
  });

  it("a range written half as MM-DD and half as a date is refused, in words", () => {
    const bad = scheduleSchema.safeParse({
      ...zoo,
      tier_dates: [{ from: "12-20", until: "2027-01-04", price_tier: "peak" }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      "Write both dates as MM-DD (every year) or both as YYYY-MM-DD.",
    );
  });
});
