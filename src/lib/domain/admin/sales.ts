/**
 * Sales figures from orders, pure: by venue-local day, by event and by ticket type, with totals
 * that are the sum of the orders. What each number is:
 * - an order counts on the venue-local day it was made (ticket_order.created_at), with its
 *   current total (an edit that changed the order changed its total);
 * - tickets: the order's live tickets (booked or redeemed; a cancelled ticket is not sold);
 * - fees: the live tickets' outside fees (fixed, plus the percent of the face value, rounded as
 *   the cart rounds them);
 * - sales: the orders' totals, what the buyers owe for them (fees included, discounts taken off);
 * - refunds: money given back on the orders by a refund (staff's, through the gateways or to a gift
 *   card), counted with the sale it gives back, on the sale's day; sales less refunds is what the
 *   orders kept. (A shopper's cheaper edit lowers the order's total itself, so its refund is not
 *   counted again; services/admin/figures/sales.ts reads which payments these are.)
 * By event and ticket type, an order's total is split over its live tickets in proportion to their
 * price with fees (allocate.ts: the parts add up to the total exactly; a discount is spread the
 * same way), and its refunds over its cancelled tickets (else its live ones). An order whose
 * tickets are all cancelled splits its total over those. So every breakdown adds up to the totals.
 */

import { SOLD_TICKET_STATES } from "../account/orders.ts";
import { localDate } from "../calendar.ts";
import { percentFee } from "../money.ts";
import { allocate } from "./allocate.ts";

export interface SalesOrder {
  id: string;
  createdAt: Date;
  total: number;
  /** Refunded on the order, minor units. */
  refunded: number;
}

export interface SalesTicket {
  orderId: string;
  /** booked | redeemed | cancelled (held tickets are never on a completed order) */
  state: string;
  faceValue: number;
  feeFixedOutside: number;
  feePercentOutside: number;
  eventTemplateId: string;
  eventName: string;
  ticketTypeId: string;
  ticketTypeName: string;
}

export interface SalesLine {
  orders: number;
  tickets: number;
  /** Minor units, as all the money below. */
  sales: number;
  fees: number;
  refunds: number;
}

export interface SalesByDay extends SalesLine {
  date: string;
}

export interface SalesByEvent extends SalesLine {
  eventTemplateId: string;
  eventName: string;
}

export interface SalesByTicketType extends SalesByEvent {
  ticketTypeId: string;
  ticketTypeName: string;
}

export interface SalesBreakdown {
  totals: SalesLine;
  byDay: SalesByDay[];
  byEvent: SalesByEvent[];
  byTicketType: SalesByTicketType[];
}

const LIVE: ReadonlySet<string> = new Set(SOLD_TICKET_STATES);

export const ticketFees = (t: Pick<SalesTicket, "faceValue" | "feeFixedOutside" | "feePercentOutside">) =>
  t.feeFixedOutside + percentFee(t.faceValue, t.feePercentOutside);

const emptyLine = (): SalesLine => ({ orders: 0, tickets: 0, sales: 0, fees: 0, refunds: 0 });

function add(line: SalesLine, part: Partial<SalesLine>): void {
  line.orders += part.orders ?? 0;
  line.tickets += part.tickets ?? 0;
  line.sales += part.sales ?? 0;
  line.fees += part.fees ?? 0;
  line.refunds += part.refunds ?? 0;
}

/** Every local day from `from` to `until` gets a line, with or without sales. */
export function salesBreakdown(
  orders: readonly SalesOrder[],
  tickets: readonly SalesTicket[],
  timeZone: string,
  days: readonly string[],
): SalesBreakdown {
  const totals = emptyLine();
  const byDay = new Map<string, SalesByDay>(days.map((date) => [date, { date, ...emptyLine() }]));
  const byEvent = new Map<string, SalesByEvent>();
  const byType = new Map<string, SalesByTicketType>();
  const ticketsOf = new Map<string, SalesTicket[]>();
  for (const t of tickets) {
    const list = ticketsOf.get(t.orderId);
    if (list) list.push(t);
    else ticketsOf.set(t.orderId, [t]);
  }
  const eventLine = (t: SalesTicket) => {
    const line = byEvent.get(t.eventTemplateId) ?? {
      eventTemplateId: t.eventTemplateId,
      eventName: t.eventName,
      ...emptyLine(),
    };
    byEvent.set(t.eventTemplateId, line);
    return line;
  };
  const typeLine = (t: SalesTicket) => {
    const line = byType.get(t.ticketTypeId) ?? {
      eventTemplateId: t.eventTemplateId,
      eventName: t.eventName,
      ticketTypeId: t.ticketTypeId,
      ticketTypeName: t.ticketTypeName,
      ...emptyLine(),
    };
    byType.set(t.ticketTypeId, line);
    return line;
  };

  for (const order of orders) {
    const all = ticketsOf.get(order.id) ?? [];
    const live = all.filter((t) => LIVE.has(t.state));
    const cancelled = all.filter((t) => !LIVE.has(t.state));
    const fees = live.reduce((sum, t) => sum + ticketFees(t), 0);
    const whole: SalesLine = {
      orders: 1,
      tickets: live.length,
      sales: order.total,
      fees,
      refunds: order.refunded,
    };
    add(totals, whole);
    const date = localDate(order.createdAt, timeZone);
    const day = byDay.get(date) ?? { date, ...emptyLine() };
    add(day, whole);
    byDay.set(date, day);

    const price = (t: SalesTicket) => t.faceValue + ticketFees(t);
    const salesOver = live.length ? live : cancelled;
    const salesShares = allocate(order.total, salesOver.map(price));
    const refundOver = cancelled.length ? cancelled : live;
    const refundShares = allocate(order.refunded, refundOver.map(price));
    const parts = new Map<SalesTicket, Partial<SalesLine>>();
    const part = (t: SalesTicket) => {
      const p = parts.get(t) ?? {};
      parts.set(t, p);
      return p;
    };
    salesOver.forEach((t, i) => {
      part(t).sales = salesShares[i] ?? 0;
    });
    refundOver.forEach((t, i) => {
      part(t).refunds = refundShares[i] ?? 0;
    });
    for (const t of live) {
      const p = part(t);
      p.tickets = 1;
      p.fees = ticketFees(t);
    }
    // An order counts once on each event and ticket type it holds tickets of.
    const events = new Set<string>();
    const types = new Set<string>();
    for (const [t, p] of parts) {
      const ev = eventLine(t);
      const ty = typeLine(t);
      add(ev, { ...p, orders: events.has(t.eventTemplateId) ? 0 : 1 });
      add(ty, { ...p, orders: types.has(t.ticketTypeId) ? 0 : 1 });
      events.add(t.eventTemplateId);
      types.add(t.ticketTypeId);
    }
  }
  const byName = <T extends { eventName: string }>(a: T, b: T) => a.eventName.localeCompare(b.eventName);
  return {
    totals,
    byDay: [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    byEvent: [...byEvent.values()].sort(byName),
    byTicketType: [...byType.values()].sort(
      (a, b) => byName(a, b) || a.ticketTypeName.localeCompare(b.ticketTypeName),
    ),
  };
}
