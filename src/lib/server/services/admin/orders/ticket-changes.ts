/**
 * What a staff refund or cancel does to an order's tickets, inside its transaction (the order and
 * its tickets locked first, access.ts lockSellerOrder):
 * - the tickets asked must be the order's (another order's or an unknown id is 404) and booked;
 * - they become cancelled, their seats and voucher uses are freed (cart/release.ts), and their
 *   places go back on sale through the session and group counters (cart/counters.ts), last;
 * - a membership of the order ends (valid_to now, auto-renew cancelled) once no booked ticket of
 *   its program is left on the order.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { SOLD_TICKET_STATES } from "../../../../domain/account/orders.ts";
import type { Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound } from "../../../errors/api-error.ts";
import { applyCapacityDeltas, releaseDeltas } from "../../cart/counters.ts";
import { cancelTickets } from "../../cart/release.ts";
import type { TicketRow } from "../../cart/types.ts";
import type { OrderRow } from "../../checkout/orders.ts";

export async function orderTickets(tx: Tx, order: OrderRow): Promise<TicketRow[]> {
  return tx.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, order.id)).orderBy(s.ticket.id);
}

/** The booked tickets a change touches: all of the order's, or the ones asked (each checked). */
export function ticketsToCancel(
  tickets: readonly TicketRow[],
  asked: readonly string[] | undefined,
): TicketRow[] {
  if (!asked) return tickets.filter((t) => t.state === "booked");
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const chosen: TicketRow[] = [];
  for (const id of new Set(asked)) {
    const ticket = byId.get(id);
    if (!ticket) throw notFound("ticket", id);
    if (ticket.state !== "booked") throw fail("order_ticket_not_booked", { extra: { ticket_id: id } });
    chosen.push(ticket);
  }
  return chosen;
}

/**
 * Cancels the tickets (seats and voucher uses freed) and answers the step that gives their places
 * back, to run last, right before COMMIT, like every change of the counters (counters.ts).
 */
export async function cancelOrderTickets(
  tx: Tx,
  tickets: readonly TicketRow[],
): Promise<() => Promise<void>> {
  const { sessions, groups } = releaseDeltas(tickets);
  await cancelTickets(tx, tickets, "booked");
  return async () => {
    if (tickets.length) await applyCapacityDeltas(tx, sessions, groups);
  };
}

/**
 * Ends the order's memberships whose program has no booked ticket left on the order (called after
 * some of its tickets were cancelled); answers the ended memberships' ids.
 */
export async function endUnbookedMemberships(tx: Tx, order: OrderRow, now: Date): Promise<string[]> {
  const memberships = await tx.select().from(s.membership).where(eq(s.membership.ticketOrderId, order.id));
  if (!memberships.length) return [];
  const booked = await tx
    .select({ groupId: s.ticket.ticketGroupId })
    .from(s.ticket)
    .where(and(eq(s.ticket.ticketOrderId, order.id), inArray(s.ticket.state, SOLD_TICKET_STATES)));
  const stillBooked = new Set(booked.map((t) => t.groupId));
  // A membership without a program (older rows) ends with the order's last booked ticket.
  const programLeft = (m: (typeof memberships)[number]) =>
    m.ticketGroupId ? stillBooked.has(m.ticketGroupId) : booked.length > 0;
  const ending = memberships.filter((m) => !programLeft(m) && m.validTo.getTime() > now.getTime());
  if (!ending.length) return [];
  const ids = ending.map((m) => m.id);
  await tx
    .update(s.membership)
    .set({ validTo: now })
    .where(and(inArray(s.membership.id, ids), gt(s.membership.validTo, now)));
  await tx
    .update(s.membership)
    .set({ autoRenewState: "cancelled" })
    .where(and(inArray(s.membership.id, ids), eq(s.membership.autoRenewState, "scheduled")));
  return ids;
}
