import { describe, expect, it } from "vitest";
import {
  addOnCountFits,
  fitsVisitTime,
  isVisitTime,
  visitWindow,
} from "../../../src/lib/domain/visit-time.ts";

const TZ = "America/New_York";
// 10:00-10:30 New York on 2026-11-24 (UTC-5).
const anchor = { start: new Date("2026-11-24T15:00:00Z"), end: new Date("2026-11-24T15:30:00Z") };
const at = (iso: string) => new Date(iso);

describe("visit_time (spec §9 'visit_time values timeslot, same_start (1 minute window), same_date, until_close')", () => {
  it("timeslot: the add-on starts within the anchor session, start inclusive, end exclusive", () => {
    expect(fitsVisitTime("timeslot", anchor, at("2026-11-24T15:00:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("timeslot", anchor, at("2026-11-24T15:29:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("timeslot", anchor, at("2026-11-24T15:30:00Z"), TZ)).toBe(false);
    expect(fitsVisitTime("timeslot", anchor, at("2026-11-24T14:59:00Z"), TZ)).toBe(false);
  });
  it("same_start: within 1 minute of the anchor's start, either side", () => {
    expect(fitsVisitTime("same_start", anchor, at("2026-11-24T15:01:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("same_start", anchor, at("2026-11-24T14:59:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("same_start", anchor, at("2026-11-24T15:01:01Z"), TZ)).toBe(false);
  });
  it("same_date: the same local date in the venue's time zone, not the UTC date", () => {
    expect(fitsVisitTime("same_date", anchor, at("2026-11-24T13:00:00Z"), TZ)).toBe(true);
    // 23:30 New York is already the next day in UTC.
    expect(fitsVisitTime("same_date", anchor, at("2026-11-25T04:30:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("same_date", anchor, at("2026-11-25T05:30:00Z"), TZ)).toBe(false);
  });
  it("until_close: the same local date, at or after the anchor's start", () => {
    expect(fitsVisitTime("until_close", anchor, at("2026-11-24T15:00:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("until_close", anchor, at("2026-11-24T21:00:00Z"), TZ)).toBe(true);
    expect(fitsVisitTime("until_close", anchor, at("2026-11-24T14:00:00Z"), TZ)).toBe(false);
    expect(fitsVisitTime("until_close", anchor, at("2026-11-25T15:00:00Z"), TZ)).toBe(false);
  });
  it("the visit window ends with the session, one minute after its start, or at the end of the local day", () => {
    expect(visitWindow("timeslot", anchor, TZ)).toEqual(anchor);
    expect(visitWindow("same_start", anchor, TZ).end.toISOString()).toBe("2026-11-24T15:01:00.000Z");
    expect(visitWindow("same_date", anchor, TZ).end.toISOString()).toBe("2026-11-25T05:00:00.000Z");
    expect(visitWindow("until_close", anchor, TZ).start).toEqual(anchor.start);
  });
  it("tickets_must_match_anchor_tickets: no more add-on tickets than anchor tickets", () => {
    expect(addOnCountFits(2, 2)).toBe(true);
    expect(addOnCountFits(3, 2)).toBe(false);
    expect(isVisitTime("same_date")).toBe(true);
    expect(isVisitTime("whenever")).toBe(false);
  });
});
