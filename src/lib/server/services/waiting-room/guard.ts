/**
 * The door the line guards: reserving or paying for tickets of an event a waiting room guards
 * needs the room's admission token (the `foyer_wr` cookie the line sets), so nobody skips the line
 * by calling the API. Before the on-sale, nobody may. A tenant without rooms pays nothing for it.
 */
import { beforeOnSale } from "../../../domain/waiting-room/rules.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Executor } from "../../db/executor.ts";
import { fail } from "../../errors/api-error.ts";
import { verifyAdmissionToken } from "./admission-token.ts";
import { guardingRoom, type Room } from "./rooms.ts";

/** The rooms guarding any of these events (each once). */
export function roomsGuarding(sellerId: string, eventIds: readonly string[]): Room[] {
  const tenant = getTenant(sellerId);
  if (!tenant?.web.waiting_room.length) return [];
  const rooms = new Map<string, Room>();
  for (const id of new Set(eventIds)) {
    const room = guardingRoom(tenant, id);
    if (room) rooms.set(room.key, room);
  }
  return [...rooms.values()];
}

export async function assertAdmitted(
  ex: Executor,
  sellerId: string,
  eventIds: readonly string[],
  token: string | undefined,
  now: Date,
): Promise<void> {
  for (const room of roomsGuarding(sellerId, eventIds)) {
    if (beforeOnSale(now, room)) {
      throw fail("waiting_room_not_on_sale", { extra: { on_sale_at: room.onSaleAt.toISOString() } });
    }
    if (!(await verifyAdmissionToken(ex, room, token, now))) throw fail("waiting_room_required");
  }
}
