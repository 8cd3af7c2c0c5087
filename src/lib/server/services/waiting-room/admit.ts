/**
 * Letting the line in. Every server runs the pass each second; a room's pass takes its state row
 * (FOR UPDATE SKIP LOCKED), so one server at a time lets a room's shoppers in, and none counts the
 * rate twice. The pass ranks those who joined since the last (the line's order,
 * domain/waiting-room/rules.ts) and lets in the next ranks, as many as the rate's credit and the
 * room left in the shop allow (admissionsDue).
 */
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { admissionsDue } from "../../../domain/waiting-room/rules.ts";
import { loadTenants } from "../../../tenant/load.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { type Room, roomsOf, running } from "./rooms.ts";

export const ADMIT_PASS_MS = 1_000;

const inRoom = (room: Room) =>
  and(eq(s.waitingRoomVisitor.sellerId, room.sellerId), eq(s.waitingRoomVisitor.roomKey, room.key));

/** The line's order (domain/waiting-room/rules.ts compareInLine) as SQL, for ranking. */
const lineOrder = (room: Room) => [
  sql`(${gte(s.waitingRoomVisitor.arrivedAt, room.onSaleAt)})`,
  sql`case when ${lt(s.waitingRoomVisitor.arrivedAt, room.onSaleAt)} then ${s.waitingRoomVisitor.randomKey} end`,
  asc(s.waitingRoomVisitor.arrivedAt),
  asc(s.waitingRoomVisitor.id),
];

/**
 * How long after arriving a visitor is ranked. An arrival is stamped before its row is written: one
 * stamped a moment before another may be written after it (a busy server's pool queues the INSERT).
 * Only rows this old are ranked, so such a row lands first and the ranks keep the order of arrival
 * (nobody who came before the on-sale is ranked after someone who came later). Newcomers used to be
 * ranked at once: the on-sale bench let 26 of 10,000 in ahead of someone stamped before them.
 */
export const SETTLE_MS = ADMIT_PASS_MS;

/**
 * Ranks the waiting visitors not ranked yet after the last rank, in the line's order: once the
 * on-sale has settled, everyone who came before it (by their random keys), then each second those
 * who came since (by arrival). Answers how many were ranked.
 */
async function rankNewcomers(tx: Tx, room: Room, rankedThrough: number, now: Date): Promise<number> {
  const settled = new Date(now.getTime() - SETTLE_MS);
  if (settled.getTime() < room.onSaleAt.getTime()) return 0;
  const unranked = tx
    .select({
      id: s.waitingRoomVisitor.id,
      n: sql<number>`row_number() over (order by ${sql.join(lineOrder(room), sql`, `)})`.as("n"),
    })
    .from(s.waitingRoomVisitor)
    .where(
      and(
        inRoom(room),
        isNull(s.waitingRoomVisitor.lineRank),
        isNull(s.waitingRoomVisitor.admittedAt),
        lte(s.waitingRoomVisitor.arrivedAt, settled),
      ),
    )
    .as("unranked");
  const ranked = await tx
    .update(s.waitingRoomVisitor)
    .set({ lineRank: sql`${rankedThrough}::int + ${unranked.n}` })
    .from(unranked)
    .where(eq(s.waitingRoomVisitor.id, unranked.id))
    .returning({ id: s.waitingRoomVisitor.id });
  return ranked.length;
}

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
    const rankedThrough = state.rankedThrough + (await rankNewcomers(tx, room, state.rankedThrough, now));
    const [counts] = await tx
      .select({
        // Dates compared through the column (gt), so the driver binds them as timestamps:
        // postgres.js can't send a bare Date in hand-written SQL.
        inShop: sql<number>`count(*) filter (where ${gt(s.waitingRoomVisitor.leavesAt, now)})::int`,
      })
      .from(s.waitingRoomVisitor)
      .where(and(inRoom(room), isNotNull(s.waitingRoomVisitor.admittedAt)));
    const due = admissionsDue(
      running(room, state),
      {
        paused: state.paused,
        credit: state.credit,
        countedAt: state.countedAt,
        inShop: Number(counts?.inShop ?? 0),
      },
      now,
      rankedThrough - state.admittedThrough,
    );
    // Those let in are the next ranks: everyone up to admitted_through already was.
    const admittedThrough = state.admittedThrough + due.admit;
    if (due.admit > 0) {
      await tx
        .update(s.waitingRoomVisitor)
        .set({ admittedAt: now, leavesAt: new Date(now.getTime() + room.stayMinutes * 60_000) })
        .where(
          and(
            inRoom(room),
            gt(s.waitingRoomVisitor.lineRank, state.admittedThrough),
            lte(s.waitingRoomVisitor.lineRank, admittedThrough),
          ),
        );
    }
    await tx
      .update(s.waitingRoomState)
      .set({ credit: due.credit, countedAt: now, rankedThrough, admittedThrough })
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
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${s.waitingRoomVisitor.admittedAt} is null)::int`,
      admitted: sql<number>`count(*) filter (where ${isNotNull(s.waitingRoomVisitor.admittedAt)})::int`,
      inShop: sql<number>`count(*) filter (where ${gt(s.waitingRoomVisitor.leavesAt, now)})::int`,
    })
    .from(s.waitingRoomVisitor)
    .where(inRoom(room));
  return {
    waiting: Number(counts?.waiting ?? 0),
    admitted: Number(counts?.admitted ?? 0),
    inShop: Number(counts?.inShop ?? 0),
  };
}
