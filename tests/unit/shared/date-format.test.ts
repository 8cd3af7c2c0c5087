import { describe, expect, it } from "vitest";
import { calendarMonths } from "../../../src/lib/domain/calendar.ts";
import {
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatTime,
} from "../../../src/lib/domain/date-format.ts";
import { formatOrderDate, formatValidUntil } from "../../../src/lib/domain/order-dates.ts";
import { ticketWhen } from "../../../src/lib/server/mail/order-confirmation.ts";
import { loadTenants } from "../../../src/lib/tenant/load.ts";

// Fixed instants only: the last Sunday of March and of October are the UK's clock changes, and the
// second Sunday of March and first of November are New York's.
const tenants = loadTenants();
const museum = tenants.get("harbour-museum");
const zoo = tenants.get("riverside-zoo");

describe("'Dates and times follow the tenant's locale, which is part of tenant config'", () => {
  it("the tenants' config names their locales: the museum en-US, the UK zoo en-GB", () => {
    expect(museum?.locale).toBe("en-US");
    expect(zoo?.locale).toBe("en-GB");
  });

  it("en-US keeps spec 1 §9's formats: time 'h:mm A', long date 'ddd, MMM D, YYYY'", () => {
    const ny = "America/New_York";
    expect(formatTime(new Date("2026-11-24T15:30:00Z"), "en-US", ny)).toBe("10:30 AM");
    expect(formatTime(new Date("2026-11-24T17:05:00Z"), "en-US", ny)).toBe("12:05 PM");
    expect(formatTime(new Date("2026-11-24T05:00:00Z"), "en-US", ny)).toBe("12:00 AM");
    expect(formatLongDate("2026-11-24", "en-US")).toBe("Tue, Nov 24, 2026");
    expect(formatDateTime(new Date("2026-07-04T18:30:00.000Z"), "en-US", ny)).toBe(
      "Sat, Jul 4, 2026 at 2:30 PM",
    );
  });

  // Bug: the UK zoo showed 'Sat, Nov 28, 2026' and '10:00 AM'.
  it("the UK zoo (en-GB, Europe/London) writes the day before the month and a 24-hour clock", () => {
    const london = "Europe/London";
    expect(formatLongDate("2026-11-28", "en-GB")).toBe("Sat, 28 Nov 2026");
    expect(formatTime(new Date("2026-11-28T10:00:00Z"), "en-GB", london)).toBe("10:00");
    expect(formatTime(new Date("2026-11-28T14:30:00Z"), "en-GB", london)).toBe("14:30");
    expect(formatTime(new Date("2026-01-05T00:05:00Z"), "en-GB", london)).toBe("00:05");
    expect(formatDateTime(new Date("2026-01-05T12:00:00Z"), "en-GB", london)).toBe(
      "Mon, 5 Jan 2026 at 12:00",
    );
  });

  it("times are the venue's wall clock on both sides of a daylight-saving change", () => {
    // Europe/London: BST ends 2026-10-25 02:00 (back to GMT); 09:00 UTC is 10:00 BST the day before.
    expect(formatDateTime(new Date("2026-10-24T09:00:00Z"), "en-GB", "Europe/London")).toBe(
      "Sat, 24 Oct 2026 at 10:00",
    );
    expect(formatDateTime(new Date("2026-10-25T09:00:00Z"), "en-GB", "Europe/London")).toBe(
      "Sun, 25 Oct 2026 at 09:00",
    );
    // America/New_York: EDT starts 2026-03-08 02:00; 14:00 UTC is 9:00 AM EST, then 10:00 AM EDT.
    expect(formatDateTime(new Date("2026-03-07T14:00:00Z"), "en-US", "America/New_York")).toBe(
      "Sat, Mar 7, 2026 at 9:00 AM",
    );
    expect(formatDateTime(new Date("2026-03-08T14:00:00Z"), "en-US", "America/New_York")).toBe(
      "Sun, Mar 8, 2026 at 10:00 AM",
    );
  });

  it("a session's date is the venue's date, not UTC's: 23:30 in New York is the next day in UTC", () => {
    expect(formatDateTime(new Date("2026-11-18T04:30:00Z"), "en-US", "America/New_York")).toBe(
      "Tue, Nov 17, 2026 at 11:30 PM",
    );
  });

  it("only plain spaces, so server and browser ICU versions render the same text", () => {
    const text = formatDateTime(new Date("2026-11-24T15:30:00Z"), "en-US", "America/New_York");
    expect(text).not.toMatch(/[\u00a0\u202f\u2009]/);
  });

  it("calendar month names follow the locale", () => {
    expect(formatMonth("2026-11", "en-GB")).toBe("November 2026");
    expect(calendarMonths("2026-11-01", "2026-11-30", "en-GB")[0]?.name).toBe("November 2026");
  });

  it("spec 2 §2 'Dates in orders use the format ddd, MMMM D YYYY' stays fixed for every tenant", () => {
    expect(formatOrderDate("2026-11-28T10:00:00Z", "Europe/London")).toBe("Sat, November 28 2026");
  });
});

describe("order e-mail: the order date's format is fixed, the session time follows the locale", () => {
  const row = (start: string) => ({
    session: { startDatetime: new Date(start) },
    venue: { timezone: "Europe/London" },
    ticket: { validFrom: null },
  });
  it("'ddd, MMMM D YYYY' then the time: 24-hour for the UK zoo, 'h:mm A' for en-US", () => {
    expect(ticketWhen(row("2026-11-28T14:30:00Z"), "en-GB")).toBe("Sat, November 28 2026 at 14:30");
    expect(ticketWhen(row("2026-11-28T14:30:00Z"), "en-US")).toBe("Sat, November 28 2026 at 2:30 PM");
  });
  it("a ticket without a session shows its valid-from date only", () => {
    const flex = {
      session: null,
      venue: { timezone: "Europe/London" },
      ticket: { validFrom: new Date("2026-11-28T00:00:00Z") },
    };
    expect(ticketWhen(flex, "en-GB")).toBe("Sat, November 28 2026");
  });
});

describe("a membership's 'valid until' is one shared formatting of its exclusive end", () => {
  // Regression: my account said 'Thu, August 19 2027', the auto-renew cancel page 'Fri, August 20 2027'.
  it("valid_to at the tenant's midnight reads as the day before: the last valid day", () => {
    expect(formatValidUntil("2027-08-20T04:00:00.000Z", "America/New_York")).toBe("Thu, August 19 2027");
    expect(formatValidUntil("2027-08-19T23:00:00.000Z", "Europe/London")).toBe("Thu, August 19 2027");
  });
  it("an unreadable date gives nothing", () => {
    expect(formatValidUntil("not a date", "UTC")).toBe("");
  });
});
