/** Calendar entries: "an .ics entry for each session in the order" (domain/tickets/calendar.ts). */
import { describe, expect, it } from "vitest";
import { type CalendarSession, calendarEntries } from "../../../src/lib/domain/tickets/calendar.ts";

const ctx = {
  orderId: "o-1",
  orderNumber: "100200300",
  sellerSlug: "harbour-museum",
  sellerName: "Harbour Museum",
  locale: "en-US",
  origin: "https://tickets.example.org/",
};
const session = (id: string, iso: string, tickets = 1): CalendarSession => ({
  eventSessionId: id,
  eventTemplateId: "hm-general-admission",
  eventName: "General Admission",
  start: new Date(iso),
  end: new Date(new Date(iso).getTime() + 3_600_000),
  timeZone: "America/New_York",
  venueName: "Harbour Museum",
  venueAddress: "1 Lighthouse Quay",
  tickets,
});

describe("calendarEntries", () => {
  it("one entry per session: two tickets of one session are one entry with both counted, soonest first", () => {
    const entries = calendarEntries(
      [
        session("s-2", "2026-12-01T15:00:00Z"),
        session("s-1", "2026-11-25T15:00:00Z"),
        session("s-2", "2026-12-01T15:00:00Z"),
      ],
      ctx,
    );
    expect(entries.map((e) => e.uid)).toEqual([
      "o-1-s-1@harbour-museum.foyer",
      "o-1-s-2@harbour-museum.foyer",
    ]);
    expect(entries[1]?.description).toContain("2 tickets");
    expect(entries[0]?.description).toContain("1 ticket.");
  });
  it("the instant is kept; the description says the venue-local time and zone", () => {
    const [e] = calendarEntries([session("s-1", "2026-11-25T15:00:00Z")], ctx);
    expect(e?.start).toBe(Date.parse("2026-11-25T15:00:00Z"));
    expect(e?.end).toBe(Date.parse("2026-11-25T16:00:00Z"));
    expect(e?.description).toBe(
      "Wed, Nov 25, 2026 at 10:00 AM (America/New_York). Order 100200300, 1 ticket. Harbour Museum.",
    );
    expect(e?.location).toBe("Harbour Museum, 1 Lighthouse Quay");
    expect(e?.url).toBe("https://tickets.example.org/harbour-museum/events/hm-general-admission");
  });
});
