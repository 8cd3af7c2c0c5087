/**
 * Tickets in hand: the one view model of "a ticket card", shared by the tickets page,
 * the completion page's QR codes and the confirmation mail's ticket blocks, so all three say the
 * same thing about a ticket.
 *
 * - One card per ticket that admits somebody: memberships (the member cards stand for them),
 *   donations and gift cards (ledger) get none (spec 2 §2 "QR codes for orders and memberships,
 *   and wallet passes for tickets").
 * - Date as 'ddd, MMMM D YYYY' (spec 2 §2) and the time, both in the venue's time zone.
 * - State (spec 2 §4): Redeemed, Cancelled or Past Event, else none; a cancelled ticket's QR code
 *   is not shown.
 * - Wallet: only tickets that can have a pass (domain/tickets/wallet.ts `canHavePass`) may ask
 *   `walletprecheck`; the buttons show only when it says ok.
 * - Mail: at most MAIL_QR_LIMIT inline QR images; the rest are on the tickets page.
 */
import { type TicketDisplayState, ticketDisplayState } from "../account/orders.ts";
import { formatTime } from "../date-format.ts";
import { formatOrderDate } from "../order-dates.ts";
import { canHavePass } from "./wallet.ts";

/** The most inline QR images one confirmation mail carries; further tickets link the tickets page. */
export const MAIL_QR_LIMIT = 20;

/** Ticket group handlers whose tickets admit nobody: no ticket card (see the file comment). */
const NO_CARD_HANDLERS = new Set(["donation", "ledger", "membership"]);

/** What a card needs about one ticket, read from an order envelope (pages) or database rows (mail). */
export interface TicketCardInput {
  ticketId: string;
  orderId: string;
  orderNumber: string;
  /** completed | pending */
  orderState: string;
  /** booked, redeemed, cancelled, unbooked, ... */
  state: string;
  /** The ticket group's handler (tickets, seated, passes, codes, donation, ledger, membership). */
  handler: string;
  eventName: string;
  typeName: string;
  admitName: string | null;
  sessionId: string | null;
  /** ISO instant: the session's start, or an any-date ticket's first valid day; null when neither. */
  start: string | null;
  /** ISO instant: the end of an any-date ticket's validity, if any. */
  validTo: string | null;
  /** The venue's IANA time zone. */
  timeZone: string;
  /** A seated ticket's seat (name 'B12') and section (the seated group's name). */
  seat: { name: string; section: string | null } | null;
  scanCode: string | null;
}

export interface TicketCard {
  ticketId: string;
  orderId: string;
  orderNumber: string;
  eventName: string;
  typeName: string;
  admitName: string | null;
  /** 'Sun, November 22 2026' in the venue's zone; null for a ticket without a date. */
  date: string | null;
  /** '10:30 AM' in the venue's zone, for session tickets only. */
  time: string | null;
  timeZone: string;
  seat: { name: string; section: string | null } | null;
  /** Spec 2 §4: Redeemed, Cancelled or Past Event; null for an active ticket still to come. */
  state: TicketDisplayState | null;
  scanCode: string | null;
  /** A cancelled ticket's QR code is not shown (nor one without a scan code). */
  showQr: boolean;
  /** The ticket may have a wallet pass; the buttons still wait for walletprecheck's ok. */
  walletEligible: boolean;
}

/** True when the ticket admits somebody and so gets a card. */
export function hasTicketCard(handler: string): boolean {
  return !NO_CARD_HANDLERS.has(handler);
}

/** The card of one ticket at `now` (the state's "Past Event" depends on it). */
export function ticketCard(input: TicketCardInput, now: Date, locale: string): TicketCard {
  const start = input.start ? new Date(input.start) : null;
  const validStart = start && !Number.isNaN(start.getTime()) ? start : null;
  // An any-date ticket is past when its validity has ended; a session ticket when the session began.
  const validTo = input.validTo ? new Date(input.validTo) : null;
  const pastMark = input.sessionId
    ? validStart
    : validTo && !Number.isNaN(validTo.getTime())
      ? validTo
      : null;
  const state = ticketDisplayState(input.state, pastMark, now);
  return {
    ticketId: input.ticketId,
    orderId: input.orderId,
    orderNumber: input.orderNumber,
    eventName: input.eventName,
    typeName: input.typeName,
    admitName: input.admitName?.trim() || null,
    date: validStart ? formatOrderDate(validStart.toISOString(), input.timeZone, locale) || null : null,
    time: validStart && input.sessionId ? formatTime(validStart, locale, input.timeZone) : null,
    timeZone: input.timeZone,
    seat: input.seat,
    state,
    scanCode: input.scanCode,
    showQr: state !== "Cancelled" && Boolean(input.scanCode),
    walletEligible:
      Boolean(input.scanCode) &&
      canHavePass({
        state: input.state,
        orderState: input.orderState,
        handler: input.handler,
        hasSession: input.sessionId !== null,
      }),
  };
}

