import { describe, expect, it } from "vitest";
import {
  buildEventQuery,
  categoryLabels,
  categoryOptions,
  categoryUrl,
  clearFiltersUrl,
  hasActiveFilters,
  listingUrl,
  MAX_CATEGORY_BUTTONS,
  parseListingFilters,
  seeAllUrl,
} from "../../../src/lib/domain/event-filters.ts";

const base = "/harbour-museum/events";
const parse = (qs: string) => parseListingFilters(new URLSearchParams(qs));
// 2026-11-22 12:00 UTC = 07:00 in New York (EST, UTC-5), 12:00 in London (GMT).
const now = new Date("2026-11-22T12:00:00Z");

describe("parseListingFilters: 'Filters are query parameters: category, date (today or tomorrow), time.start, time.end and metadata keys'", () => {
  it("reads every filter", () => {
    const f = parse("category=Exhibitions&date=today&time.start=09:30&time.end=12:00&meta.audience=family");
    expect(f).toEqual({
      category: "Exhibitions",
      date: "today",
      timeStart: "09:30",
      timeEnd: "12:00",
      metadata: { audience: "family" },
      passthrough: [],
    });
  });

  it("'Date filters: all, today, tomorrow': anything else is all", () => {
    expect(parse("date=yesterday").date).toBe("all");
    expect(parse("date=tomorrow").date).toBe("tomorrow");
    expect(parse("").date).toBe("all");
  });

  it("ignores malformed or empty times and accepts HH:mm:ss from time inputs", () => {
    expect(parse("time.start=25:00&time.end=").timeStart).toBeUndefined();
    expect(parse("time.start=9:00").timeStart).toBeUndefined();
    expect(parse("time.start=09:00:00").timeStart).toBe("09:00");
  });

  it("keeps non-filter parameters (a promo code) to carry them through links", () => {
    const f = parse("code=SUMMER&category=Admission");
    expect(f.passthrough).toEqual([["code", "SUMMER"]]);
    expect(listingUrl(base, f)).toBe(`${base}?code=SUMMER&category=Admission`);
  });

  it("drops metadata filters with unsafe keys or empty values", () => {
    expect(parse("meta.bad%20key=x&meta.ok=").metadata).toEqual({});
  });
});

describe("buildEventQuery: filters in the tenant time zone", () => {
  it("passes category and metadata filters to the API", () => {
    expect(buildEventQuery(parse("category=Support&meta.audience=family"), "America/New_York", now)).toEqual({
      category: "Support",
      "meta.audience": "family",
    });
  });

  it("date today and tomorrow select the tenant's calendar day with _ondate", () => {
    // 2026-11-23 01:00 UTC is still 2026-11-22 in New York
    const late = new Date("2026-11-23T01:00:00Z");
    expect(buildEventQuery(parse("date=today"), "America/New_York", late)).toEqual({ _ondate: "2026-11-22" });
    expect(buildEventQuery(parse("date=tomorrow"), "America/New_York", late)).toEqual({
      _ondate: "2026-11-23",
    });
    expect(buildEventQuery(parse("date=today"), "Europe/London", late)).toEqual({ _ondate: "2026-11-23" });
  });

  it("a time window becomes start_datetime _gte/_lt instants of that day in the tenant time zone", () => {
    expect(
      buildEventQuery(parse("date=tomorrow&time.start=09:00&time.end=12:30"), "America/New_York", now),
    ).toEqual({
      "event_session.start_datetime._gte": "2026-11-23T14:00:00.000Z",
      "event_session.start_datetime._lt": "2026-11-23T17:30:00.000Z",
    });
  });

  it("an open-ended window runs to the end of the day, or from its start", () => {
    expect(buildEventQuery(parse("date=today&time.start=18:00"), "Europe/London", now)).toEqual({
      "event_session.start_datetime._gte": "2026-11-22T18:00:00.000Z",
      "event_session.start_datetime._lt": "2026-11-23T00:00:00.000Z",
    });
    expect(buildEventQuery(parse("date=tomorrow&time.end=10:00"), "Europe/London", now)).toEqual({
      "event_session.start_datetime._gte": "2026-11-23T00:00:00.000Z",
      "event_session.start_datetime._lt": "2026-11-23T10:00:00.000Z",
    });
  });

  it("a window never starts before now, so sessions that already started are not offered", () => {
    // Regression: today's window from midnight listed events whose sessions had all started.
    expect(buildEventQuery(parse("date=today&time.end=14:00"), "Europe/London", now)).toEqual({
      "event_session.start_datetime._gte": "2026-11-22T12:00:00.000Z",
      "event_session.start_datetime._lt": "2026-11-22T14:00:00.000Z",
    });
  });

  it("a time window with date all applies to today", () => {
    expect(buildEventQuery(parse("time.start=10:00&time.end=11:00"), "America/New_York", now)).toEqual({
      "event_session.start_datetime._gte": "2026-11-22T15:00:00.000Z",
      "event_session.start_datetime._lt": "2026-11-22T16:00:00.000Z",
    });
  });

  it("follows daylight saving time (New York in July is UTC-4)", () => {
    const july = new Date("2026-07-01T16:00:00Z");
    expect(buildEventQuery(parse("date=today&time.start=13:00"), "America/New_York", july)).toMatchObject({
      "event_session.start_datetime._gte": "2026-07-01T17:00:00.000Z",
    });
  });
});

