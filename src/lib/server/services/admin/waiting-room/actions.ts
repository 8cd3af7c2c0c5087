/**
 * Staff changing a waiting room as it runs: pausing it (nobody more is let in; those in the shop
 * stay), resuming it, and setting its rate (or clearing it back to the tenant file's). The admission
 * pass on every server reads these from `waiting_room_state` each second. Each change is audited
 * against the room in the same transaction; a change to what already is changes nothing and writes
 * no audit entry (a second click).
 */
import { and, eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Db } from "../../../db/client.ts";
import type { Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { notFound } from "../../../errors/api-error.ts";
import type { RoomState } from "../../waiting-room/rooms.ts";
import { recordAudit } from "../audit.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import {
  type SetWaitingRoomRateInput,
  setWaitingRoomRateInput,
  type WaitingRoomRefInput,
  waitingRoomRefInput,
} from "./schemas.ts";
import { actorRooms, roomView, type WaitingRoomView } from "./view.ts";

export interface WaitingRoomChange extends WaitingRoomView {
  /** False when the room already was so. */
  changed: boolean;
}

type Patch = Partial<Pick<RoomState, "paused" | "rateOverride">>;

/**
 * Applies `change` to the room's state row (made first when the pass has not run yet, counting
 * from the on-sale as the pass's own would), locked against the pass, with its audit entry.
 */
async function changeRoom(
  db: Db,
  actor: StaffActor,
  roomKey: string,
  now: Date,
  change: (state: RoomState) => { patch: Patch; action: string; details: Record<string, unknown> } | null,
): Promise<WaitingRoomChange> {
  const rooms = await actorRooms(db, actor);
  const room = rooms.find((r) => r.key === roomKey);
  if (!room) throw notFound("waiting_room", roomKey);
  const state = await db.transaction(async (tx: Tx) => {
    await tx
      .insert(s.waitingRoomState)
      .values({ sellerId: room.sellerId, roomKey: room.key, countedAt: room.onSaleAt })
      .onConflictDoNothing();
    const where = and(
      eq(s.waitingRoomState.sellerId, room.sellerId),
      eq(s.waitingRoomState.roomKey, room.key),
    );
    const [current] = await tx.select().from(s.waitingRoomState).where(where).for("update");
    if (!current) throw notFound("waiting_room", roomKey);
    const wanted = change(current);
    if (!wanted) return { row: current, changed: false };
    const [row] = await tx.update(s.waitingRoomState).set(wanted.patch).where(where).returning();
    await recordAudit(
      tx,
      actor,
      {
        action: wanted.action,
        resource: "waiting_room",
        resourceId: room.key,
        details: { events: [...room.events], ...wanted.details },
      },
      now,
    );
    return { row: row ?? current, changed: true };
  });
  const view = await roomView({ db, actor }, rooms, room, now, state.row);
  return { ...view, changed: state.changed };
}

/** Nobody more is let in until staff resume. Roles: waiting_room.change. Audit: waiting_room.pause. */
export async function pauseWaitingRoom(
  db: Db,
  actor: StaffActor,
  input: WaitingRoomRefInput,
  now: Date,
): Promise<WaitingRoomChange> {
  assertAllowed(actor, "waiting_room.change");
  const { roomKey } = parseInput(waitingRoomRefInput, input);
  return changeRoom(db, actor, roomKey, now, (state) =>
    state.paused ? null : { patch: { paused: true }, action: "waiting_room.pause", details: {} },
  );
}

/** The line moves again. Roles: waiting_room.change. Audit: waiting_room.resume. */
export async function resumeWaitingRoom(
  db: Db,
  actor: StaffActor,
  input: WaitingRoomRefInput,
  now: Date,
): Promise<WaitingRoomChange> {
  assertAllowed(actor, "waiting_room.change");
  const { roomKey } = parseInput(waitingRoomRefInput, input);
  return changeRoom(db, actor, roomKey, now, (state) =>
    state.paused ? { patch: { paused: false }, action: "waiting_room.resume", details: {} } : null,
  );
}

/**
 * Staff's rate from now on, or null for the file's again. Roles: waiting_room.change. Audit:
 * waiting_room.rate (with the rate before and after; null: the file's).
 */
export async function setWaitingRoomRate(
  db: Db,
  actor: StaffActor,
  input: SetWaitingRoomRateInput,
  now: Date,
): Promise<WaitingRoomChange> {
  assertAllowed(actor, "waiting_room.change");
  const { roomKey, ratePerMinute } = parseInput(setWaitingRoomRateInput, input);
  return changeRoom(db, actor, roomKey, now, (state) =>
    state.rateOverride === ratePerMinute
      ? null
      : {
          patch: { rateOverride: ratePerMinute },
          action: "waiting_room.rate",
          details: { from: state.rateOverride, to: ratePerMinute },
        },
  );
}
