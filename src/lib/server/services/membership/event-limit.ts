/**
 * The member event purchase limit (spec 1 §3 member_event_purchase_limit; domain
 * membership/event-limit.ts): the level's ticket type meta `member_event_purchase_limit` is copied
 * onto each membership at creation (create.ts); a members-only reserve by a member checks it
 * (reserve-rules.ts, under the lock on the member's current memberships) against the member's
 * held and booked members-only tickets of the event in the current term.
 */
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import {
  countByEvent,
  EVENT_LIMIT_META_KEY,
  type EventCount,
  eventLimitExceeded,
  eventLimitOf,
  memberEventLimitMessage,
  mergeEventLimits,
  remainingForEvent,
} from "../../../domain/membership/event-limit.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail } from "../../errors/api-error.ts";
import type { GroupRow } from "../cart/types.ts";
import { memberTickets } from "./member-tickets.ts";

/** The limits configured on levels (ticket type meta `member_event_purchase_limit`), by level id. */
export async function levelEventLimits(
  ex: Executor,
  levelIds: readonly string[],
): Promise<Map<string, number>> {
  if (!levelIds.length) return new Map();
  const rows = await ex
    .select({ resourceId: s.meta.resourceId, data: s.meta.data })
    .from(s.meta)
    .where(and(eq(s.meta.resource, "ticket_type"), inArray(s.meta.resourceId, [...levelIds])));
  const out = new Map<string, number>();
  for (const r of rows) {
    const limit = eventLimitOf(r.data[EVENT_LIMIT_META_KEY]);
    if (limit !== null) out.set(r.resourceId, limit);
  }
  return out;
}

/**
 * The member's held (pending carts) and booked members-only tickets created since `since`, per
 * event (all events, or only `eventTemplateIds`), leaving out `excludeIds` (tickets being removed).
 */
export async function memberEventTicketCounts(
  ex: Executor,
  input: {
    identityId: string;
    sellerId: string;
    since: Date;
    eventTemplateIds?: readonly string[];
    excludeIds?: readonly string[];
  },
): Promise<EventCount[]> {
  const rows = await memberTickets(ex, {
    identityId: input.identityId,
    sellerId: input.sellerId,
    since: input.since,
    which: and(
      eq(s.ticketGroup.hiddenType, "public_member_only"),
      input.eventTemplateIds ? inArray(s.ticket.eventTemplateId, [...input.eventTemplateIds]) : undefined,
    ),
  });
  const excluded = new Set(input.excludeIds ?? []);
  const counts = new Map<string, number>();
  for (const r of rows) {
    if (excluded.has(r.id)) continue;
    counts.set(r.eventTemplateId, (counts.get(r.eventTemplateId) ?? 0) + 1);
  }
  return [...counts].map(([eventTemplateId, count]) => ({ eventTemplateId, count }));
}

/** GET my/membership's remaining_event_purchases: per event with tickets, the limit, used and remaining. */
export function remainingEventPurchases(limit: number, counts: readonly EventCount[]) {
  return [...countByEvent(counts)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([eventTemplateId, used]) => ({
      event_template_id: eventTemplateId,
      limit,
      used,
      remaining: remainingForEvent(limit, used) ?? 0,
    }));
}

/**
 * Refuses (member_limit_exceeded:reserve) members-only tickets that would take the member beyond
 * their per-event limit. `current` are the member's current memberships, already locked by the
 * caller; `adding` are the members-only tickets of this reserve (their groups).
 */
export async function checkMemberEventLimit(
  tx: Tx,
  input: {
    identityId: string;
    sellerId: string;
    current: readonly { memberEventPurchaseLimit: number | null; validFrom: Date }[];
    adding: readonly { group: Pick<GroupRow, "eventTemplateId"> }[];
    removedIds: readonly string[];
  },
): Promise<void> {
  const limit = mergeEventLimits(input.current.map((m) => m.memberEventPurchaseLimit));
  if (limit === null || !input.adding.length || !input.current.length) return;
  const adding: EventCount[] = input.adding.map((a) => ({
    eventTemplateId: a.group.eventTemplateId,
    count: 1,
  }));
  const eventTemplateIds = [...new Set(adding.map((a) => a.eventTemplateId))];
  const held = await memberEventTicketCounts(tx, {
    identityId: input.identityId,
    sellerId: input.sellerId,
    since: new Date(Math.min(...input.current.map((m) => m.validFrom.getTime()))),
    eventTemplateIds,
    excludeIds: input.removedIds,
  });
  const exceeded = eventLimitExceeded(limit, held, adding);
  if (!exceeded) return;
  const [event] = await tx
    .select({ name: s.eventTemplate.name })
    .from(s.eventTemplate)
    .where(eq(s.eventTemplate.id, exceeded.eventTemplateId));
  throw fail("member_limit_exceeded", {
    message: memberEventLimitMessage(exceeded.limit, exceeded.available, event?.name ?? "this event"),
    extra: {
      event_template_id: exceeded.eventTemplateId,
      member_event_purchase_limit: exceeded.limit,
      limit: exceeded.limit,
      available: exceeded.available,
    },
  });
}

/**
 * What remains of the member's per-event limit for one event this term (null: no limit), for the
 * reserve steppers of its members-only groups. The reserve checks again under the lock.
 */
export async function viewerEventRemaining(
  ex: Executor,
  input: { identityId: string; sellerId: string; eventTemplateId: string; now: Date },
): Promise<number | null> {
  const current = await ex
    .select({ limit: s.membership.memberEventPurchaseLimit, validFrom: s.membership.validFrom })
    .from(s.membership)
    .where(
      and(
        eq(s.membership.identityId, input.identityId),
        eq(s.membership.sellerId, input.sellerId),
        lte(s.membership.validFrom, input.now),
        gt(s.membership.validTo, input.now),
      ),
    );
  const limit = mergeEventLimits(current.map((m) => m.limit));
  if (limit === null) return null;
  const counts = await memberEventTicketCounts(ex, {
    identityId: input.identityId,
    sellerId: input.sellerId,
    since: new Date(Math.min(...current.map((m) => m.validFrom.getTime()))),
    eventTemplateIds: [input.eventTemplateId],
  });
  return remainingForEvent(limit, countByEvent(counts).get(input.eventTemplateId) ?? 0);
}
