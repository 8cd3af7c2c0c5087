/**
 * "Dates, times, numbers and money follow the page's language": English keeps the spec's fixed
 * formats exactly; Spanish (es-US), Welsh (cy-GB) and Arabic (ar-KW with Latin digits) write them
 * their own way through Intl.
 */
import { describe, expect, it } from "vitest";
import { calendarMonths, firstDayOfWeek, weekdayHeaders } from "../../../src/lib/domain/calendar.ts";
import {
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatTime,
} from "../../../src/lib/domain/date-format.ts";
import { formatMoney } from "../../../src/lib/domain/money.ts";
import { formatOrderDate, formatValidUntil } from "../../../src/lib/domain/order-dates.ts";

const zone = "America/New_York";
const instant = new Date("2026-11-22T19:30:00Z"); // Sun 22 Nov 2026, 14:30 in New York
const AR = "ar-KW-u-nu-latn";

describe("order dates: 'ddd, MMMM D YYYY' in English, the language's long date otherwise", () => {
  it("English (any English locale) is the spec's format, unchanged", () => {
    expect(formatOrderDate(instant.toISOString(), zone)).toBe("Sun, November 22 2026");
    expect(formatOrderDate(instant.toISOString(), zone, "en-US")).toBe("Sun, November 22 2026");
    expect(formatOrderDate(instant.toISOString(), zone, "en-GB")).toBe("Sun, November 22 2026");
    expect(formatValidUntil("2027-11-23T05:00:00Z", zone, "en-US")).toBe("Mon, November 22 2027");
  });

  it("es, cy and ar name the weekday and the month in the language", () => {
    expect(formatOrderDate(instant.toISOString(), zone, "es-US")).toBe("dom, 22 de noviembre de 2026");
    expect(formatOrderDate(instant.toISOString(), zone, "cy-GB")).toBe("Sul, 22 Tachwedd 2026");
    expect(formatOrderDate(instant.toISOString(), zone, AR)).toBe("الأحد، 22 نوفمبر 2026");
    expect(formatValidUntil("2027-11-23T05:00:00Z", zone, "es-US")).toBe("lun, 22 de noviembre de 2027");
  });

  it("an unreadable date is empty in every language", () => {
    expect(formatOrderDate("not a date", zone, "cy-GB")).toBe("");
  });
});

describe("session dates and times", () => {
  it("English: 'ddd, MMM D, YYYY [at] h:mm A' (en-US) and en-GB's 24-hour clock, unchanged", () => {
    expect(formatDateTime(instant, "en-US", zone)).toBe("Sun, Nov 22, 2026 at 2:30 PM");
    expect(formatDateTime(instant, "en-GB", zone)).toBe("Sun, 22 Nov 2026 at 14:30");
    expect(formatTime(instant, "en-US", zone)).toBe("2:30 PM");
    expect(formatLongDate("2026-11-22", "en-US")).toBe("Sun, Nov 22, 2026");
  });

  it("es-US keeps the 12-hour clock, cy-GB the 24-hour one, ar its own; each joins date and time its way", () => {
    expect(formatDateTime(instant, "es-US", zone)).toBe("dom, 22 de nov de 2026, 2:30 p.m.");
    expect(formatDateTime(instant, "cy-GB", zone)).toBe("Sul, 22 Tach 2026, 14:30");
    expect(formatTime(instant, "cy-GB", zone)).toBe("14:30");
    expect(formatDateTime(instant, AR, zone)).toContain("نوفمبر");
    expect(formatDateTime(instant, AR, zone)).toContain("2:30");
  });

  it("month headings: 'November 2026' in English, the language's name otherwise", () => {
    expect(formatMonth("2026-11", "en-US")).toBe("November 2026");
    expect(formatMonth("2026-11", "es-US")).toBe("noviembre de 2026");
    expect(formatMonth("2026-11", "cy-GB")).toBe("Tachwedd 2026");
    expect(formatMonth("2026-11", AR)).toBe("نوفمبر 2026");
  });
});

describe("the calendar's week: Sunday first in English, the locale's first day otherwise (CLDR)", () => {
  it("English: Su…Sa and Sunday-first weeks, unchanged (en-GB too)", () => {
    expect(weekdayHeaders("en-US").map(([short]) => short)).toEqual([
      "Su",
      "Mo",
      "Tu",
      "We",
      "Th",
      "Fr",
      "Sa",
    ]);
    expect(weekdayHeaders("en-GB")[0]).toEqual(["Su", "Sunday"]);
    expect(calendarMonths("2026-11-01", "2026-11-30", "en-US")[0]?.weeks[0]?.[0]).toBe("2026-11-01");
  });

  it("es-US starts on Sunday, cy-GB on Monday, ar-KW on Saturday", () => {
    expect(firstDayOfWeek("es-US")).toBe(0);
    expect(firstDayOfWeek("cy-GB")).toBe(1);
    expect(firstDayOfWeek(AR)).toBe(6);
    expect(weekdayHeaders("es-US")[0]).toEqual(["dom", "domingo"]);
    expect(weekdayHeaders("cy-GB")[0]).toEqual(["Llun", "Dydd Llun"]);
    expect(weekdayHeaders(AR)[0]?.[1]).toBe("السبت");
  });

  it("the month's first week is padded to the locale's first day (1 Nov 2026 is a Sunday)", () => {
    expect(calendarMonths("2026-11-01", "2026-11-30", "cy-GB")[0]?.weeks[0]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      "2026-11-01",
    ]);
    expect(calendarMonths("2026-11-01", "2026-11-30", AR)[0]?.weeks[0]?.slice(0, 2)).toEqual([
      null,
      "2026-11-01",
    ]);
    expect(calendarMonths("2026-11-01", "2026-11-30", "es-US")[0]?.name).toBe("noviembre de 2026");
  });
});

describe("money in the locale: '$25.00' in en-US unchanged", () => {
  it("each language writes the currency its way", () => {
    expect(formatMoney(2500, "USD", "en-US")).toBe("$25.00");
    expect(formatMoney(2500, "USD", "es-US")).toBe("$25.00");
    expect(formatMoney(2500, "GBP", "cy-GB")).toBe("£25.00");
    expect(formatMoney(2500, "KWD", AR)).toContain("2.500"); // three decimals, Latin digits
  });
});
