/**
 * From a readable ticket row (access.ts) to the domain's WalletTicket, and whether it may have a
 * pass at all (domain/tickets/wallet.ts `canHavePass`, plus: it has a scan code).
 */
import { canHavePass, type WalletTicket } from "../../../domain/tickets/wallet.ts";
import type { ReadableTicket } from "./access.ts";

export function passEligible(row: ReadableTicket): boolean {
  return (
    Boolean(row.scanCode) &&
    canHavePass({
      state: row.ticket.state,
      orderState: row.order.state,
      handler: row.group.handler,
      hasSession: row.session !== null,
    })
  );
}

export function walletTicket(row: ReadableTicket): WalletTicket {
  return {
    ticketId: row.ticket.id,
    orderId: row.order.id,
    orderNumber: row.order.orderNumber,
    scanCode: row.scanCode ?? "",
    state: row.ticket.state,
    sellerSlug: row.seller.slug,
    sellerName: row.tenant?.name ?? row.seller.name,
    locale: row.tenant?.locale ?? "en-US",
    eventTemplateId: row.event.id,
    eventName: row.event.name,
    eventSessionId: row.session?.id ?? null,
    start: row.session?.startDatetime ?? null,
    end: row.session?.endDatetime ?? null,
    validFrom: row.ticket.validFrom,
    validTo: row.ticket.validTo,
    timeZone: row.venue.timezone,
    venueName: row.venue.name,
    venueAddress: row.venue.address,
    venueLocation:
      row.venue.latitude !== null && row.venue.longitude !== null
        ? { latitude: row.venue.latitude, longitude: row.venue.longitude }
        : null,
    ticketTypeName: row.type.name,
    admitName: row.ticket.admitName,
    seat: row.seatName
      ? { name: row.seatName, section: row.group.handler === "seated" ? row.group.name : null }
      : null,
  };
}
