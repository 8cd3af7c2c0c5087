/**
 * Ticket cards from database rows: the confirmation mail's side of the one ticket-card
 * view model (domain/tickets/ticket-cards.ts); the pages read the same fields from the order
 * envelope (`cardInputsFromRead`).
 */
import type { TicketCardInput } from "../../../domain/tickets/ticket-cards.ts";
import type { OrderTicketRow } from "../checkout/orders.ts";

export function cardInputFromRow(
  order: { id: string; orderNumber: string; state: string },
  row: OrderTicketRow,
): TicketCardInput {
  const start = row.session?.startDatetime ?? row.ticket.validFrom;
  return {
    ticketId: row.ticket.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderState: order.state,
    state: row.ticket.state,
    handler: row.group.handler,
    eventName: row.event.name,
    typeName: row.type.name,
    admitName: row.ticket.admitName,
    sessionId: row.session?.id ?? null,
    start: start ? new Date(start).toISOString() : null,
    validTo: row.ticket.validTo ? new Date(row.ticket.validTo).toISOString() : null,
    timeZone: row.venue.timezone,
    seat: row.seat ? { name: row.seat.name, section: row.group.name } : null,
    scanCode: row.scanCode,
  };
}
