/**
 * Calendar entries: "an .ics entry for each session in the order", offered as 'Add to
 * calendar' and attached to the mail. GET ticket_order/{id}/calendar.ics and sessionCalendar()
 * (the mail's attachment) give the same text; it parses back (a small RFC 5545 reader below) to
 * the sessions' instants, with the venue's time zone.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { zonedParts } from "../../../src/lib/domain/calendar.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { sessionCalendar } from "../../../src/lib/server/services/tickets/calendar.ts";
import { withTestApi } from "../../helpers/api.ts";
import { type TicketOrderFixture, ticketOrder } from "./tickets-helpers.ts";

const api = withTestApi();

interface ParsedEvent {
  start: Date;
  end: Date;
  props: Map<string, string>;
}

/** Unfolds lines, reads calendar properties and each VEVENT; DTSTART/DTEND in UTC (…Z) or with TZID. */
function parseIcs(text: string): { calendar: Map<string, string>; events: ParsedEvent[] } {
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split(/\r\n/)
    .filter(Boolean);
  const calendar = new Map<string, string>();
  const events: ParsedEvent[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    const [name = "", ...params] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (line === "BEGIN:VEVENT") current = new Map();
    else if (line === "END:VEVENT" && current) {
      events.push({
        start: icsInstant(current.get("DTSTART") ?? ""),
        end: icsInstant(current.get("DTEND") ?? ""),
        props: current,
      });
      current = null;
    } else (current ?? calendar).set(name, params.length ? `${params.join(";")}|${value}` : value);
  }
  return { calendar, events };
}

function icsInstant(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, sec] = m.map(Number);
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, sec));
}

let fixture: TicketOrderFixture | undefined;
const order = async () => {
  fixture ??= await ticketOrder(api);
  return fixture;
};

describe("GET ticket_order/{id}/calendar.ics ('an .ics entry for each session in the order')", () => {
  it("one VEVENT per session (two sessions; the cancelled ticket and the sessionless tickets add none), soonest first", async () => {
    const o = await order();
    const res = await api.app.request(`/api/ticket_order/${o.orderId}/calendar.ics`, {
      headers: { cookie: o.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { events } = parseIcs(await res.text());
    const expected = [o.admissionSession, o.concertSession].sort(
      (a, b) => a.startDatetime.getTime() - b.startDatetime.getTime(),
    );
    expect(events.map((e) => e.start.getTime())).toEqual(expected.map((s) => s.startDatetime.getTime()));
    expect(events.map((e) => e.end.getTime())).toEqual(expected.map((s) => s.endDatetime.getTime()));
    expect(events.map((e) => e.props.get("SUMMARY")).sort()).toEqual([
      "General Admission",
      "Sea Shanties by Candlelight",
    ]);
  });

  it("'parses back with its time zone': X-WR-TIMEZONE is the venue's zone and the description's local time is the instant in that zone", async () => {
    const o = await order();
    const text =
      (await sessionCalendar(api.handle.db, o.orderId, "http://127.0.0.1:4321", api.clock.now())) ?? "";
    const { calendar, events } = parseIcs(text);
    expect(calendar.get("X-WR-TIMEZONE")).toBe("America/New_York");
    for (const e of events) {
      const local = zonedParts(e.start, calendar.get("X-WR-TIMEZONE") ?? "UTC");
      const hour12 = local.hour % 12 === 0 ? 12 : local.hour % 12;
      const clock = `${hour12}:${String(local.minute).padStart(2, "0")} ${local.hour < 12 ? "AM" : "PM"}`;
      const description = (e.props.get("DESCRIPTION") ?? "").replace(/\\,/g, ",");
      expect(description).toContain(`at ${clock} (America/New_York)`);
      expect(description).toContain(`Order ${o.orderNumber}`);
      expect((e.props.get("LOCATION") ?? "").replace(/\\,/g, ",")).toBe(
        "Harbour Museum, 1 Lighthouse Quay, Harbour Town",
      );
      expect(e.props.get("URL")).toMatch(/^http:\/\/127\.0\.0\.1:4321\/harbour-museum\/events\/hm-/);
      expect(e.props.get("UID")).toContain(o.orderId);
      // DTSTAMP is the server clock (the test clock), not the machine's date.
      expect(e.props.get("DTSTAMP")).toBe("20261122T120000Z");
    }
  });

  it("the mail's attachment (sessionCalendar) holds the same events as the route", async () => {
    const o = await order();
    const res = await api.app.request(`/api/ticket_order/${o.orderId}/calendar.ics`, {
      headers: { cookie: o.cookie },
    });
    const fromRoute = parseIcs(await res.text()).events.map((e) => [e.props.get("UID"), e.start.getTime()]);
    const fromMail = parseIcs(
      (await sessionCalendar(api.handle.db, o.orderId, "http://127.0.0.1:4321", api.clock.now())) ?? "",
    ).events.map((e) => [e.props.get("UID"), e.start.getTime()]);
    expect(fromMail).toEqual(fromRoute);
  });

  it("an order whose session tickets are all cancelled has no calendar: sessionCalendar gives null, the route 404", async () => {
    const o = await ticketOrder(api);
    await api.handle.db
      .update(s.ticket)
      .set({ state: "cancelled" })
      .where(and(eq(s.ticket.ticketOrderId, o.orderId), isNotNull(s.ticket.eventSessionId)));
    expect(
      await sessionCalendar(api.handle.db, o.orderId, "http://127.0.0.1:4321", api.clock.now()),
    ).toBeNull();
    const res = await api.app.request(`/api/ticket_order/${o.orderId}/calendar.ics`, {
      headers: { cookie: o.cookie },
    });
    expect(res.status).toBe(404);
  });
});
