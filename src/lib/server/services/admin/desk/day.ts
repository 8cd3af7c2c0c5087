/**
 * What the desk can sell on a venue-local day: the seller's sessions starting that day, each with
 * its places left and the ticket types a walk-in visitor can buy for it, at the price the shop
 * charges (the session's price tier, plus the fees).
 *
 * A desk sale sells what the shop sells a guest: groups of timed-entry tickets (`tickets`) that
 * are not members-only. Members-only groups (a member buys them logged in, in the shop), groups
 * that need a code, passes, memberships, donations and gift cards are not offered. A session with
 * seated groups is marked `seated`: choosing seats is not done at the desk, so its seated types
 * are not offered (its other types are).
 */
import { and, asc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { localDate, localDateRange, zonedParts } from "../../../../domain/calendar.ts";
import { percentFee, toMoneyString } from "../../../../domain/money.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { tierPrice } from "../../catalogue/serialize.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { type DeskDay, type DeskDayInput, type DeskTicketType, deskDayInput } from "./schemas.ts";

type GroupRow = typeof s.ticketGroup.$inferSelect;
type TypeRow = typeof s.ticketType.$inferSelect;

/** Whether the desk sells this group's tickets (see the file comment). */
export function deskSells(group: Pick<GroupRow, "handler" | "hiddenType">): boolean {
  return group.handler === "tickets" && group.hiddenType !== "public_member_only";
}

/** One ticket's price to the visitor: the session's tier price plus the fees outside it. */
export function deskUnitPrice(type: TypeRow, priceTier: string | null): number {
  const face = tierPrice(type, priceTier);
  return face + type.feeFixedOutside + percentFee(face, type.feePercentOutside);
}

/** The live groups and types of some events, by event id. */
async function eventTypes(db: Executor, eventIds: readonly string[]) {
  const out = new Map<string, { group: GroupRow; type: TypeRow }[]>();
  if (!eventIds.length) return out;
  const rows = await db
    .select({ group: s.ticketGroup, type: s.ticketType })
    .from(s.ticketType)
    .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticketType.ticketGroupId))
    .where(
      and(
        inArray(s.ticketGroup.eventTemplateId, [...eventIds]),
        isNull(s.ticketGroup.retiredAt),
        isNull(s.ticketType.retiredAt),
      ),
    )
    .orderBy(asc(s.ticketGroup.rank), asc(s.ticketType.rank), asc(s.ticketType.name));
  for (const row of rows) {
    const list = out.get(row.group.eventTemplateId) ?? [];
    list.push(row);
    out.set(row.group.eventTemplateId, list);
  }
  return out;
}

/** The day's sellable sessions (see the file comment). Roles: desk.sell. */
export async function deskDay(
  db: Executor,
  actor: StaffActor,
  input: DeskDayInput,
  now: Date,
): Promise<DeskDay> {
  assertAllowed(actor, "desk.sell");
  const { date: asked } = parseInput(deskDayInput, input);
  const seller = await actorSeller(db, actor);
  const timeZone = seller.timezone;
  const date = asked ?? localDate(now, timeZone);
  const day = localDateRange(date, date, timeZone);
  const sessions = await db
    .select({ session: s.eventSession, eventName: s.eventTemplate.name })
    .from(s.eventSession)
    .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.eventSession.eventTemplateId))
    .where(
      and(
        eq(s.eventSession.sellerId, seller.id),
        gte(s.eventSession.startDatetime, day.start),
        lt(s.eventSession.startDatetime, day.end),
        isNull(s.eventSession.retiredAt),
        isNull(s.eventTemplate.retiredAt),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventTemplate.name));
  const types = await eventTypes(db, [...new Set(sessions.map((r) => r.session.eventTemplateId))]);
  const currency = seller.currencyCode;
  return {
    date,
    timezone: timeZone,
    currency,
    sessions: sessions.flatMap(({ session, eventName }) => {
      const rows = types.get(session.eventTemplateId) ?? [];
      const ticketTypes: DeskTicketType[] = rows
        .filter((r) => deskSells(r.group))
        .map((r) => ({
          id: r.type.id,
          name: r.type.name,
          groupName: r.group.name,
          price: toMoneyString(deskUnitPrice(r.type, session.priceTier), currency),
        }));
      const seated = rows.some((r) => r.group.handler === "seated");
      // A session with nothing the desk sells (a members' evening, passes only) is left out.
      if (!ticketTypes.length && !seated) return [];
      return [
        {
          sessionId: session.id,
          eventTemplateId: session.eventTemplateId,
          eventName,
          start: session.startDatetime.toISOString(),
          localTime: zonedParts(session.startDatetime, timeZone).time,
          capacity: session.capacity,
          remaining: session.capacity < 0 ? null : Math.max(0, session.capacity - session.usedCapacity),
          closed: session.soldOut,
          started: session.startDatetime.getTime() <= now.getTime(),
          seated,
          ticketTypes,
        },
      ];
    }),
  };
}
