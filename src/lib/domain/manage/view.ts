/**
 * How the manage page shows an order (spec 2 §2, §4): tickets grouped by session, each
 * session's state (Cancelled or Past Event, spec 2 §4), the ticket types of a session with their
 * counts while an edit is open, and which way an edit is confirmed. Pure: the island renders it.
 */

export interface ViewTicket {
  id: string;
  state: string;
  ticket_type_id: string;
  ticket_type_name: string;
  event_name: string;
  /** The ticket's event: tickets without a session (passes) of one event are listed together. */
  event_template_id?: string;
  event_session_id: string | null;
  start_datetime: string | null;
  timezone: string;
  can_cancel: boolean;
  can_edit: boolean;
}

export type TicketStateKey = "booked" | "cancelled" | "past";

/** Cancelled or unbooked count as cancelled (spec 2 §4); a booked ticket that has started is a past event. */
export function ticketStateKey(
  ticket: Pick<ViewTicket, "state" | "start_datetime">,
  now: Date,
): TicketStateKey {
  if (ticket.state === "cancelled" || ticket.state === "unbooked") return "cancelled";
  const start = ticket.start_datetime ? Date.parse(ticket.start_datetime) : Number.NaN;
  return !Number.isNaN(start) && start <= now.getTime() ? "past" : "booked";
}

export interface SessionGroup<T extends ViewTicket> {
  key: string;
  eventName: string;
  sessionId: string | null;
  start: string | null;
  timezone: string;
  tickets: T[];
}

/**
 * Tickets grouped by session, soonest first, order kept inside. Tickets without a session (an
 * any-day pass) are grouped by event and validity start, so two passes of one event are one entry
 * listing both, not the event's name twice.
 */
export function groupBySession<T extends ViewTicket>(tickets: readonly T[]): SessionGroup<T>[] {
  const groups = new Map<string, SessionGroup<T>>();
  for (const ticket of tickets) {
    const key =
      ticket.event_session_id === null
        ? `event:${ticket.event_template_id ?? ticket.event_name}:${ticket.start_datetime ?? ""}`
        : `session:${ticket.event_session_id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        eventName: ticket.event_name,
        sessionId: ticket.event_session_id,
        start: ticket.start_datetime,
        timezone: ticket.timezone,
        tickets: [],
      };
      groups.set(key, group);
    }
    group.tickets.push(ticket);
  }
  const at = (g: SessionGroup<T>) => (g.start ? Date.parse(g.start) : Number.POSITIVE_INFINITY);
  return [...groups.values()].sort((a, b) => at(a) - at(b));
}

export interface TypeCount {
  ticketTypeId: string;
  name: string;
  /** Booked now, minus removed, plus added in the open edit. */
  count: number;
  /** Order tickets of this type the edit may still remove (editable and not removed yet). */
  removable: string[];
}

/** The ticket types of one session with their counts during an edit. */
export function sessionTypeCounts(
  tickets: readonly ViewTicket[],
  removed: ReadonlySet<string>,
  added: ReadonlyMap<string, number>,
): TypeCount[] {
  const counts = new Map<string, TypeCount>();
  for (const t of tickets) {
    if (t.state !== "booked") continue;
    const entry = counts.get(t.ticket_type_id) ?? {
      ticketTypeId: t.ticket_type_id,
      name: t.ticket_type_name,
      count: added.get(t.ticket_type_id) ?? 0,
      removable: [],
    };
    if (!removed.has(t.id)) {
      entry.count += 1;
      if (t.can_edit) entry.removable.push(t.id);
    }
    counts.set(t.ticket_type_id, entry);
  }
  return [...counts.values()];
}

/**
 * Spec 2 §4, confirm an edit: the free gateway when the outstanding total is zero or less, else
 * the confirm page (the checkout screen) to pay the difference.
 */
export function editConfirmKind(totalOutstanding: string): "free" | "pay" {
  const amount = Number(totalOutstanding);
  return Number.isFinite(amount) && amount > 0 ? "pay" : "free";
}

/** After an edit or a cancel, the mail's log_context: order_cancel when nothing is left booked. */
export function changeMailContext(
  tickets: readonly Pick<ViewTicket, "state">[],
): "order_update" | "order_cancel" {
  return tickets.some((t) => t.state === "booked") ? "order_update" : "order_cancel";
}
