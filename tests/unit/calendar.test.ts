import { describe, expect, it } from "vitest";
import {
  buildCalendarDays,
  calendarMonths,
  isValidDate,
  localDate,
  startOfLocalDay,
} from "../../src/lib/domain/calendar.ts";

describe("calendar", () => {
  it("local dates follow the venue time zone", () => {
    expect(localDate(new Date("2026-11-24T03:00:00Z"), "America/New_York")).toBe("2026-11-23");
    expect(localDate(new Date("2026-11-24T03:00:00Z"), "Europe/London")).toBe("2026-11-24");
    expect(startOfLocalDay("2026-11-24", "America/New_York").toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(startOfLocalDay("2026-07-01", "Europe/London").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(isValidDate("2026-02-30")).toBe(false);
  });
  it("days are available, sold_out or other (no sessions), with the lowest price", () => {
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
    expect(days.map((d) => d.status)).toEqual(["other", "available", "sold_out"]);
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
});
