/**
 * The desk sale page's reads, through the admin API with the request's cookies (staff.ts): the
 * day's sellable sessions, and an order's tickets as printable cards. The cards are the shop's
 * ticket cards (domain/tickets/ticket-cards.ts) from the same inputs the confirmation mail uses,
 * each with its QR code drawn on the server as the shop's tickets page draws it; no wallet buttons
 * (a desk prints paper). A refusal reads as null, so the page shows its own words or its 404.
 */
import type { DeskDayView } from "../../../api/admin/schemas.ts";
import { ApiClientError } from "../../../api/errors.ts";
import type { PageTicketCard } from "../../../domain/tickets/page-cards.ts";
import { type TicketCardInput, ticketCards } from "../../../domain/tickets/ticket-cards.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { t } from "../../../tenant/strings.ts";
import { qrSvg } from "../../services/ticket-cards/qr.ts";
import { ssrNow } from "../client.ts";
import { staffApi } from "./staff.ts";

async function unlessRefused<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

export async function deskDayOf(
  cookie: string | null,
  seller: string,
  date?: string,
): Promise<DeskDayView | null> {
  return (await unlessRefused(staffApi(cookie, seller).deskDay(date)))?.desk_day._data[0] ?? null;
}

export interface PrintableTickets {
  orderId: string;
  orderNumber: string;
  cards: PageTicketCard[];
}

/** An order's tickets to print, or null when the order is not the staff member's seller's to read. */
export async function printableTicketsOf(
  cookie: string | null,
  tenant: Pick<Tenant, "slug" | "locale" | "strings">,
  orderId: string,
): Promise<PrintableTickets | null> {
  const read = (await unlessRefused(staffApi(cookie, tenant.slug).ticketCards(orderId)))?.ticket_cards
    ._data[0];
  if (!read) return null;
  const inputs: TicketCardInput[] = read.cards.map((c) => ({
    ticketId: c.ticket_id,
    orderId: c.order_id,
    orderNumber: c.order_number,
    orderState: c.order_state,
    state: c.state,
    handler: c.handler,
    eventName: c.event_name,
    typeName: c.type_name,
    admitName: c.admit_name,
    sessionId: c.session_id,
    start: c.start,
    validTo: c.valid_to,
    timeZone: c.time_zone,
    seat: c.seat,
    scanCode: c.scan_code,
  }));
  const cards = ticketCards(inputs, await ssrNow(), tenant.locale);
  return {
    orderId: read.order_id,
    orderNumber: read.order_number,
    cards: await Promise.all(
      cards.map(async (card) => ({
        ...card,
        qr:
          card.showQr && card.scanCode
            ? await qrSvg(card.scanCode, t(tenant, "tickets.qrAlt", { code: card.scanCode }))
            : null,
        wallet: { apple: null, google: null },
      })),
    ),
  };
}
