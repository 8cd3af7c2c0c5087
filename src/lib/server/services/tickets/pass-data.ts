/**
 * From a readable ticket row (access.ts) to the domain's WalletTicket, and whether it may have a
 * pass at all (domain/tickets/wallet.ts `canHavePass`, plus: it has a scan code).
 */
import { canHavePass, type PassLabels, type WalletTicket } from "../../../domain/tickets/wallet.ts";
import { t } from "../../../tenant/strings.ts";
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

/** A pass's labels in the order's language (`row.tenant` is the tenant in it, access.ts). */
export function passLabels(row: Pick<ReadableTicket, "tenant">): PassLabels {
  const words = row.tenant;
  return {
    order: t(words, "tickets.order"),
    event: t(words, "passes.event"),
    date: t(words, "tickets.date"),
    time: t(words, "tickets.time"),
    valid: t(words, "passes.valid"),
    anyDate: t(words, "tickets.anyDate"),
    ticket: t(words, "tickets.type"),
    seat: t(words, "tickets.seat"),
    admit: t(words, "tickets.admit"),
    venue: t(words, "passes.venue"),
    ticketCode: t(words, "tickets.code"),
    soldBy: t(words, "passes.soldBy"),
  };
}

/** Where the pass greets its holder near the venue (Apple's relevant text). */
export function passWelcome(row: Pick<ReadableTicket, "tenant" | "venue">): string {
  return t(row.tenant, "passes.welcome", { venue: row.venue.name });
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
