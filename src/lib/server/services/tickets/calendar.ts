/**
 * Calendar entries for an order: `sessionCalendar(ex, orderId, origin)` returns the
 * .ics text with one VEVENT per session of the order's active tickets (domain/tickets/ics.ts), for the
 * GET ticket_order/{id}/calendar.ics route and the confirmation mail's attachment. It reads
 * without an access check: the route checks access first (access.ts), the mail is the server's own.
 * Instants are UTC; the venue's zone is X-WR-TIMEZONE and is named in the description
 * (domain/tickets/calendar.ts). An order without sessions gives null.
 */

import { and, eq, isNotNull } from "drizzle-orm";
import { isCancelledTicket } from "../../../domain/account/orders.ts";
import { ticketRowIn } from "../../../domain/content-language.ts";
import { type CalendarSession, calendarEntries } from "../../../domain/tickets/calendar.ts";
import { icsFile } from "../../../domain/tickets/ics.ts";
import { defaultLanguage, languageOf } from "../../../tenant/languages.ts";
import { t } from "../../../tenant/strings.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { mailTenant } from "../../mail/mail-language.ts";

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** A ticket of the order as the calendar reads it: its state, its session, event and venue. */
export interface CalendarTicketRow {
  state: string;
  session: typeof s.eventSession.$inferSelect;
  event: typeof s.eventTemplate.$inferSelect;
  venue: typeof s.venue.$inferSelect;
}

/** `now` (the server clock; pass it, so a fixed test clock holds) is the entries' DTSTAMP. */
export async function sessionCalendar(
  ex: Executor,
  orderId: string,
  origin: string,
  now: Date = new Date(),
): Promise<string | null> {
  const rows = await ex
    .select({
      order: s.ticketOrder,
      seller: s.seller,
      state: s.ticket.state,
      session: s.eventSession,
      event: s.eventTemplate,
      venue: s.venue,
    })
    .from(s.ticket)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .innerJoin(s.seller, eq(s.seller.id, s.ticketOrder.sellerId))
    .innerJoin(s.eventSession, eq(s.eventSession.id, s.ticket.eventSessionId))
    .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.eventSession.eventTemplateId))
    .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
    .where(and(eq(s.ticket.ticketOrderId, orderId), isNotNull(s.ticket.eventSessionId)));
  const first = rows[0];
  if (!first) return null;
  return orderCalendar(first.order, first.seller, rows, origin, now);
}

/**
 * The .ics text of an order from its tickets already read (the checkout's confirmation mail has
 * them in its order bundle): the same entries as sessionCalendar, without a query. Tickets without
 * a session, held or cancelled add nothing; null when none is left.
 */
export function orderCalendar(
  order: { id: string; orderNumber: string; language?: string | null },
  seller: { slug: string; name: string },
  tickets: readonly CalendarTicketRow[],
  origin: string,
  now: Date,
): string | null {
  const active = tickets.filter((r) => !isCancelledTicket(r.state) && r.state !== "held");
  if (!active.length) return null;
  // The tenant in the order's language: the entries speak the language the order was bought in.
  const tenant = mailTenant(seller.slug, order.language);
  const language = tenant ? languageOf(tenant) : undefined;
  // The event and venue as the order's language names them.
  const sessions: CalendarSession[] = active
    .map((row) => ticketRowIn(row, language))
    .map((r) => ({
      eventSessionId: r.session.id,
      eventTemplateId: r.event.id,
      eventName: r.event.name,
      start: r.session.startDatetime,
      end: r.session.endDatetime,
      timeZone: r.venue.timezone,
      venueName: r.venue.name,
      venueAddress: r.venue.address,
      tickets: 1,
    }));
  const entries = calendarEntries(sessions, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    sellerSlug: seller.slug,
    sellerName: tenant?.name ?? seller.name,
    locale: tenant?.locale ?? "en-US",
    origin,
    language: tenant && language !== defaultLanguage(tenant) ? language : undefined,
    describe: tenant
      ? (p) =>
          p.tickets === 1
            ? t(tenant, "passes.calendar.descriptionOne", {
                when: p.when,
                number: p.orderNumber,
                seller: p.sellerName,
              })
            : t(tenant, "passes.calendar.description", {
                when: p.when,
                number: p.orderNumber,
                count: p.tickets,
                seller: p.sellerName,
              })
      : undefined,
  });
  return icsFile(
    {
      productId: "foyer/tickets",
      name: tenant?.name ?? seller.name,
      // The venue's zone of the first entry.
      timeZone: entries[0]?.timeZone,
      stamp: now.getTime(),
    },
    entries,
  );
}
