/**
 * The tenant's on-sale waiting rooms as staff watch them: each room's events, on-sale time, phase,
 * the tenant file's settings and what staff changed (paused, their rate), and the live figures:
 * waiting, let in so far, in the shop now, tickets sold since the on-sale, and the rate of
 * admission actually seen over the last minute.
 */
import { and, eq, gt, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { SOLD_TICKET_STATES } from "../../../../domain/account/orders.ts";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { beforeOnSale } from "../../../../domain/waiting-room/rules.ts";
import { getTenant } from "../../../../tenant/load.ts";
import type { Db } from "../../../db/client.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { lineFigures } from "../../waiting-room/admit.ts";
import { type Room, type RoomState, roomState, roomsOf, running } from "../../waiting-room/rooms.ts";
import { actorSeller, assertAllowed } from "../permit.ts";

export interface WaitingRoomFigures {
  /** In the line, not yet let in. */
  waiting: number;
  /** Let in since the line opened. */
  admitted: number;
  /** Let in and still within their stay. */
  inShop: number;
  /** Tickets of the room's events in orders completed since the on-sale (booked or admitted at the gate). */
  sold: number;
  /** Let in over the last minute: the rate as it runs. */
  admittedLastMinute: number;
}

export interface WaitingRoomView {
  key: string;
  /** The room guards every event of the tenant that no other room names. */
  allEvents: boolean;
  /** The events it names, with their names (the id when the catalogue has no such event). */
  events: { id: string; name: string }[];
  onSaleAt: Date;
  phase: "before" | "open";
  /** The tenant file's rate (per minute); null when only the shop's cap limits. */
  fileRatePerMinute: number | null;
  /** Staff's rate over the file's; null: the file's. */
  rateOverride: number | null;
  /** The rate the line runs at now. */
  ratePerMinute: number | null;
  maxInShop: number | null;
  stayMinutes: number;
  paused: boolean;
  figures: WaitingRoomFigures;
}

type WithDb = { db: Db; actor: StaffActor };

/** The actor's tenant's rooms (none when its file has none). */
export async function actorRooms(db: Executor, actor: StaffActor): Promise<Room[]> {
  const seller = await actorSeller(db, actor);
  const tenant = getTenant(seller.slug);
  return tenant ? roomsOf(tenant) : [];
}

async function soldSince(
  { db, actor }: WithDb,
  room: Room,
  otherRoomsEvents: readonly string[],
  now: Date,
): Promise<number> {
  const named = room.events.filter((e) => e !== "*");
  const everyEvent = room.events.includes("*");
  // A room for every event counts the events no other room guards (a room naming an event wins).
  const events = everyEvent
    ? otherRoomsEvents.length
      ? notInArray(s.ticket.eventTemplateId, [...otherRoomsEvents])
      : undefined
    : inArray(s.ticket.eventTemplateId, named);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.ticket)
    .innerJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
    .where(
      and(
        eq(s.ticketOrder.sellerId, actor.sellerId),
        eq(s.ticketOrder.state, "completed"),
        gte(s.ticketOrder.createdAt, room.onSaleAt),
        lte(s.ticketOrder.createdAt, now),
        inArray(s.ticket.state, SOLD_TICKET_STATES),
        events,
      ),
    );
  return Number(row?.n ?? 0);
}

async function admittedLastMinute(db: Executor, room: Room, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.waitingRoomVisitor)
    .where(
      and(
        eq(s.waitingRoomVisitor.sellerId, room.sellerId),
        eq(s.waitingRoomVisitor.roomKey, room.key),
        gt(s.waitingRoomVisitor.admittedAt, new Date(now.getTime() - 60_000)),
        lte(s.waitingRoomVisitor.admittedAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

/** One room as staff see it, with its state row (or the defaults when the pass has not run yet). */
export async function roomView(
  deps: WithDb,
  rooms: readonly Room[],
  room: Room,
  now: Date,
  known?: RoomState,
): Promise<WaitingRoomView> {
  const { db, actor } = deps;
  const state = known ?? (await roomState(db, room, now));
  const named = room.events.filter((e) => e !== "*");
  const otherEvents = rooms
    .filter((r) => r.key !== room.key)
    .flatMap((r) => r.events.filter((e) => e !== "*"));
  const [names, line, sold, lastMinute] = await Promise.all([
    named.length
      ? db
          .select({ id: s.eventTemplate.id, name: s.eventTemplate.name })
          .from(s.eventTemplate)
          .where(and(eq(s.eventTemplate.sellerId, actor.sellerId), inArray(s.eventTemplate.id, named)))
      : [],
    lineFigures(db, room, now),
    soldSince(deps, room, otherEvents, now),
    admittedLastMinute(db, room, now),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    key: room.key,
    allEvents: room.events.includes("*"),
    events: named.map((id) => ({ id, name: nameOf.get(id) ?? id })),
    onSaleAt: room.onSaleAt,
    phase: beforeOnSale(now, room) ? "before" : "open",
    fileRatePerMinute: room.ratePerMinute,
    rateOverride: state.rateOverride,
    ratePerMinute: running(room, state).ratePerMinute,
    maxInShop: room.maxInShop,
    stayMinutes: room.stayMinutes,
    paused: state.paused,
    figures: { ...line, sold, admittedLastMinute: lastMinute },
  };
}

/** The tenant's rooms, in the file's order. Roles: waiting_room.read. */
export async function waitingRoomsOf(db: Db, actor: StaffActor, now: Date): Promise<WaitingRoomView[]> {
  assertAllowed(actor, "waiting_room.read");
  const rooms = await actorRooms(db, actor);
  return Promise.all(rooms.map((room) => roomView({ db, actor }, rooms, room, now)));
}
