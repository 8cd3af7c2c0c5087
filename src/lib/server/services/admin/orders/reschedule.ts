/**
 * Staff move some or all of an order's booked tickets of one session to another session of the
 * same event, on the visitor's behalf ("we can't come Saturday, can we come Sunday?"), in one
 * transaction:
 * 1. the order and its tickets are locked (access.ts), so two changes of one order run one after
 *    the other; the tickets must be the order's (else 404), booked (a cancelled or scanned ticket is
 *    409 order_ticket_not_booked), all of one session, and that session not yet started;
 * 2. the target is the actor's seller's (else 404), of the tickets' event, open (not closed by
 *    staff, not retired) and in the future;
 * 3. the tickets keep their ticket type and the price paid (a session of another price tier
 *    changes nothing the buyer pays or gets back: staff moves are goodwill); seated tickets get
 *    seats in the new session by the shop's own picking (reschedule-seats.ts), the same seats
 *    when free;
 * 4. the audit entry says who moved which tickets from which session to which, and why; the buyer
 *    gets the order_update mail with the new times;
 * 5. last, right before COMMIT, the counters move through the shop's one path (cart/counters.ts):
 *    the old session's places go back on sale and the new one's are taken, refused with the shop's
 *    own 409 (session_capacity_exceeded, event_session_sold_out) when they do not fit, so two staff
 *    moving tickets into the last place never both succeed.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { availableCapacity } from "../../../../domain/availability.ts";
import type { Executor, Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../../errors/api-error.ts";
import { mailOriginFor } from "../../../tenant-hosts/links.ts";
import { addDelta, applyCapacityDeltas, type Counters, type Deltas } from "../../cart/counters.ts";
import type { TicketRow } from "../../cart/types.ts";
import { mailManagedOrder } from "../../manage/mail.ts";
import { recordAudit } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { lockSellerOrder } from "./access.ts";
import { moveSeats } from "./reschedule-seats.ts";
import { type RescheduleOrderInput, type RescheduleResult, rescheduleOrderInput } from "./schemas.ts";
import { orderTickets, ticketsToCancel } from "./ticket-changes.ts";

export type SessionRow = typeof s.eventSession.$inferSelect;

/** A session as the answers show it, its places left from `counters` (fresh ones when given). */
export function sessionPlace(row: SessionRow, counters: Pick<Counters, "usedCapacity"> = row) {
  return {
    id: row.id,
    start: row.startDatetime.toISOString(),
    end: row.endDatetime.toISOString(),
    available: availableCapacity({ ...row, usedCapacity: counters.usedCapacity }),
  };
}

/** The actor's seller's session, or 404 (another seller's reads as one that does not exist). */
export async function sellerSession(ex: Executor, sellerId: string, id: string): Promise<SessionRow> {
  const [row] = await ex
    .select()
    .from(s.eventSession)
    .where(and(eq(s.eventSession.id, id), eq(s.eventSession.sellerId, sellerId)));
  if (!row) throw notFound("event_session", id);
  return row;
}

/** Whether a session still takes tickets: open, sold and not yet started. */
export function takesTickets(row: SessionRow, now: Date): boolean {
  return !row.soldOut && !row.retiredAt && row.startDatetime.getTime() > now.getTime();
}

/** The one session the tickets are all in, checked to be movable still (see the file comment). */
async function fromSessionOf(tx: Tx, sellerId: string, tickets: readonly TicketRow[], now: Date) {
  const ids = new Set<string>();
  for (const t of tickets) {
    if (!t.eventSessionId) throw fail("reschedule_not_session_ticket", { extra: { ticket_id: t.id } });
    ids.add(t.eventSessionId);
  }
  const [only, ...others] = [...ids];
  if (!only || others.length)
    throw validationFailed("Move the tickets of one session at a time.", { field: "ticketIds" });
  const from = await sellerSession(tx, sellerId, only);
  if (from.startDatetime.getTime() <= now.getTime()) {
    throw fail("reschedule_ticket_started", {
      extra: { ticket_ids: tickets.map((t) => t.id), event_session_id: from.id },
    });
  }
  return from;
}

function checkTarget(from: SessionRow, to: SessionRow, now: Date): void {
  if (to.id === from.id)
    throw validationFailed("The tickets are in this session already.", { field: "sessionId" });
  if (to.eventTemplateId !== from.eventTemplateId) {
    throw fail("reschedule_other_event", {
      extra: { event_session_id: to.id, event_template_id: from.eventTemplateId },
    });
  }
  if (!takesTickets(to, now)) {
    const why = to.soldOut ? "closed" : to.retiredAt ? "retired" : "started";
    throw fail("reschedule_session_unavailable", { extra: { event_session_id: to.id, why } });
  }
}

export async function rescheduleOrder(
  db: Executor,
  actor: StaffActor,
  input: RescheduleOrderInput,
  now: Date,
): Promise<RescheduleResult> {
  assertAllowed(actor, "orders.change");
  const { orderId, ticketIds, sessionId, reason } = parseInput(rescheduleOrderInput, input);
  return db.transaction(async (tx) => {
    const order = await lockSellerOrder(tx, actor, orderId);
    if (order.state !== "completed") throw fail("order_not_completed");
    const moving = ticketsToCancel(await orderTickets(tx, order), ticketIds);
    const from = await fromSessionOf(tx, actor.sellerId, moving, now);
    const to = await sellerSession(tx, actor.sellerId, sessionId);
    checkTarget(from, to, now);

    const seats = await moveSeats(tx, order.id, moving, to);
    const plain = moving.filter((t) => !seats.has(t.id)).map((t) => t.id);
    const where = (ids: string[]) =>
      and(inArray(s.ticket.id, ids), eq(s.ticket.ticketOrderId, order.id), eq(s.ticket.state, "booked"));
    const moved = { eventSessionId: to.id, validFrom: to.startDatetime, validTo: to.endDatetime };
    if (plain.length) await tx.update(s.ticket).set(moved).where(where(plain));
    for (const [ticketId, seatTemplateId] of seats) {
      await tx
        .update(s.ticket)
        .set({ ...moved, seatTemplateId })
        .where(where([ticketId]));
    }

    await recordAudit(
      tx,
      actor,
      {
        action: "reschedule",
        resource: "ticket_order",
        resourceId: order.id,
        reason,
        details: {
          tickets: moving.map((t) => t.id),
          from_session: from.id,
          from_start: from.startDatetime.toISOString(),
          to_session: to.id,
          to_start: to.startDatetime.toISOString(),
          seats: Object.fromEntries(seats),
          price_kept: true,
        },
      },
      now,
    );
    const seller = await actorSeller(tx, actor);
    const mailId = await mailManagedOrder(tx, seller, order, "order_update", mailOriginFor(seller.slug), now);

    // Last, right before COMMIT (counters.ts): the old places back on sale, the new ones taken.
    // The tickets stay in their ticket group, so only the sessions' counters change.
    const sessions: Deltas = new Map();
    for (const t of moving) {
      if (!t.countsAgainstSession) continue;
      addDelta(sessions, from.id, -1);
      addDelta(sessions, to.id, 1);
    }
    const fresh = await applyCapacityDeltas(tx, sessions, new Map());
    return {
      orderId: order.id,
      ticketIds: moving.map((t) => t.id),
      from: sessionPlace(from, fresh.sessions.get(from.id) ?? from),
      to: sessionPlace(to, fresh.sessions.get(to.id) ?? to),
      seats: Object.fromEntries(seats),
      mailId,
    };
  });
}