/** Cards for the tickets that admit somebody, soonest first (undated last), otherwise in order. */
export function ticketCards(inputs: readonly TicketCardInput[], now: Date, locale: string): TicketCard[] {
  const at = (input: TicketCardInput) => {
    const time = input.start ? Date.parse(input.start) : Number.NaN;
    return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
  };
  return inputs
    .map((input, index) => ({ input, index }))
    .filter(({ input }) => hasTicketCard(input.handler))
    .sort((a, b) => at(a.input) - at(b.input) || a.index - b.index)
    .map(({ input }) => ticketCard(input, now, locale));
}

/** The mail's plan: which cards carry an inline QR image (the first MAIL_QR_LIMIT shown ones). */
export function mailQrPlan(
  cards: readonly TicketCard[],
  limit = MAIL_QR_LIMIT,
): { inline: Set<string>; more: number } {
  const shown = cards.filter((card) => card.showQr);
  return {
    inline: new Set(shown.slice(0, limit).map((card) => card.ticketId)),
    more: Math.max(0, shown.length - limit),
  };
}

/** Envelope shape the pages read (GET ticket_order with embeds); structural, so the domain needs no API import. */
export interface TicketOrderRead {
  ticket_order: { _data: ReadonlyArray<{ id: string; order_number: string; state: string }> };
  ticket?: {
    _data: ReadonlyArray<{
      id: string;
      state: string;
      ticket_type_id: string;
      ticket_group_id: string;
      event_template_id: string;
      event_session_id: string | null;
      ticket_order_id: string | null;
      admit_name: string | null;
      seat_template_id: string | null;
      scan_code: string | null;
      start_datetime: string | null;
      timezone: string | null;
      valid_to?: string | null | undefined;
    }>;
  };
  ticket_type?: { _data: ReadonlyArray<{ id: string; name: string }> };
  ticket_group?: { _data: ReadonlyArray<{ id: string; name: string; handler: string }> };
  event_template?: { _data: ReadonlyArray<{ id: string; name: string }> };
  seat?: { _data: ReadonlyArray<{ seat_template_id: string; name: string }> } | undefined;
}

/** The card inputs of every ticket in an order read (pages), in the read's order. */
export function cardInputsFromRead(read: TicketOrderRead, fallbackTimeZone: string): TicketCardInput[] {
  const orders = new Map(read.ticket_order._data.map((o) => [o.id, o]));
  const types = new Map((read.ticket_type?._data ?? []).map((t) => [t.id, t.name]));
  const groups = new Map((read.ticket_group?._data ?? []).map((g) => [g.id, g]));
  const events = new Map((read.event_template?._data ?? []).map((e) => [e.id, e.name]));
  const seats = new Map((read.seat?._data ?? []).map((s) => [s.seat_template_id, s.name]));
  return (read.ticket?._data ?? []).flatMap((t) => {
    const order = t.ticket_order_id ? orders.get(t.ticket_order_id) : undefined;
    if (!order) return [];
    const group = groups.get(t.ticket_group_id);
    return [
      {
        ticketId: t.id,
        orderId: order.id,
        orderNumber: order.order_number,
        orderState: order.state,
        state: t.state,
        handler: group?.handler ?? "tickets",
        eventName: events.get(t.event_template_id) ?? "",
        typeName: types.get(t.ticket_type_id) ?? "",
        admitName: t.admit_name,
        sessionId: t.event_session_id,
        start: t.start_datetime,
        validTo: t.valid_to ?? null,
        timeZone: t.timezone ?? fallbackTimeZone,
        seat: t.seat_template_id
          ? { name: seats.get(t.seat_template_id) ?? t.seat_template_id, section: group?.name ?? null }
          : null,
        scanCode: t.scan_code,
      },
    ];
  });
}
