/**
 * A shopper in a room's line: arriving (a visitor row with a random key, kept by the browser's
 * cookie so a reload or another tab keeps the place), and where they stand: before the on-sale,
 * waiting (their place, the number ahead, an honest estimate), or let in (the admission token, until
 * the end of the stay). The order is domain/waiting-room/rules.ts compareInLine, counted in SQL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { beforeOnSale, waitEstimateSeconds } from "../../../domain/waiting-room/rules.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { issueAdmissionToken } from "./admission-token.ts";
import { type Room, roomState, running } from "./rooms.ts";

export const VISITOR_COOKIE = "foyer_wr_visitor";
const VISITOR_ID = /^[0-9a-f-]{36}$/;

export type VisitorRow = typeof s.waitingRoomVisitor.$inferSelect;

async function visitorOf(
  ex: Executor,
  room: Room,
  visitorId: string | undefined,
): Promise<VisitorRow | undefined> {
  if (!visitorId || !VISITOR_ID.test(visitorId)) return undefined;
  const [row] = await ex
    .select()
    .from(s.waitingRoomVisitor)
    .where(
      and(
        eq(s.waitingRoomVisitor.id, visitorId),
        eq(s.waitingRoomVisitor.sellerId, room.sellerId),
        eq(s.waitingRoomVisitor.roomKey, room.key),
      ),
    );
  return row;
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
): Promise<VisitorRow> {
  const known = await visitorOf(ex, room, visitorId);
  if (known && !(known.leavesAt && known.leavesAt.getTime() <= now.getTime())) return known;
  const row: VisitorRow = {
    id: randomUUID(),
    sellerId: room.sellerId,
    roomKey: room.key,
    arrivedAt: now,
    randomKey: randomBytes(16).toString("hex"),
    admittedAt: null,
    leavesAt: null,
  };
  await ex.insert(s.waitingRoomVisitor).values(row);
  return row;
}

const waitingIn = (room: Room) =>
  and(
    eq(s.waitingRoomVisitor.sellerId, room.sellerId),
    eq(s.waitingRoomVisitor.roomKey, room.key),
    isNull(s.waitingRoomVisitor.admittedAt),
  );

/** How many still wait ahead of the visitor. */
async function aheadOf(ex: Executor, room: Room, visitor: VisitorRow): Promise<number> {
  const early = lt(s.waitingRoomVisitor.arrivedAt, room.onSaleAt);
  const ahead =
    visitor.arrivedAt.getTime() < room.onSaleAt.getTime()
      ? and(early, lt(s.waitingRoomVisitor.randomKey, visitor.randomKey))
      : or(
          early,
          lt(s.waitingRoomVisitor.arrivedAt, visitor.arrivedAt),
          and(eq(s.waitingRoomVisitor.arrivedAt, visitor.arrivedAt), lt(s.waitingRoomVisitor.id, visitor.id)),
        );
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(s.waitingRoomVisitor)
    .where(and(waitingIn(room), ahead));
  return Number(row?.n ?? 0);
}

export type LineStatus =
  | { phase: "before"; visitorId: string; onSaleAt: Date }
  | {
      phase: "waiting";
      visitorId: string;
      position: number;
      paused: boolean;
      /** Seconds; null while the line is paused. */
      estimateSeconds: number | null;
    }
  | { phase: "admitted"; visitorId: string; token: string; leavesAt: Date };

export async function lineStatus(
  ex: Executor,
  room: Room,
  visitor: VisitorRow,
  now: Date,
): Promise<LineStatus> {
  if (beforeOnSale(now, room)) return { phase: "before", visitorId: visitor.id, onSaleAt: room.onSaleAt };
  if (visitor.admittedAt && visitor.leavesAt) {
    return {
      phase: "admitted",
      visitorId: visitor.id,
      token: await issueAdmissionToken(ex, room, visitor.id, visitor.leavesAt, now),
      leavesAt: visitor.leavesAt,
    };
  }
  const [ahead, state] = await Promise.all([aheadOf(ex, room, visitor), roomState(ex, room, now)]);
  const position = ahead + 1;
  return {
    phase: "waiting",
    visitorId: visitor.id,
    position,
    paused: state.paused,
    estimateSeconds: waitEstimateSeconds(running(room, state), position, state.paused),
  };
}
