/**
 * Where an order's tickets of one session could move (reschedule.ts): the event's sessions to come
 * (before or after theirs) of the actor's seller that still take tickets and have a place left, soonest first, each with
 * its places left as the shop counts them (domain/availability.ts, the session counters). A
 * session the order has no booked ticket of is 404; one that has started is 409, as the move is.
 */
import { and, asc, eq, gt, isNull, ne } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { availableCapacity } from "../../../../domain/availability.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound } from "../../../errors/api-error.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import { sellerOrder } from "./access.ts";
import { sellerSession, sessionPlace } from "./reschedule.ts";
import { type RescheduleOptions, type RescheduleOptionsInput, rescheduleOptionsInput } from "./schemas.ts";

/** Enough for the weeks ahead of a daily event; the page lists them in a select. */
const MAX_SESSIONS = 120;

export async function rescheduleOptions(
  db: Executor,
  actor: StaffActor,
  input: RescheduleOptionsInput,
  now: Date,
): Promise<RescheduleOptions> {
  assertAllowed(actor, "orders.change");
  const { orderId, sessionId } = parseInput(rescheduleOptionsInput, input);
  const order = await sellerOrder(db, actor, orderId);
  const tickets = await db
    .select({ id: s.ticket.id })
    .from(s.ticket)
    .where(
      and(
        eq(s.ticket.ticketOrderId, order.id),
        eq(s.ticket.eventSessionId, sessionId),
        eq(s.ticket.state, "booked"),
      ),
    )
    .orderBy(asc(s.ticket.id));
  // A session the order holds no booked ticket of is nothing to move from.
  if (!tickets.length) throw notFound("event_session", sessionId);
  const from = await sellerSession(db, actor.sellerId, sessionId);
  // Its tickets can no longer move: refused as the move itself would be.
  if (from.startDatetime.getTime() <= now.getTime()) {
    throw fail("reschedule_ticket_started", {
      extra: { ticket_ids: tickets.map((t) => t.id), event_session_id: from.id },
    });
  }
  const later = await db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.sellerId, actor.sellerId),
        eq(s.eventSession.eventTemplateId, from.eventTemplateId),
        ne(s.eventSession.id, from.id),
        gt(s.eventSession.startDatetime, now),
        eq(s.eventSession.soldOut, false),
        isNull(s.eventSession.retiredAt),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventSession.id))
    .limit(MAX_SESSIONS);
  return {
    orderId: order.id,
    from: sessionPlace(from),
    ticketIds: tickets.map((t) => t.id),
    sessions: later.filter((row) => availableCapacity(row) !== 0).map((row) => sessionPlace(row)),
  };
}
