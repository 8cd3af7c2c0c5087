/**
 * Seats of tickets staff move to another session: the shop's own seat picking (cart/seats.ts
 * holdSeats), given the seats the party had, so they keep the same seats when those are free at
 * the new time, else the nearest together, beside the order's seats already in that session. The
 * new seats are booked and the old ones freed, inside the reschedule's transaction; no free seat
 * left for them is 409 seat_unavailable, and everything rolls back.
 */
import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { holdSeats } from "../../cart/seats.ts";
import type { TicketRow } from "../../cart/types.ts";

type SessionRow = typeof s.eventSession.$inferSelect;

/** Seats of the order's booked tickets already in the target session (the party to sit with). */
async function partyIn(tx: Tx, orderId: string, sessionId: string): Promise<string[]> {
  const rows = await tx
    .select({ seat: s.ticket.seatTemplateId })
    .from(s.ticket)
    .where(
      and(
        eq(s.ticket.ticketOrderId, orderId),
        eq(s.ticket.eventSessionId, sessionId),
        eq(s.ticket.state, "booked"),
        isNotNull(s.ticket.seatTemplateId),
      ),
    );
  return rows.flatMap((r) => (r.seat ? [r.seat] : []));
}

/**
 * Picks and books seats in `to` for the seated tickets among `tickets` and frees their old seats;
 * answers the new seat of each seated ticket, by ticket id (empty when none is seated).
 */
export async function moveSeats(
  tx: Tx,
  orderId: string,
  tickets: readonly TicketRow[],
  to: SessionRow,
): Promise<Map<string, string>> {
  const seated = tickets.filter((t) => t.seatTemplateId !== null);
  const moved = new Map<string, string>();
  if (!seated.length) return moved;
  // One pick per group and ticket type, as the shop picks one line's seats together.
  const chunks = new Map<string, TicketRow[]>();
  for (const t of seated) {
    const key = `${t.ticketGroupId}\u0000${t.ticketTypeId}`;
    chunks.set(key, [...(chunks.get(key) ?? []), t]);
  }
  const party = await partyIn(tx, orderId, to.id);
  for (const chunk of chunks.values()) {
    const first = chunk[0];
    if (!first) continue;
    const picked = await holdSeats(tx, {
      eventTemplateId: to.eventTemplateId,
      groupId: first.ticketGroupId,
      sessionId: to.id,
      n: chunk.length,
      seatIds: [],
      party,
      former: chunk.flatMap((t) => (t.seatTemplateId ? [t.seatTemplateId] : [])),
    });
    chunk.forEach((t, i) => {
      const seat = picked[i];
      if (seat) moved.set(t.id, seat);
    });
    party.push(...picked);
  }
  await tx
    .update(s.sessionSeat)
    .set({ state: "booked" })
    .where(
      and(
        eq(s.sessionSeat.eventSessionId, to.id),
        eq(s.sessionSeat.state, "held"),
        inArray(s.sessionSeat.seatTemplateId, [...moved.values()]),
      ),
    );
  const old = seated.flatMap((t) =>
    t.seatTemplateId && t.eventSessionId
      ? [
          and(
            eq(s.sessionSeat.eventSessionId, t.eventSessionId),
            eq(s.sessionSeat.seatTemplateId, t.seatTemplateId),
          ),
        ]
      : [],
  );
  if (old.length) await tx.delete(s.sessionSeat).where(and(eq(s.sessionSeat.state, "booked"), or(...old)));
  return moved;
}
