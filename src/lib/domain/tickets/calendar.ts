/**
 * Calendar entries for an order: pure
 * mapping from the order's sessions to calendar events. One event per distinct session (two
 * tickets for the same session are one entry). Times are absolute instants written in UTC
 * (DTSTART...Z), so every calendar shows the right moment; the venue's time zone goes in the
 * calendar's X-WR-TIMEZONE and in the description ("Tue, Nov 24, 2026 at 10:00 AM (America/New_York)"),
 * so the entry reads in the venue's local time.
 */
import { formatDateTime } from "../date-format.ts";
import type { IcsEvent } from "./ics.ts";

export interface CalendarSession {
  eventSessionId: string;
  eventTemplateId: string;
  eventName: string;
  start: Date;
  end: Date;
  timeZone: string;
  venueName: string;
  venueAddress: string | null;
  /** Tickets of the order for this session. */
  tickets: number;
}

/** An entry of the file (ics.ts), with the venue's zone the file is shown in. */
export interface CalendarEntry extends IcsEvent {
  timeZone: string;
}

export interface CalendarContext {
  orderId: string;
  orderNumber: string;
  sellerSlug: string;
  sellerName: string;
  locale: string;
  /** The storefront origin for the event link (a configured origin, never a request's Host). */
  origin: string;
  /** The order's language when it is not the tenant's default: the event link is that language's page. */
  language?: string | undefined;
  /** The entry's description in the order's language; absent, the English one. */
  describe?: ((parts: DescriptionParts) => string) | undefined;
}

/** What an entry's description says: when, the order, how many tickets, who sold them. */
export interface DescriptionParts {
  when: string;
  orderNumber: string;
  tickets: number;
  sellerName: string;
}

const englishDescription = (p: DescriptionParts) =>
  `${p.when}. Order ${p.orderNumber}, ${p.tickets} ${p.tickets === 1 ? "ticket" : "tickets"}. ${p.sellerName}.`;

/** One entry per distinct session, soonest first. */
export function calendarEntries(sessions: readonly CalendarSession[], ctx: CalendarContext): CalendarEntry[] {
  const bySession = new Map<string, CalendarSession>();
  for (const s of sessions) {
    const seen = bySession.get(s.eventSessionId);
    bySession.set(s.eventSessionId, seen ? { ...seen, tickets: seen.tickets + s.tickets } : s);
  }
  return [...bySession.values()]
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.eventSessionId.localeCompare(b.eventSessionId))
    .map((s) => {
      const when = `${formatDateTime(s.start, ctx.locale, s.timeZone)} (${s.timeZone})`;
      const parts = { when, orderNumber: ctx.orderNumber, tickets: s.tickets, sellerName: ctx.sellerName };
      const language = ctx.language ? `/${encodeURIComponent(ctx.language)}` : "";
      return {
        uid: `${ctx.orderId}-${s.eventSessionId}@${ctx.sellerSlug}.foyer`,
        title: s.eventName,
        start: s.start.getTime(),
        end: Math.max(s.end.getTime(), s.start.getTime()),
        location: [s.venueName, s.venueAddress].filter((x) => x?.trim()).join(", "),
        description: (ctx.describe ?? englishDescription)(parts),
        url: `${ctx.origin.replace(/\/$/, "")}/${encodeURIComponent(ctx.sellerSlug)}${language}/events/${encodeURIComponent(s.eventTemplateId)}`,
        timeZone: s.timeZone,
      };
    });
}
