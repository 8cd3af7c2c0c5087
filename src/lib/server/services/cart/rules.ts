/**
 * The reserve rules checked before any place is taken: per-order limits of each group, member-only
 * groups, and the upsell rules (requires_anchor, tickets_must_match_anchor_tickets, visit_time).
 * They look at the cart as it will be after the change (held tickets minus removed plus added).
 * Event meta and config are static rows, read through the short-lived cache (static-rows.ts).
 */
import { eq } from "drizzle-orm";
import { MAX_QUANTITY_PER_TYPE } from "../../../api/cart/schemas.ts";
import { addOnCountFits, fitsVisitTime, isVisitTime, type VisitTime } from "../../../domain/visit-time.ts";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { ANCHOR_REQUIRED_TEXT, reserveError, ruleBlocksReserve } from "./errors.ts";
import { cachedEventConfigs, cachedMetas } from "./static-rows.ts";
import type { GroupRow, SessionRow } from "./types.ts";

export interface PlannedTicket {
  ticketTypeId: string;
  ticketGroupId: string;
  eventTemplateId: string;
  eventSessionId: string | null;
  /** True for the tickets this call adds. */
  added: boolean;
}

/** max_tickets_per_order, min_tickets_per_order (at least 1 when set) and 1000 per type, for the groups an add touches. */
export function checkOrderLimits(
  tickets: readonly PlannedTicket[],
  groups: ReadonlyMap<string, GroupRow>,
): void {
  const perGroup = new Map<string, { total: number; added: number }>();
  const perType = new Map<string, number>();
  for (const t of tickets) {
    const g = perGroup.get(t.ticketGroupId) ?? { total: 0, added: 0 };
    g.total += 1;
    if (t.added) g.added += 1;
    perGroup.set(t.ticketGroupId, g);
    if (t.added) perType.set(t.ticketTypeId, 0);
  }
  for (const t of tickets)
    if (perType.has(t.ticketTypeId)) perType.set(t.ticketTypeId, (perType.get(t.ticketTypeId) ?? 0) + 1);
  for (const [typeId, n] of perType) {
    if (n > MAX_QUANTITY_PER_TYPE) {
      throw reserveError(
        "max_tickets_per_order_exceeded",
        `You can order at most ${MAX_QUANTITY_PER_TYPE} tickets of one type.`,
        {
          ticket_type_id: typeId,
          max_tickets_per_order: MAX_QUANTITY_PER_TYPE,
        },
      );
    }
  }
  for (const [groupId, { total, added }] of perGroup) {
    const group = groups.get(groupId);
    if (!group || added === 0) continue;
    const max = group.maxTicketsPerOrder;
    if (max !== null && max >= 0 && total > max) {
      throw reserveError(
        "max_tickets_per_order_exceeded",
        `You can order at most ${max} tickets of ${group.name}.`,
        {
          ticket_group_id: groupId,
          max_tickets_per_order: max,
          available: Math.max(0, max - (total - added)),
        },
      );
    }
    const min = group.minTicketsPerOrder;
    if (min !== null && min > 0 && total < Math.max(1, min)) {
      throw reserveError(
        "min_tickets_per_order_not_met",
        `Please order at least ${min} tickets of ${group.name}.`,
        {
          ticket_group_id: groupId,
          min_tickets_per_order: min,
        },
      );
    }
  }
}

export const MEMBERS_ONLY_TEXT = "Sorry! This event is members only";

/** The public_member_only groups among `groups` that no code unlocks (they need a member role). */
export function lockedMemberGroups(groups: Iterable<GroupRow>, unlocked: ReadonlySet<string>): GroupRow[] {
  return [...groups].filter((g) => g.hiddenType === "public_member_only" && !unlocked.has(g.id));
}

/**
 * public_member_only groups need a code that unlocks them or a current membership whose role
 * opens them (spec 1 §6; `memberOpen` from membership/roles.ts).
 */
export function checkMemberOnly(
  addedGroups: Iterable<GroupRow>,
  unlocked: ReadonlySet<string>,
  memberOpen: ReadonlySet<string>,
): void {
  for (const group of lockedMemberGroups(addedGroups, unlocked)) {
    if (memberOpen.has(group.id)) continue;
    throw ruleBlocksReserve("login_required", MEMBERS_ONLY_TEXT, { ticket_group_id: group.id });
  }
}

