/**
 * My account, orders and upcoming tickets (spec 2 §3, §4): pure rules.
 *
 * - Ticket states (§4): in_cart, cancelled, unbooked, redeemed; cancelled or unbooked count as
 *   cancelled. A ticket is shown as Redeemed, Cancelled or Past Event (its session started before
 *   now); an active ticket of a future session has no state label.
 * - Scheduled payment (§4): Upcoming when due is in the future, else Overdue.
 * - Payment audit (§3): capture (shown Paid), refund (Refund), dispute_opened, dispute_closed,
 *   dispute_fee, each with occurred_on; oldest first.
 * - Sorting: orders newest first; upcoming sessions soonest first.
 */

export type TicketDisplayState = "Redeemed" | "Cancelled" | "Past Event";

/**
 * The tickets a buyer holds: booked, and booked then admitted at the gate (redeemed). Both count
 * as sold, keep their place, and count toward a member's limits.
 */
export const SOLD_TICKET_STATES = ["booked", "redeemed"] as const;

export function isSoldTicket(state: string): boolean {
  return state === "booked" || state === "redeemed";
}

/** Spec 2 §4: "Cancelled or unbooked count as cancelled." (The database keeps `booked` for active.) */
export function isCancelledTicket(state: string): boolean {
  return state === "cancelled" || state === "unbooked";
}

/** Spec 2 §4: "A session is shown as Redeemed, Cancelled or Past Event"; null for an active, future ticket. */
export function ticketDisplayState(state: string, start: Date | null, now: Date): TicketDisplayState | null {
  if (isCancelledTicket(state)) return "Cancelled";
  if (state === "redeemed") return "Redeemed";
  if (start && start.getTime() < now.getTime()) return "Past Event";
  return null;
}

export type ScheduledPaymentStatus = "Upcoming" | "Overdue";

/** Spec 2 §4: "Upcoming when due is in the future, else Overdue." */
export function scheduledPaymentStatus(dueDate: Date, now: Date): ScheduledPaymentStatus {
  return dueDate.getTime() > now.getTime() ? "Upcoming" : "Overdue";
}

export const PAYMENT_AUDIT_ACTIONS = [
  "capture",
  "refund",
  "dispute_opened",
  "dispute_closed",
  "dispute_fee",
] as const;
export type PaymentAuditAction = (typeof PAYMENT_AUDIT_ACTIONS)[number];

/** How an audit entry is labelled (spec 2 §3: capture shown Paid, refund Refund; disputes by name). */
export const PAYMENT_AUDIT_LABELS: Record<PaymentAuditAction, string> = {
  capture: "Paid",
  refund: "Refund",
  dispute_opened: "Dispute opened",
  dispute_closed: "Dispute closed",
  dispute_fee: "Dispute fee",
};

export interface PaymentRecord {
  id: string;
  /** succeeded | pending | failed | refunded | refund | dispute_opened | dispute_closed | dispute_fee ... */
  state: string;
  amount: number;
  occurredAt: Date;
  gatewayId: string;
}

export interface PaymentAuditEntry {
  id: string;
  action: PaymentAuditAction;
  amount: number;
  occurredOn: Date;
  gatewayId: string;
}

/**
 * The payment audit of an order from its cart's payment rows: a succeeded payment is a capture; a
 * payment refunded in full (state `refunded`) is a capture followed by its refund; a row recording
 * a refund or a dispute event (state `refund`, `dispute_*`) is that entry. Pending and failed
 * payments took no money and are left out. Oldest first.
 */
export function paymentAudit(rows: readonly PaymentRecord[]): PaymentAuditEntry[] {
  const out: PaymentAuditEntry[] = [];
  for (const row of rows) {
    const base = { amount: row.amount, occurredOn: row.occurredAt, gatewayId: row.gatewayId };
    if (row.state === "succeeded") out.push({ id: row.id, action: "capture", ...base });
    else if (row.state === "refunded") {
      out.push({ id: row.id, action: "capture", ...base });
      out.push({ id: `${row.id}-refund`, action: "refund", ...base });
    } else if (row.state === "refund") out.push({ id: row.id, action: "refund", ...base });
    else if ((PAYMENT_AUDIT_ACTIONS as readonly string[]).includes(row.state))
      out.push({ id: row.id, action: row.state as PaymentAuditAction, ...base });
  }
  return out
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => a.entry.occurredOn.getTime() - b.entry.occurredOn.getTime() || a.i - b.i)
    .map(({ entry }) => entry);
}

/** Orders newest first (ties by id, so the order is stable). */
export function newestFirst<T extends { createdAt: Date; id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Upcoming sessions soonest first (ties by order number, then session id). */
export function soonestFirst<T extends { start: Date; orderNumber: string; sessionId: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      a.start.getTime() - b.start.getTime() ||
      a.orderNumber.localeCompare(b.orderNumber) ||
      a.sessionId.localeCompare(b.sessionId),
  );
}

/** A session is upcoming while it has not started (the page lists those only). */
export function isUpcoming(start: Date, now: Date): boolean {
  return start.getTime() >= now.getTime();
}

export interface ValidityMembership {
  name: string;
  valid_from: string;
  valid_to: string;
}

/**
 * A membership ticket has no session, so its row on the order page shows the
 * membership's validity instead of a date and time: the order's membership held by the ticket's
 * admit name, else the order's first one, else the ticket's own validity (from its start to its
 * `valid_to`); null when none is known.
 */
export function membershipValidity(
  ticket: { admit_name: string | null; start_datetime: string | null; valid_to?: string | null | undefined },
  memberships: readonly ValidityMembership[],
): { from: string; to: string } | null {
  const held =
    memberships.find((m) => ticket.admit_name !== null && m.name === ticket.admit_name) ?? memberships[0];
  if (held) return { from: held.valid_from, to: held.valid_to };
  if (ticket.start_datetime && ticket.valid_to) return { from: ticket.start_datetime, to: ticket.valid_to };
  return null;
}
