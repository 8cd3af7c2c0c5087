/**
 * A tenant's waiting rooms as the services read them (its file's `web.waiting_room`), with what
 * staff changed (paused, the rate) from `waiting_room_state`.
 */
import { and, eq } from "drizzle-orm";
import { type RoomConfig, roomFor, roomKey } from "../../../domain/waiting-room/rules.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export interface Room extends RoomConfig {
  key: string;
  sellerId: string;
}

type RoomTenant = Pick<Tenant, "slug"> & { web: Pick<Tenant["web"], "waiting_room"> };

export function roomsOf(tenant: RoomTenant): Room[] {
  return tenant.web.waiting_room.map((room) => ({
    key: roomKey(room),
    sellerId: tenant.slug,
    events: room.events,
    onSaleAt: new Date(room.on_sale_at),
    ratePerMinute: room.rate_per_minute ?? null,
    maxInShop: room.max_in_shop ?? null,
    stayMinutes: room.stay_minutes,
  }));
}

/** The room guarding an event, or undefined when none does. */
export function guardingRoom(tenant: RoomTenant, eventId: string): Room | undefined {
  return roomFor(roomsOf(tenant), eventId);
}

export type RoomState = typeof s.waitingRoomState.$inferSelect;

export async function roomState(ex: Executor, room: Room, now: Date): Promise<RoomState> {
  const [row] = await ex
    .select()
    .from(s.waitingRoomState)
    .where(and(eq(s.waitingRoomState.sellerId, room.sellerId), eq(s.waitingRoomState.roomKey, room.key)));
  return (
    row ?? {
      sellerId: room.sellerId,
      roomKey: room.key,
      paused: false,
      rateOverride: null,
      credit: 0,
      countedAt: now,
      rankedThrough: 0,
      admittedThrough: 0,
    }
  );
}

/** The room as it runs: the file's settings with staff's rate. */
export function running(room: Room, state: Pick<RoomState, "rateOverride">): Room {
  return state.rateOverride === null ? room : { ...room, ratePerMinute: state.rateOverride };
}
