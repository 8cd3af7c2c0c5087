/**
 * Letting the line in. Every server runs the pass each second; a room's pass takes its state row
 * (FOR UPDATE SKIP LOCKED), so one server at a time lets a room's shoppers in, and none counts the
 * rate twice. Those let in are the next in the line's order (domain/waiting-room/rules.ts), as many
 * as the rate's credit and the room left in the shop allow (admissionsDue).
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { admissionsDue } from "../../../domain/waiting-room/rules.ts";
import { loadTenants } from "../../../tenant/load.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { type Room, roomsOf, running } from "./rooms.ts";

export const ADMIT_PASS_MS = 1_000;

async function admitRoom(db: Db, room: Room, now: Date): Promise<number> {
  await db
    .insert(s.waitingRoomState)
    // The rate counts from the on-sale moment.
    .values({ sellerId: room.sellerId, roomKey: room.key, countedAt: room.onSaleAt })
    .onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(s.waitingRoomState)
      .where(and(eq(s.waitingRoomState.sellerId, room.sellerId), eq(s.waitingRoomState.roomKey, room.key)))
      .for("update", { skipLocked: true });
    if (!state) return 0;
    const inRoom = and(
      eq(s.waitingRoomVisitor.sellerId, room.sellerId),
      eq(s.waitingRoomVisitor.roomKey, room.key),
    );
    const [counts] = await tx
      .select({
        waiting: sql<number>`count(*) filter (where ${s.waitingRoomVisitor.admittedAt} is null)::int`,
        // Dates compared through the column (gt, lt, gte), so the driver binds them as timestamps:
        // postgres.js can't send a bare Date in hand-written SQL.
        inShop: sql<number>`count(*) filter (where ${gt(s.waitingRoomVisitor.leavesAt, now)})::int`,
      })
      .from(s.waitingRoomVisitor)
      .where(inRoom);
    const due = admissionsDue(
      running(room, state),
      {
        paused: state.paused,
        credit: state.credit,
        countedAt: state.countedAt,
        inShop: Number(counts?.inShop ?? 0),
      },
      now,
      Number(counts?.waiting ?? 0),
    );
    if (due.admit > 0) {
      const next = await tx
        .select({ id: s.waitingRoomVisitor.id })
        .from(s.waitingRoomVisitor)
        .where(and(inRoom, isNull(s.waitingRoomVisitor.admittedAt)))
        .orderBy(
          sql`(${gte(s.waitingRoomVisitor.arrivedAt, room.onSaleAt)})`,
          sql`case when ${lt(s.waitingRoomVisitor.arrivedAt, room.onSaleAt)} then ${s.waitingRoomVisitor.randomKey} end`,
          asc(s.waitingRoomVisitor.arrivedAt),
          asc(s.waitingRoomVisitor.id),
        )
        .limit(due.admit);
      if (next.length) {
        await tx
          .update(s.waitingRoomVisitor)
          .set({ admittedAt: now, leavesAt: new Date(now.getTime() + room.stayMinutes * 60_000) })
          .where(
            inArray(
              s.waitingRoomVisitor.id,
              next.map((v) => v.id),
            ),
          );
      }
    }
    await tx
      .update(s.waitingRoomState)
      .set({ credit: due.credit, countedAt: now })
      .where(and(eq(s.waitingRoomState.sellerId, room.sellerId), eq(s.waitingRoomState.roomKey, room.key)));
    return due.admit;
  });
}

/** One pass over every tenant's rooms that are open: answers how many were let in. */
export async function admitPass(
  db: Db,
  now: Date,
  rooms: readonly Room[] = [...loadTenants().values()].flatMap(roomsOf),
): Promise<number> {
  let admitted = 0;
  for (const room of rooms) {
    if (now.getTime() < room.onSaleAt.getTime()) continue;
    admitted += await admitRoom(db, room, now);
  }
  return admitted;
}

/** The line's figures for staff: waiting, let in, in the shop now. */
export async function lineFigures(db: Db, room: Room, now: Date) {
  const inRoom = and(
    eq(s.waitingRoomVisitor.sellerId, room.sellerId),
    eq(s.waitingRoomVisitor.roomKey, room.key),
  );
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${s.waitingRoomVisitor.admittedAt} is null)::int`,
      admitted: sql<number>`count(*) filter (where ${isNotNull(s.waitingRoomVisitor.admittedAt)})::int`,
      inShop: sql<number>`count(*) filter (where ${gt(s.waitingRoomVisitor.leavesAt, now)})::int`,
    })
    .from(s.waitingRoomVisitor)
    .where(inRoom);
  return {
    waiting: Number(counts?.waiting ?? 0),
    admitted: Number(counts?.admitted ?? 0),
    inShop: Number(counts?.inShop ?? 0),
  };
}
