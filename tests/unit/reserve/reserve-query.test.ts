import { describe, expect, it } from "vitest";
import {
  campaignParams,
  checkQueryDate,
  parseQuantityParam,
  parseReserveQuery,
  pickQuerySession,
  reserveMode,
  resolveQuantities,
} from "../../../src/lib/domain/reserve-query.ts";

const q = (s: string) => parseReserveQuery(new URLSearchParams(s));

describe("reserve query parameters (spec §2, §5 'Date-first query')", () => {
  it("session is a session id, 'today' or 'next'", () => {
    expect(q("session=hm-1").session).toEqual({ kind: "id", id: "hm-1" });
    expect(q("session=today").session).toEqual({ kind: "today" });
    expect(q("session=next").session).toEqual({ kind: "next" });
    expect(q("").session).toBeUndefined();
  });
  it("'session and date together are an error'", () => {
    const parsed = q("session=next&date=2026-11-24");
    expect(parsed.errors).toEqual(["reserve.sessionAndDate"]);
    expect(parsed.session).toBeUndefined();
    expect(parsed.date).toBeUndefined();
  });
  it("a date that is not a calendar date is unavailable", () => {
    expect(q("date=2026-02-30").errors).toEqual(["reserve.unavailableOnDate"]);
    expect(q("date=2026-02-27").date).toBe("2026-02-27");
  });
  it("reserve: 'warn', 'strict', any other truthy value gives 'true', else 'false'", () => {
    expect(reserveMode("warn")).toBe("warn");
    expect(reserveMode("strict")).toBe("strict");
    expect(reserveMode("1")).toBe("true");
    expect(reserveMode("yes")).toBe("true");
    expect(reserveMode(null)).toBe("false");
    expect(reserveMode("0")).toBe("false");
    expect(reserveMode("false")).toBe("false");
  });
  it("quantity: comma list of ticket type id or name, colon, count", () => {
    expect(parseQuantityParam("adult:2, hm-ga-child:1,bad,x:-1,y:1.5")).toEqual([
      { key: "adult", count: 2 },
      { key: "hm-ga-child", count: 1 },
    ]);
    const types = [
      { id: "hm-ga-adult", name: "Adult" },
      { id: "hm-ga-child", name: "Child" },
    ];
    expect(resolveQuantities(parseQuantityParam("adult:2,hm-ga-child:1,ADULT:1"), types)).toEqual({
      quantities: { "hm-ga-adult": 3, "hm-ga-child": 1 },
      error: undefined,
    });
  });
  it("quantities matching no ticket type give ticketTypesNotFound", () => {
    expect(resolveQuantities([{ key: "dragon", count: 1 }], [{ id: "a", name: "Adult" }]).error).toBe(
      "reserve.ticketTypesNotFound",
    );
  });
  it("unknown session gives sessionNotFound; a sold-out one sessionUnavailable; today and next pick open ones", () => {
    const sessions = [
      { id: "s1", date: "2026-11-24", soldOut: true },
      { id: "s2", date: "2026-11-24", soldOut: false },
      { id: "s3", date: "2026-11-25", soldOut: false },
    ];
    expect(pickQuerySession({ kind: "id", id: "zz" }, sessions, "2026-11-24").error).toBe(
      "reserve.sessionNotFound",
    );
    expect(pickQuerySession({ kind: "id", id: "s1" }, sessions, "2026-11-24").error).toBe(
      "reserve.sessionUnavailable",
    );
    expect(pickQuerySession({ kind: "today" }, sessions, "2026-11-24").session?.id).toBe("s2");
    expect(pickQuerySession({ kind: "today" }, sessions, "2026-11-26").error).toBe(
      "reserve.sessionUnavailable",
    );
    expect(pickQuerySession({ kind: "next" }, sessions, "2026-11-26").session?.id).toBe("s2");
  });
  it("an unavailable date gives 'reserve.unavailableOnDate'", () => {
    const days = [
      { date: "2026-11-23", status: "unreleased" },
      { date: "2026-11-24", status: "available" },
    ];
    expect(checkQueryDate("2026-11-23", days)).toBe("reserve.unavailableOnDate");
    expect(checkQueryDate("2026-11-24", days)).toBeUndefined();
  });
  it("campaign takes the page's utm_* parameters", () => {
    expect(campaignParams(new URLSearchParams("utm_source=news&date=x&utm_medium=mail"))).toEqual({
      utm_source: "news",
      utm_medium: "mail",
    });
  });
});
