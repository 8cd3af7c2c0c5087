/**
 * Rules across a tenant's files: schedules that would start sessions at the same minute, events
 * with or without sessions, settings in one file, a code's validity in order.
 */
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";
import { scheduleClash } from "../../../../src/lib/catalogue/schedule-overlap.ts";
import type { Schedule } from "../../../../src/lib/catalogue/schema/schedule.ts";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

const check = (files: Record<string, string>) =>
  checkTenant(contentFolder("USD", { "events.yaml": EVENTS_YAML, ...files }), "test-venue").problems.map(
    formatProblem,
  );

const day: Schedule = {
  event: "e",
  capacity: 10,
  duration: 30,
  hours: { first: "10:00", last: "16:00", every: 60 },
};

describe("catalogue tenant rules", () => {
  it('"would start sessions at the same time": overlapping seasons, days and hours', () => {
    expect(scheduleClash(day, { ...day, days: ["sat"] })).toBe("their seasons, days and hours overlap");
  });

  it("back-to-back seasons, other days or other start times do not clash", () => {
    expect(scheduleClash({ ...day, until: "2027-01-31" }, { ...day, from: "2027-02-01" })).toBeNull();
    expect(scheduleClash({ ...day, days: ["mon"] }, { ...day, days: ["tue"] })).toBeNull();
    expect(scheduleClash(day, { ...day, hours: { first: "10:30", last: "15:30", every: 60 } })).toBeNull();
  });

  it("a one-off performance at the minute of a regular session clashes", () => {
    const show: Schedule = {
      event: "e",
      capacity: 5,
      duration: 60,
      performances: [{ date: "2027-03-06", time: "12:00" }],
    };
    expect(scheduleClash(day, show)).toBe("both start a session on 2027-03-06 12:00");
    expect(scheduleClash({ ...day, closed: ["2027-03-06"] }, show)).toBeNull();
  });

  it("the check names the second schedule and the first one's line", () => {
    const twice = `${SCHEDULES_YAML}  - event: tv-admission\n    capacity: 5\n    duration: 30\n    days: [sun]\n    hours: { first: "12:00", last: "12:00", every: 60 }\n`;
    expect(check({ "schedules.yaml": twice })).toEqual([
      "test-venue/schedules.yaml line 7, schedules[1].event: This schedule and the one at line 2 would start sessions at the same time (their seasons, days and hours overlap).",
    ]);
  });

  it('"A repeating event needs a schedule"', () => {
    expect(check({})).toEqual([
      "test-venue/events.yaml line 9, events[0].type: A repeating event needs a schedule (schedules: - event: tv-admission).",
    ]);
  });

  it('"An event of type "other" has no sessions"', () => {
    expect(check({ "schedules.yaml": SCHEDULES_YAML }).length).toBe(0);
    const other = EVENTS_YAML.replace("type: repeating", "type: other");
    const dir = contentFolder("USD", { "events.yaml": other, "schedules.yaml": SCHEDULES_YAML });
    expect(checkTenant(dir, "test-venue").problems.map(formatProblem)).toEqual([
      'test-venue/events.yaml line 9, events[0].type: An event of type "other" has no sessions: remove its schedules, or make it "repeating".',
    ]);
  });

  it('"keep them in one file": settings written twice', () => {
    const settings = "settings:\n  pad_before: 5\n";
    expect(check({ "schedules.yaml": SCHEDULES_YAML, "a.yaml": settings, "b.yaml": settings })).toEqual([
      "test-venue/b.yaml line 1, settings: The settings are already written in test-venue/a.yaml: keep them in one file.",
    ]);
  });

  it('"The code stops being valid before it starts."', () => {
    const codes =
      "codes:\n  - { code: LATE, kind: promo, description: d, valid_from: 2027-02-01, valid_until: 2027-01-01 }\n  - { code: SOON, kind: promo, description: d, valid_from: today-30, valid_until: today+30 }\n";
    expect(check({ "schedules.yaml": SCHEDULES_YAML, "codes.yaml": codes })).toEqual([
      "test-venue/codes.yaml line 2, codes[0].valid_until: The code stops being valid before it starts.",
    ]);
  });
});
