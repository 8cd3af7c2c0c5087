import { describe, expect, it } from "vitest";
import {
  indexBy,
  matchesDateOrSession,
  matchesQuantity,
  messagesFor,
  withFullStop,
} from "../../../src/lib/domain/message-rules.ts";

const sel = [
  { ticketTypeId: "adult", quantity: 2 },
  { ticketTypeId: "child", quantity: 3 },
];

describe("message rules (spec §5)", () => {
  it("quantity triggers apply only when the summed quantity of matching types is within min and max", () => {
    expect(matchesQuantity({ min: 4, max: 6, ticket_type_ids: ["adult", "child"] }, sel)).toBe(true);
    expect(matchesQuantity({ min: 4, max: 6, ticket_type_ids: ["adult"] }, sel)).toBe(false);
    expect(matchesQuantity({ min: 1, max: 4, ticket_type_ids: ["adult", "child"] }, sel)).toBe(false);
  });
  it("weekday triggers must include the day", () => {
    expect(matchesDateOrSession({ weekdays: [0, 6] }, { weekday: 6 })).toBe(true);
    expect(matchesDateOrSession({ weekdays: [0, 6] }, { weekday: 1 })).toBe(false);
  });
  it("time of day is start inclusive, end exclusive", () => {
    const t = { time_of_day: { start: "10:00", end: "12:00" } };
    expect(matchesDateOrSession(t, { time: "10:00" })).toBe(true);
    expect(matchesDateOrSession(t, { time: "11:59" })).toBe(true);
    expect(matchesDateOrSession(t, { time: "12:00" })).toBe(false);
  });
  it("date triggers ignore time of day", () => {
    const t = { dateInterval: { start: "2026-12-24T18:00:00Z", end: "2026-12-26T06:00:00Z" } };
    expect(matchesDateOrSession(t, { date: "2026-12-24", time: "09:00" })).toBe(true);
    expect(matchesDateOrSession(t, { date: "2026-12-26", time: "23:00" })).toBe(true);
    expect(matchesDateOrSession(t, { date: "2026-12-27" })).toBe(false);
  });
  it("messages get a full stop appended if missing", () => {
    expect(withFullStop("Closed for a private event")).toBe("Closed for a private event.");
    expect(withFullStop("Already done.")).toBe("Already done.");
    const rules = [
      { id: "r", actions: { date_message: "Busy day" }, triggers: { dateOrSession: { weekdays: [6] } } },
    ];
    expect(messagesFor(rules, "date_message", { weekday: 6 })).toEqual(["Busy day."]);
  });
  it("indexing with duplicate keys throws", () => {
    expect(() => indexBy([{ id: "a" }, { id: "a" }], (x) => x.id)).toThrow(/Duplicate/);
    expect(indexBy([{ id: "a" }], (x) => x.id).get("a")).toEqual({ id: "a" });
  });
  it("time of day given as HHmm digits ('900', '0930') compares as HH:mm", () => {
    // Bug: hhmm("900") read as "90:00", so a 9:00 start never matched.
    const t = { time_of_day: { start: "900", end: "1000" } };
    expect(matchesDateOrSession(t, { time: "09:30" })).toBe(true);
    expect(matchesDateOrSession(t, { time: "08:59" })).toBe(false);
    expect(matchesDateOrSession(t, { time: "10:00" })).toBe(false);
    expect(matchesDateOrSession({ time_of_day: { start: "0930" } }, { time: "9:30" })).toBe(true);
  });
});
