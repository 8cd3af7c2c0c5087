import { describe, expect, it } from "vitest";
import {
  buildCalendarDays,
  calendarMonths,
  isValidDate,
  localDate,
  moveCalendarFocus,
  sessionPrices,
  startOfLocalDay,
} from "../../../src/lib/domain/calendar.ts";

describe("calendar", () => {
  it("local dates follow the venue time zone", () => {
    expect(localDate(new Date("2026-11-24T03:00:00Z"), "America/New_York")).toBe("2026-11-23");
    expect(localDate(new Date("2026-11-24T03:00:00Z"), "Europe/London")).toBe("2026-11-24");
    expect(startOfLocalDay("2026-11-24", "America/New_York").toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(startOfLocalDay("2026-07-01", "Europe/London").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(isValidDate("2026-02-30")).toBe(false);
  });
  it("days are available, sold_out or unreleased (no sessions: the original API's set), with the lowest price", () => {
    const tz = "America/New_York";
    const days = buildCalendarDays(
      [
        {
          start: new Date("2026-11-24T15:00:00Z"),
          available: 5,
          soldOut: false,
          minPrice: 2500,
          minPriceFees: 2600,
        },
        {
          start: new Date("2026-11-24T16:00:00Z"),
          available: 3,
          soldOut: false,
          minPrice: 2000,
          minPriceFees: 2100,
        },
        { start: new Date("2026-11-25T15:00:00Z"), available: 0, soldOut: true, minPrice: 2500 },
      ],
      tz,
      "2026-11-23",
      "2026-11-25",
    );
    expect(days.map((d) => d.status)).toEqual(["unreleased", "available", "sold_out"]);
    expect(days[1]).toMatchObject({ available: 8, min_price: 2000, min_price_fees: 2100 });
    expect(days[2]?.available).toBe(0);
  });
  it("months have an id YYYY-MM, a name and Sunday-first weeks", () => {
    const [nov, dec] = calendarMonths("2026-11-22", "2026-12-01");
    expect(nov?.id).toBe("2026-11");
    expect(nov?.name).toBe("November 2026");
    expect(nov?.weeks[0]?.[0]).toBe("2026-11-01"); // 2026-11-01 is a Sunday
    expect(dec?.weeks[0]?.slice(0, 3)).toEqual([null, null, "2026-12-01"]);
    expect(dec?.weeks.every((w) => w.length === 7)).toBe(true);
  });
  it("a group's shared capacity counts once a day: min(group available, sum of open sessions)", () => {
    // Bug: per-group availability summed the group's capacity once per session (3 x 5 = 15).
    const tz = "America/New_York";
    const sessions = [15, 16, 17].map((h) => ({
      start: new Date(`2026-11-24T${h}:00:00Z`),
      available: 60,
      soldOut: false,
    }));
    const days = buildCalendarDays(sessions, tz, "2026-11-24", "2026-11-25", {
      extended: true,
      groups: [
        { ticketGroupId: "few", available: 5, soldOut: false },
        { ticketGroupId: "unlimited", available: -1, soldOut: false },
        { ticketGroupId: "gone", available: 0, soldOut: true },
      ],
    });
    expect(days[0]?.available).toBe(180);
    expect(days[0]?.ticket_groups).toEqual([
      { ticket_group_id: "few", available: 5, sold_out: false },
      { ticket_group_id: "unlimited", available: 180, sold_out: false },
      { ticket_group_id: "gone", available: 0, sold_out: true },
    ]);
    expect(days[1]?.ticket_groups).toEqual([]); // no sessions that day
    const closed = buildCalendarDays(
      sessions.map((s) => ({ ...s, available: 0, soldOut: true })),
      tz,
      "2026-11-24",
      "2026-11-24",
      { extended: true, groups: [{ ticketGroupId: "few", available: 5, soldOut: false }] },
    );
    expect(closed[0]?.ticket_groups).toEqual([{ ticket_group_id: "few", available: 0, sold_out: true }]);
  });
  it("min_price_fees is the lowest price with outside fees over fixed-price types, not the fees of the cheapest", () => {
    // Bug: min_price_fees took the fees of the type cheapest before fees (12.00 + 10.00 = 22.00, not 18.00).
    const types = [
      { id: "child", amount: 1200, fees: { fixed: 1000 }, flexible: false },
      { id: "student", amount: 1800, fees: {}, flexible: false },
      { id: "adult", amount: 2500, fees: { fixed: 150, percentBp: 1000 }, flexible: false },
      { id: "donation", amount: 100, fees: {}, flexible: true },
    ];
    expect(sessionPrices(types)).toEqual({ minPrice: 1200, minPriceFees: 1800, price: 1200 });
    // The shown price is the primary ticket type's (web.price_display.primary_ticket_type_id).
    expect(sessionPrices(types, "adult")).toEqual({ minPrice: 1200, minPriceFees: 1800, price: 2500 });
    // A flexible or unknown primary type falls back to the lowest price.
    expect(sessionPrices(types, "donation").price).toBe(1200);
    expect(sessionPrices(types, "nope").price).toBe(1200);
    expect(sessionPrices(types.filter((t) => t.flexible))).toEqual({
      minPrice: null,
      minPriceFees: null,
      price: null,
    });
    const days = buildCalendarDays(
      [
        {
          start: new Date("2026-11-24T15:00:00Z"),
          available: 5,
          soldOut: false,
          ...sessionPrices(types, "adult"),
        },
        {
          start: new Date("2026-11-24T16:00:00Z"),
          available: 5,
          soldOut: false,
          minPrice: 1500,
          minPriceFees: 2000,
        },
      ],
      "America/New_York",
      "2026-11-24",
      "2026-11-24",
    );
    expect(days[0]).toMatchObject({ min_price: 1200, min_price_fees: 1800, price: 1500 });
  });
});

describe("calendar keyboard and formats (spec §9)", () => {
  it("'up and down move 7 days, left and right 1 day', kept within the calendar", () => {
    expect(moveCalendarFocus("2026-11-24", "ArrowDown", "2026-11-01", "2026-12-31")).toBe("2026-12-01");
    expect(moveCalendarFocus("2026-11-24", "ArrowUp", "2026-11-01", "2026-12-31")).toBe("2026-11-17");
    expect(moveCalendarFocus("2026-11-30", "ArrowRight", "2026-11-01", "2026-12-31")).toBe("2026-12-01");
    expect(moveCalendarFocus("2026-11-01", "ArrowLeft", "2026-11-01", "2026-12-31")).toBe("2026-11-01");
    expect(moveCalendarFocus("2026-11-03", "ArrowUp", "2026-11-01", "2026-12-31")).toBe("2026-11-01");
    expect(moveCalendarFocus("2026-11-03", "Enter", "2026-11-01", "2026-12-31")).toBeUndefined();
  });

  it("'in RTL, ArrowLeft goes to the next day': left and right follow the mirrored week", () => {
    expect(moveCalendarFocus("2026-11-30", "ArrowLeft", "2026-11-01", "2026-12-31", "rtl")).toBe(
      "2026-12-01",
    );
    expect(moveCalendarFocus("2026-11-24", "ArrowRight", "2026-11-01", "2026-12-31", "rtl")).toBe(
      "2026-11-23",
    );
    expect(moveCalendarFocus("2026-12-31", "ArrowLeft", "2026-11-01", "2026-12-31", "rtl")).toBe(
      "2026-12-31",
    );
    // Up and down are the same week before and after in either direction.
    expect(moveCalendarFocus("2026-11-24", "ArrowDown", "2026-11-01", "2026-12-31", "rtl")).toBe(
      "2026-12-01",
    );
    expect(moveCalendarFocus("2026-11-24", "ArrowUp", "2026-11-01", "2026-12-31", "rtl")).toBe("2026-11-17");
  });
});
