/**
 * Seats for seated groups: a chosen seat (seat_template_id), or the first available seats of the
 * session's seat map in seat order, neighbours first, so seated events sell before a seat-map UI
 * exists. A seat is held by inserting a session_seat row; a taken seat is 409 seat_unavailable.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { TicketSeat } from "../../../api/cart-schemas.ts";
import * as s from "../../db/schema.ts";
import { reserveError } from "./errors.ts";
import type { Executor, Tx } from "./types.ts";

type SeatRow = typeof s.seatTemplate.$inferSelect;

export const seatUnavailable = (extra: Record<string, unknown>) =>
  reserveError("seat_unavailable", "Sorry, the selected seats are no longer available.", extra);

/**
 * Picks `n` seats from the available ones (in map order: top to bottom, left to right): the first
 * run of `n` neighbours along previous/next links, else the first `n` seats.
 */
export function pickSeats(available: readonly SeatRow[], n: number): SeatRow[] {
  const ordered = [...available].sort((a, b) => a.y - b.y || a.x - b.x || (a.id < b.id ? -1 : 1));
  if (ordered.length < n) return [];
  const byId = new Map(ordered.map((seat) => [seat.id, seat]));
  for (const start of ordered) {
    const run: SeatRow[] = [start];
    let cursor: SeatRow | undefined = start;
    while (run.length < n && cursor?.nextId) {
      cursor = byId.get(cursor.nextId);
      if (!cursor) break;
      run.push(cursor);
    }
    if (run.length === n) return run;
  }
  return ordered.slice(0, n);
}

async function seatsOfEvent(tx: Tx, eventTemplateId: string, groupId: string): Promise<SeatRow[]> {
  const rows = await tx
    .select({ seat: s.seatTemplate })
    .from(s.seatTemplate)
    .innerJoin(s.seatMap, eq(s.seatMap.id, s.seatTemplate.seatMapId))
    .where(and(eq(s.seatMap.eventTemplateId, eventTemplateId), eq(s.seatTemplate.unavailable, false)));
  return rows.map((r) => r.seat).filter((seat) => seat.ticketGroupIds.includes(groupId));
}

/** Holds seats for `n` tickets of a seated group in a session; returns their seat_template ids. */
export async function holdSeats(
  tx: Tx,
  request: { eventTemplateId: string; groupId: string; sessionId: string; n: number; seatIds: string[] },
): Promise<string[]> {
  const { sessionId, groupId, n } = request;
  const seats = await seatsOfEvent(tx, request.eventTemplateId, groupId);
  let chosen: string[];
  if (request.seatIds.length) {
    const valid = new Set(seats.map((seat) => seat.id));
    const bad = request.seatIds.find((id) => !valid.has(id));
    if (bad) throw seatUnavailable({ seat_template_id: bad, event_session_id: sessionId });
    chosen = request.seatIds;
  } else {
    const taken = new Set(
      (
        await tx
          .select({ id: s.sessionSeat.seatTemplateId })
          .from(s.sessionSeat)
          .where(
            and(
              eq(s.sessionSeat.eventSessionId, sessionId),
              inArray(
                s.sessionSeat.seatTemplateId,
                seats.map((seat) => seat.id),
              ),
            ),
          )
      ).map((r) => r.id),
    );
    chosen = pickSeats(
      seats.filter((seat) => !taken.has(seat.id)),
      n,
    ).map((seat) => seat.id);
    if (chosen.length < n) throw seatUnavailable({ event_session_id: sessionId, ticket_group_id: groupId });
  }
  const inserted = await tx
    .insert(s.sessionSeat)
    .values(chosen.map((seatTemplateId) => ({ eventSessionId: sessionId, seatTemplateId, state: "held" })))
    .onConflictDoNothing()
    .returning({ id: s.sessionSeat.seatTemplateId });
  if (inserted.length < chosen.length) {
    const got = new Set(inserted.map((r) => r.id));
    throw seatUnavailable({
      event_session_id: sessionId,
      seat_template_id: chosen.find((id) => !got.has(id)),
    });
  }
  return chosen;
}

/**
 * The seats behind `seatIds` as the answers show them (cart envelope `seat`, order embed `seat`):
 * no read when no ticket holds a seat, so unseated carts keep their statement count.
 */
export async function ticketSeats(ex: Executor, seatIds: readonly (string | null)[]): Promise<TicketSeat[]> {
  const ids = [...new Set(seatIds.filter((id): id is string => id !== null))];
  if (!ids.length) return [];
  const rows = await ex
    .select({ id: s.seatTemplate.id, name: s.seatTemplate.name })
    .from(s.seatTemplate)
    .where(inArray(s.seatTemplate.id, ids));
  return rows.map(serializeTicketSeat);
}

export const serializeTicketSeat = (row: { id: string; name: string }): TicketSeat => ({
  id: row.id,
  seat_template_id: row.id,
  name: row.name,
});