interface UpsellConfig {
  anchorEventIds: string[] | null;
  visitTime: VisitTime;
}

async function eventMetas(
  owner: Db,
  db: Executor,
  eventIds: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const rows = await cachedMetas(owner, db, "event_template", eventIds);
  return new Map([...rows].map(([id, row]) => [id, row.data]));
}

async function upsellConfigs(
  owner: Db,
  db: Executor,
  eventIds: string[],
): Promise<Map<string, UpsellConfig>> {
  const configs = await cachedEventConfigs(owner, db, eventIds);
  const out = new Map<string, UpsellConfig>();
  for (const id of eventIds) {
    const value = configs.get(id)?.find((r) => r.key === "web.ecommerce")?.value as
      | Record<string, unknown>
      | undefined;
    const anchors = value?.anchor_event_ids;
    out.set(id, {
      anchorEventIds: Array.isArray(anchors)
        ? anchors.filter((a): a is string => typeof a === "string")
        : null,
      visitTime: isVisitTime(value?.visit_time) ? value.visit_time : "same_date",
    });
  }
  return out;
}

/**
 * requires_anchor: the cart needs an anchor (admission) ticket, of one of the add-on's
 * anchor_event_ids when configured. tickets_must_match_anchor_tickets: no more add-on tickets than
 * anchor tickets, and each added session fits the add-on's visit_time around the anchor session.
 */
export async function checkUpsellRules(
  owner: Db,
  db: Executor,
  tickets: readonly PlannedTicket[],
  sessions: ReadonlyMap<string, SessionRow>,
  timeZone: string,
): Promise<void> {
  const addedEvents = [...new Set(tickets.filter((t) => t.added).map((t) => t.eventTemplateId))];
  const allEvents = [...new Set(tickets.map((t) => t.eventTemplateId))];
  const metas = await eventMetas(owner, db, allEvents);
  const addOns = addedEvents.filter((id) => {
    const m = metas.get(id);
    return m?.requires_anchor === true || m?.tickets_must_match_anchor_tickets === true;
  });
  if (!addOns.length) return;
  const configs = await upsellConfigs(owner, db, addOns);
  for (const eventId of addOns) {
    const meta = metas.get(eventId) ?? {};
    const config = configs.get(eventId) ?? { anchorEventIds: null, visitTime: "same_date" };
    const anchor = tickets.find(
      (t) =>
        t.eventTemplateId !== eventId &&
        metas.get(t.eventTemplateId)?.is_anchor === true &&
        (!config.anchorEventIds || config.anchorEventIds.includes(t.eventTemplateId)),
    );
    if (!anchor) {
      if (meta.requires_anchor === true || meta.tickets_must_match_anchor_tickets === true) {
        throw ruleBlocksReserve("anchor_required", ANCHOR_REQUIRED_TEXT, { event_template_id: eventId });
      }
      continue;
    }
    if (meta.tickets_must_match_anchor_tickets !== true) continue;
    const anchorCount = tickets.filter((t) => t.eventTemplateId === anchor.eventTemplateId).length;
    const addOnCount = tickets.filter((t) => t.eventTemplateId === eventId).length;
    if (!addOnCountFits(addOnCount, anchorCount)) {
      throw ruleBlocksReserve(
        "tickets_must_match_anchor_tickets",
        `You can add at most ${anchorCount} tickets to match your admission tickets.`,
        {
          event_template_id: eventId,
          anchor_event_template_id: anchor.eventTemplateId,
          available: anchorCount,
        },
      );
    }
    const anchorSession = anchor.eventSessionId
      ? (sessions.get(anchor.eventSessionId) ??
        (await db.select().from(s.eventSession).where(eq(s.eventSession.id, anchor.eventSessionId)))[0])
      : undefined;
    if (!anchorSession) continue;
    const window = { start: anchorSession.startDatetime, end: anchorSession.endDatetime };
    for (const t of tickets.filter((x) => x.added && x.eventTemplateId === eventId && x.eventSessionId)) {
      const session = sessions.get(t.eventSessionId ?? "");
      if (session && !fitsVisitTime(config.visitTime, window, session.startDatetime, timeZone)) {
        throw ruleBlocksReserve(
          "tickets_must_match_anchor_tickets",
          "The selected time does not match the time of your admission ticket.",
          { event_template_id: eventId, event_session_id: session.id, visit_time: config.visitTime },
        );
      }
    }
  }
}
