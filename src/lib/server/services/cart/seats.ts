/**
 * Seats for seated groups: a chosen seat (seat_template_id), or seats picked for the shopper
 * (domain/seat-pick.ts): next to the party's seats in the session when it has some (a cart's
 * earlier seats, an edited order's), the moving party's own seats on a reschedule, else front and
 * centre. A seat is held by inserting a session_seat row; a taken seat is 409 seat_unavailable.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { TicketSeat } from "../../../api/cart/schemas.ts";
import { pickSeatsFor } from "../../../domain/seat-pick.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { reserveError } from "./errors.ts";
import type { CartRow, TicketRow } from "./types.ts";

type SeatRow = typeof s.seatTemplate.$inferSelect;

export const seatUnavailable = (extra: Record<string, unknown>) =>
  reserveError("seat_unavailable", "Sorry, the selected seats are no longer available.", extra);

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
  request: {
    eventTemplateId: string;
    groupId: string;
    sessionId: string;
    n: number;
    seatIds: string[];
    /** Seats the party already has in this session (the cart's, an edited order's): sit next to them. */
    party?: readonly string[];
    /** Seats a moving party had in another session of the event (a reschedule): the same, or nearest. */
    former?: readonly string[];
  },
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
    const free = seats.filter((seat) => !taken.has(seat.id));
    const seatOf = (ids: readonly string[] = []) =>
      ids.flatMap((id) => seats.find((seat) => seat.id === id) ?? []);
    const party = seatOf(request.party);
    chosen = pickSeatsFor(free, n, { party, former: seatOf(request.former), layout: seats }).map(
      (seat) => seat.id,
    );
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

type PartyTicket = Pick<TicketRow, "id" | "eventSessionId" | "seatTemplateId" | "ticketTypeId">;

/**
 * The party's seats a modify picks seats beside: per session, the cart's kept seats and, on an edit
 * cart, its order's booked seats not being removed; per ticket type, the seats of the order's
 * tickets being removed in another session (a reschedule moves them: the same seats when free).
 * `took` adds the seats a line of this call picked, so the next line sits with them too.
 */
export async function partySeats(
  tx: Tx,
  cart: Pick<CartRow, "editsTicketOrderId" | "editRemovals">,
  kept: readonly PartyTicket[],
) {
  const order: PartyTicket[] = cart.editsTicketOrderId
    ? await tx
        .select({
          id: s.ticket.id,
          eventSessionId: s.ticket.eventSessionId,
          seatTemplateId: s.ticket.seatTemplateId,
          ticketTypeId: s.ticket.ticketTypeId,
        })
        .from(s.ticket)
        .where(
          and(
            eq(s.ticket.ticketOrderId, cart.editsTicketOrderId),
            eq(s.ticket.state, "booked"),
            isNotNull(s.ticket.seatTemplateId),
          ),
        )
    : [];
  const removing = new Set(cart.editRemovals);
  const sitting = [...kept, ...order.filter((t) => !removing.has(t.id))];
  const moving = order.filter((t) => removing.has(t.id));
  const picked = new Map<string, string[]>();
  return {
    of(sessionId: string, ticketTypeId: string) {
      return {
        party: [
          ...sitting.flatMap((t) =>
            t.eventSessionId === sessionId && t.seatTemplateId ? [t.seatTemplateId] : [],
          ),
          ...(picked.get(sessionId) ?? []),
        ],
        former: moving.flatMap((t) =>
          t.eventSessionId !== sessionId && t.ticketTypeId === ticketTypeId && t.seatTemplateId
            ? [t.seatTemplateId]
            : [],
        ),
      };
    },
    took(sessionId: string, seatIds: readonly string[]) {
      picked.set(sessionId, [...(picked.get(sessionId) ?? []), ...seatIds]);
    },
  };
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
