/**
 * Who may cancel or edit which tickets of an order on /manage (spec 2 §5). Pure rules, no
 * I/O: the server decides with them, the manage page shows what they allow.
 *
 * - Cancel free order (self-edit off): "only tickets that are active, have adjusted_value 0 and
 *   start in the future can be cancelled".
 * - Cancel in self-edit: "allowed only if all tickets have face_value 0 and not all are cancelled
 *   or past the horizon".
 * - The self-edit horizon: a ticket can be edited (removed, rescheduled, cancelled) only until
 *   `horizon_days` days plus `horizon_hours` hours before its session starts, counted in absolute
 *   time; later it is `tickets_too_old`.
 *
 * A ticket without a start (a pass, a donation, a membership) is neither cancellable nor editable.
 */

/** A ticket as these rules see it (money in minor units). */
export interface ManageTicket {
  /** held | booked | cancelled (the storage states); only `booked` is active. */
  state: string;
  faceValue: number;
  adjustedValue: number;
  /** The session's start (or the dated ticket's first day); null without one. */
  start: Date | null;
}

export interface SelfEditHorizon {
  days: number;
  hours: number;
}

export type ManageMode = "self_edit" | "cancel_free" | "contact_us";

/** Why a ticket may not be removed or cancelled (the API codes of spec 2 §8). */
export type TicketProblem = "ticket_state_incorrect" | "tickets_too_old";

const HOUR_MS = 3_600_000;

/** A booked ticket (not in a cart, not cancelled). */
export const isActiveTicket = (ticket: Pick<ManageTicket, "state">): boolean => ticket.state === "booked";

const isCancelled = (ticket: Pick<ManageTicket, "state">): boolean =>
  ticket.state === "cancelled" || ticket.state === "unbooked";

/** The horizon's length in milliseconds (days and hours, absolute time). */
export const horizonMs = (horizon: SelfEditHorizon): number => (horizon.days * 24 + horizon.hours) * HOUR_MS;

/** The last instant a ticket starting at `start` can still be edited; null without a start. */
export function editDeadline(start: Date | null, horizon: SelfEditHorizon): Date | null {
  return start ? new Date(start.getTime() - horizonMs(horizon)) : null;
}

/** True when the ticket starts later than the horizon from now (strictly before the deadline). */
export function isWithinHorizon(
  ticket: Pick<ManageTicket, "start">,
  horizon: SelfEditHorizon,
  now: Date,
): boolean {
  const deadline = editDeadline(ticket.start, horizon);
  return deadline !== null && now.getTime() < deadline.getTime();
}

/** Cancel free order: active, adjusted value 0 and starting in the future. */
export function canCancelFreeTicket(ticket: ManageTicket, now: Date): boolean {
  return (
    isActiveTicket(ticket) &&
    ticket.adjustedValue === 0 &&
    ticket.start !== null &&
    ticket.start.getTime() > now.getTime()
  );
}

/** The order's tickets that count: those ever booked on it (a held ticket belongs to a cart). */
const orderTickets = (tickets: readonly ManageTicket[]) => tickets.filter((t) => t.state !== "held");

/**
 * Cancel in self-edit, for the whole order: every ticket has face value 0, and not every ticket is
 * cancelled or past the horizon.
 */
export function selfEditCancelAllowed(
  tickets: readonly ManageTicket[],
  horizon: SelfEditHorizon,
  now: Date,
): boolean {
  const all = orderTickets(tickets);
  if (!all.length || !all.every((t) => t.faceValue === 0)) return false;
  return !all.every((t) => isCancelled(t) || !isWithinHorizon(t, horizon, now));
}

/** Why this ticket can't be removed in self-edit now, or null when it can. */
export function selfEditTicketProblem(
  ticket: ManageTicket,
  horizon: SelfEditHorizon,
  now: Date,
): TicketProblem | null {
  if (!isActiveTicket(ticket)) return "ticket_state_incorrect";
  if (!isWithinHorizon(ticket, horizon, now)) return "tickets_too_old";
  return null;
}

/** A free order: every ticket ever booked on it has adjusted value 0. */
export function isFreeOrder(tickets: readonly ManageTicket[]): boolean {
  const all = orderTickets(tickets);
  return all.length > 0 && all.every((t) => t.adjustedValue === 0);
}

/** What /manage offers: self-edit when the tenant has it on, else cancel for free orders, else contact us. */
export function manageMode(selfEdit: boolean, tickets: readonly ManageTicket[]): ManageMode {
  if (selfEdit) return "self_edit";
  return isFreeOrder(tickets) ? "cancel_free" : "contact_us";
}

export interface TicketPermissions {
  canCancel: boolean;
  canEdit: boolean;
}

/** Per ticket: may it be cancelled, may it be edited (removed, rescheduled) in this mode now. */
export function ticketPermissions(
  mode: ManageMode,
  tickets: readonly ManageTicket[],
  horizon: SelfEditHorizon,
  now: Date,
): TicketPermissions[] {
  if (mode === "contact_us") return tickets.map(() => ({ canCancel: false, canEdit: false }));
  if (mode === "cancel_free") {
    return tickets.map((t) => ({ canCancel: canCancelFreeTicket(t, now), canEdit: false }));
  }
  const orderMay = selfEditCancelAllowed(tickets, horizon, now);
  return tickets.map((t) => {
    const editable = selfEditTicketProblem(t, horizon, now) === null;
    return { canCancel: orderMay && editable, canEdit: editable };
  });
}

/**
 * Why a cancel of the order can't go ahead at all: `contact_us` ("You must contact us to cancel
 * this order.") when the rules refuse the order, null when some ticket may be cancelled or none
 * is left to cancel (the caller then says "No valid tickets found on this order.").
 */
export function cancelRefusal(mode: ManageMode, tickets: readonly ManageTicket[]): "contact_us" | null {
  if (mode === "contact_us") return "contact_us";
  if (mode === "self_edit" && !orderTickets(tickets).every((t) => t.faceValue === 0)) return "contact_us";
  return null;
}
