/**
 * A shopper in a room's line: arriving (a visitor row with a random key, kept by the browser's
 * cookie so a reload or another tab keeps the place), and where they stand: before the on-sale,
 * waiting (their place, an honest estimate), or let in (the admission token, until the end of the
 * stay). The place is the visitor's rank in the line's order (given by the admission pass, admit.ts)
 * less the ranks already let in: one indexed read per question, however long the line.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeOnSale, waitEstimateSeconds } from "../../../domain/waiting-room/rules.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { issueAdmissionToken } from "./admission-token.ts";
import { type Room, type RoomState, roomState, running } from "./rooms.ts";

export const VISITOR_COOKIE = "foyer_wr_visitor";
const VISITOR_ID = /^[0-9a-f-]{36}$/;

export type VisitorRow = typeof s.waitingRoomVisitor.$inferSelect;

/** A visitor as the line reads them: their row and their room's state (absent before the first pass). */
export interface Visitor {
  row: VisitorRow;
  state: RoomState | undefined;
}

/**
 * The visitor and their room's state in one query, built once per database handle: the answer most
 * asked in an on-sale, where building the query each time cost more than running it.
 */
function buildVisitorQuery(ex: Executor) {
  return ex
    .select({ row: s.waitingRoomVisitor, state: s.waitingRoomState })
    .from(s.waitingRoomVisitor)
    .leftJoin(
      s.waitingRoomState,
      and(
        eq(s.waitingRoomState.sellerId, s.waitingRoomVisitor.sellerId),
        eq(s.waitingRoomState.roomKey, s.waitingRoomVisitor.roomKey),
      ),
    )
    .where(
      and(
        eq(s.waitingRoomVisitor.id, sql.placeholder("id")),
        eq(s.waitingRoomVisitor.sellerId, sql.placeholder("sellerId")),
        eq(s.waitingRoomVisitor.roomKey, sql.placeholder("roomKey")),
      ),
    )
    .prepare("waiting_room_visitor");
}

const visitorQueries = new WeakMap<Executor, ReturnType<typeof buildVisitorQuery>>();

async function visitorOf(
  ex: Executor,
  room: Room,
  visitorId: string | undefined,
): Promise<Visitor | undefined> {
  if (!visitorId || !VISITOR_ID.test(visitorId)) return undefined;
  let query = visitorQueries.get(ex);
  if (!query) {
    query = buildVisitorQuery(ex);
    visitorQueries.set(ex, query);
  }
  const [found] = await query.execute({ id: visitorId, sellerId: room.sellerId, roomKey: room.key });
  return found ? { row: found.row, state: found.state ?? undefined } : undefined;
}

/**
 * The visitor of this room the cookie names, or a new one at the back of the line (a stay that
 * ended queues again). The random key decides the place of everyone who comes before the on-sale.
 */
export async function arrive(
  ex: Executor,
  room: Room,
  visitorId: string | undefined,
  now: Date,
): Promise<Visitor> {
  const known = await visitorOf(ex, room, visitorId);
  if (known && !(known.row.leavesAt && known.row.leavesAt.getTime() <= now.getTime())) return known;
  const row: VisitorRow = {
    id: randomUUID(),
    sellerId: room.sellerId,
    roomKey: room.key,
    arrivedAt: now,
    randomKey: randomBytes(16).toString("hex"),
    lineRank: null,
    admittedAt: null,
    leavesAt: null,
  };
  await ex.insert(s.waitingRoomVisitor).values(row);
  return { row, state: known?.state };
}

export type LineStatus =
  | { phase: "before"; visitorId: string; onSaleAt: Date }
  | {
      phase: "waiting";
      visitorId: string;
      /** Null until the admission pass ranks the visitor (a second or two after the on-sale or arriving). */
      position: number | null;
      paused: boolean;
      /** Seconds; null while the line is paused. */
      estimateSeconds: number | null;
    }
  | { phase: "admitted"; visitorId: string; token: string; leavesAt: Date };

export async function lineStatus(ex: Executor, room: Room, visitor: Visitor, now: Date): Promise<LineStatus> {
  const { row } = visitor;
  if (beforeOnSale(now, room)) return { phase: "before", visitorId: row.id, onSaleAt: room.onSaleAt };
  if (row.admittedAt && row.leavesAt) {
    return {
      phase: "admitted",
      visitorId: row.id,
      token: await issueAdmissionToken(ex, room, row.id, row.leavesAt, now),
      leavesAt: row.leavesAt,
    };
  }
  const state = visitor.state ?? (await roomState(ex, room, now));
  // Unranked for a pass or two (admit.ts): the place is being drawn or the visitor just came.
  const position = row.lineRank === null ? null : Math.max(1, row.lineRank - state.admittedThrough);
  return {
    phase: "waiting",
    visitorId: row.id,
    position,
    paused: state.paused,
    estimateSeconds:
      position === null ? null : waitEstimateSeconds(running(room, state), position, state.paused),
  };
}
