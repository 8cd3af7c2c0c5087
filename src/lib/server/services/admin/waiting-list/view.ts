/**
 * A session's waiting list as staff see it: every entry (live or ended) with its place in the line
 * (for those still waiting, as the person sees it), e-mail, tickets per type, times, and whether
 * its offer's cart was booked; and the counts: people waiting, offers holding places now, offers
 * made, offers that became orders, and the places the list keeps.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { inLineOrder } from "../../../../domain/waiting-list/rules.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import { sessionOfActor } from "../sessions/lookup.ts";
import { type WaitingListRefInput, waitingListRefInput } from "./schemas.ts";

export interface WaitingListTickets {
  ticketTypeId: string;
  /** The type's name; the id when the type is gone. */
  name: string;
  quantity: number;
}

export interface WaitingListEntryView {
  id: string;
  /** waiting | offered | converted | expired | declined | removed | left | closed */
  state: string;
  /** 1-based place among those still waiting; null for every other state. */
  position: number | null;
  email: string;
  /** Joined while logged in as a member. */
  member: boolean;
  quantity: number;
  tickets: WaitingListTickets[];
  joinedAt: Date;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  endedAt: Date | null;
  /** The offer's cart was paid: the offer became an order. */
  booked: boolean;
}

export interface WaitingListCounts {
  waiting: number;
  /** Offers holding places now. */
  offered: number;
  /** Every offer ever made from this list (manual or not), whatever became of it. */
  offersMade: number;
  /** Offers whose cart became an order. */
  offersBooked: number;
  /** Places given back and kept for the list, not sold to the public. */
  placesKept: number;
}

export interface WaitingListView {
  sessionId: string;
  eventName: string;
  start: Date;
  counts: WaitingListCounts;
  /** Those waiting in the order of the line, then offers holding places, then the ended ones (newest first). */
  entries: WaitingListEntryView[];
}

const LIVE_ORDER: Record<string, number> = { waiting: 0, offered: 1 };

/** The session's list. Roles: waiting_list.read. */
export async function waitingListOf(
  db: Executor,
  actor: StaffActor,
  input: WaitingListRefInput,
): Promise<WaitingListView> {
  assertAllowed(actor, "waiting_list.read");
  const { sessionId } = parseInput(waitingListRefInput, input);
  const session = await sessionOfActor(db, actor, sessionId);
  const [event] = await db
    .select({ name: s.eventTemplate.name })
    .from(s.eventTemplate)
    .where(eq(s.eventTemplate.id, session.eventTemplateId));
  const rows = await db
    .select({ entry: s.waitingListEntry, cartState: s.cart.state })
    .from(s.waitingListEntry)
    .leftJoin(s.cart, eq(s.cart.id, s.waitingListEntry.offerCartId))
    .where(
      and(eq(s.waitingListEntry.eventSessionId, session.id), eq(s.waitingListEntry.sellerId, actor.sellerId)),
    );
  const typeIds = [...new Set(rows.flatMap((r) => r.entry.lines.map((l) => l.ticketTypeId)))];
  const types = typeIds.length
    ? await db
        .select({ id: s.ticketType.id, name: s.ticketType.name })
        .from(s.ticketType)
        .where(and(eq(s.ticketType.sellerId, actor.sellerId), inArray(s.ticketType.id, typeIds)))
    : [];
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const line = inLineOrder(rows.filter((r) => r.entry.state === "waiting").map((r) => r.entry));
  const position = new Map(line.map((e, i) => [e.id, i + 1]));

  const entries: WaitingListEntryView[] = rows.map(({ entry, cartState }) => ({
    id: entry.id,
    state: entry.state,
    position: position.get(entry.id) ?? null,
    email: entry.email,
    member: entry.identityId !== null,
    quantity: entry.quantity,
    tickets: entry.lines.map((l) => ({
      ticketTypeId: l.ticketTypeId,
      name: typeName.get(l.ticketTypeId) ?? l.ticketTypeId,
      quantity: l.quantity,
    })),
    joinedAt: entry.joinedAt,
    offeredAt: entry.offeredAt,
    offerExpiresAt: entry.offerExpiresAt,
    endedAt: entry.endedAt,
    booked: entry.state === "converted" || (entry.offerCartId !== null && cartState === "booked"),
  }));
  entries.sort((a, b) => {
    const live = (LIVE_ORDER[a.state] ?? 2) - (LIVE_ORDER[b.state] ?? 2);
    if (live) return live;
    if (a.position !== null && b.position !== null) return a.position - b.position;
    if (a.state === "offered") return (a.offeredAt?.getTime() ?? 0) - (b.offeredAt?.getTime() ?? 0);
    return (
      (b.endedAt?.getTime() ?? 0) - (a.endedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
  });
  return {
    sessionId: session.id,
    eventName: event?.name ?? "",
    start: session.startDatetime,
    counts: {
      waiting: line.length,
      offered: entries.filter((e) => e.state === "offered").length,
      offersMade: entries.filter((e) => e.offeredAt !== null).length,
      offersBooked: entries.filter((e) => e.booked).length,
      placesKept: session.waitingListPlaces,
    },
    entries,
  };
}
