import { describe, expect, it } from "vitest";
import { ALL_DAY_MIN_MS, allDaySession, isLongSession } from "../../../src/lib/domain/all-day.ts";

const at = (hhmm: string) => new Date(`2026-12-05T${hhmm}:00Z`);
const session = (start: string, end: string, id = start) => ({ id, start: at(start), end: at(end) });

describe("spec 1 §9 'All-day event: single repeating session longer than 5 hours'", () => {
  it("a repeating event's only session of the day, 10:00 to 16:00 (6 h), is all day", () => {
    const only = session("10:00", "16:00");
    expect(allDaySession("repeating", [only])).toBe(only);
  });

  it("longer than 5 hours: exactly 5 h is not all day, 5 h and a minute is", () => {
    expect(ALL_DAY_MIN_MS).toBe(5 * 60 * 60 * 1000);
    expect(isLongSession(session("10:00", "15:00"))).toBe(false);
    expect(allDaySession("repeating", [session("10:00", "15:00")])).toBeUndefined();
    expect(allDaySession("repeating", [session("10:00", "15:01")])).toBeDefined();
  });

  it("single: a day with two long sessions is no all-day day (the time is still chosen)", () => {
    expect(allDaySession("repeating", [session("08:00", "14:00", "a"), session("12:00", "18:00", "b")])).toBe(
      undefined,
    );
    expect(allDaySession("repeating", [])).toBeUndefined();
  });

  it("repeating: single and other events are never all day, however long the session", () => {
    const long = session("09:00", "17:00");
    expect(allDaySession("single", [long])).toBeUndefined();
    expect(allDaySession("other", [long])).toBeUndefined();
    expect(allDaySession(undefined, [long])).toBeUndefined();
  });
});