describe("links: 'A See all link clears metadata filters' and 'a Clear filters link'", () => {
  const f = parse("code=X&category=Exhibitions&date=today&meta.audience=family&meta.level=1");

  it("See all keeps category, date, time and other parameters but drops every metadata filter", () => {
    expect(seeAllUrl(base, f)).toBe(`${base}?code=X&category=Exhibitions&date=today`);
  });

  it("Clear filters removes every filter and keeps non-filter parameters", () => {
    expect(clearFiltersUrl(base, f)).toBe(`${base}?code=X`);
    expect(clearFiltersUrl(base, parse("date=today"))).toBe(base);
  });

  it("category links replace only the category", () => {
    expect(categoryUrl(base, f, "Support")).toContain("category=Support");
    expect(categoryUrl(base, f, undefined)).not.toContain("category=");
    expect(categoryUrl(base, f, undefined)).toContain("meta.audience=family");
  });

  it("knows when any filter is active", () => {
    expect(hasActiveFilters(parse("code=X"))).toBe(false);
    expect(hasActiveFilters(parse("time.end=10:00"))).toBe(true);
  });
});

describe("categoryOptions: 'an all-categories option shows only when more than one category exists'", () => {
  it("no all option for a single category, buttons", () => {
    expect(categoryOptions(["Admission", "Admission", null])).toEqual({
      categories: ["Admission"],
      showAll: false,
      display: "buttons",
      labels: {},
    });
  });

  it("all option with two or more categories, in first-seen order", () => {
    const o = categoryOptions(["Exhibitions", "Admission", "Exhibitions"]);
    expect(o.categories).toEqual(["Exhibitions", "Admission"]);
    expect(o.showAll).toBe(true);
  });

  it("no control when no event has a category", () => {
    expect(categoryOptions([null, undefined, " "]).display).toBe("none");
  });

  it("'a dropdown labelled Filter by when the buttons wrap onto more than two rows': too many buttons gives the select", () => {
    const many = Array.from({ length: MAX_CATEGORY_BUTTONS }, (_, i) => `C${i}`);
    expect(categoryOptions(many).display).toBe("select");
    expect(categoryOptions(many.slice(0, MAX_CATEGORY_BUTTONS - 1)).display).toBe("buttons");
  });

  it("a category shows its label in the page's language where an event gives one; the value stays the filter", () => {
    const events = [
      { category: "Admission", category_label: "Entrada" },
      { category: "Exhibitions" },
      { category: "Admission", category_label: "Otra" },
    ];
    const o = categoryOptions(
      events.map((e) => e.category),
      categoryLabels(events),
    );
    expect(o.categories).toEqual(["Admission", "Exhibitions"]);
    expect(o.labels).toEqual({ Admission: "Entrada" });
  });
});
