/**
 * The tickets a reschedule adds at the new session (pure): the same ticket types as the tickets it
 * moves. A seated group's tickets take the seats chosen on the seat map, one seat per ticket; a
 * group without chosen seats is one line per type, its seats picked by the server beside the party
 * (domain/seat-pick.ts: the same seats when free). A seat choice that is not complete adds nothing
 * (null): the page asks for the rest first.
 */
import type { ChosenSeats, SeatDemand } from "../seat-selection.ts";

export interface MovingTicket {
  ticketTypeId: string;
  /** The ticket's group, and whether it is seated. */
  groupId: string;
  groupName: string;
  seated: boolean;
}

export interface RescheduleAdd {
  ticket_type_id: string;
  event_session_id: string;
  quantity: number;
  seat_template_id?: string;
}

/** The seated groups of the moving tickets and how many seats each needs. */
export function rescheduleSeatDemand(tickets: readonly MovingTicket[]): SeatDemand[] {
  const out = new Map<string, SeatDemand>();
  for (const t of tickets) {
    if (!t.seated) continue;
    const entry = out.get(t.groupId) ?? { id: t.groupId, name: t.groupName, quantity: 0 };
    out.set(t.groupId, { ...entry, quantity: entry.quantity + 1 });
  }
  return [...out.values()];
}

export function rescheduleAdds(
  tickets: readonly MovingTicket[],
  sessionId: string,
  chosen: ChosenSeats = {},
): RescheduleAdd[] | null {
  const demand = rescheduleSeatDemand(tickets);
  for (const group of demand) {
    const count = chosen[group.id]?.length ?? 0;
    if (count !== 0 && count !== group.quantity) return null;
  }
  const used = new Map<string, number>();
  const seated: RescheduleAdd[] = [];
  const perType = new Map<string, number>();
  for (const t of tickets) {
    const seats = t.seated ? chosen[t.groupId] : undefined;
    if (seats?.length) {
      const index = used.get(t.groupId) ?? 0;
      used.set(t.groupId, index + 1);
      const seat = seats[index];
      if (seat) {
        seated.push({
          ticket_type_id: t.ticketTypeId,
          event_session_id: sessionId,
          quantity: 1,
          seat_template_id: seat,
        });
        continue;
      }
    }
    perType.set(t.ticketTypeId, (perType.get(t.ticketTypeId) ?? 0) + 1);
  }
  return [
    ...[...perType].map(([ticket_type_id, quantity]) => ({
      ticket_type_id,
      event_session_id: sessionId,
      quantity,
    })),
    ...seated,
  ];
}

/** A ticket an edit cart holds in a seated group, with its seat. */
export interface HeldSeat {
  id: string;
  ticketTypeId: string;
  seatId: string;
}

/**
 * Edit order, new seats chosen for the tickets it adds: the held tickets whose seat was not chosen
 * again are removed and the newly chosen seats added, one ticket each of the type given up (a seat
 * kept stays held: re-adding it would find it taken). Null when the choice is not one seat per
 * ticket, or changes nothing.
 */
export function reseatChange(
  held: readonly HeldSeat[],
  chosen: readonly string[],
): { remove: string[]; add: { ticket_type_id: string; seat_template_id: string }[] } | null {
  if (chosen.length !== held.length || new Set(chosen).size !== chosen.length) return null;
  const keep = new Set(chosen);
  const heldSeats = new Set(held.map((h) => h.seatId));
  const leaving = held.filter((h) => !keep.has(h.seatId));
  const arriving = chosen.filter((seat) => !heldSeats.has(seat));
  if (!leaving.length) return null;
  return {
    remove: leaving.map((h) => h.id),
    add: arriving.map((seat, i) => ({
      ticket_type_id: leaving[i]?.ticketTypeId ?? leaving[0]?.ticketTypeId ?? "",
      seat_template_id: seat,
    })),
  };
}
