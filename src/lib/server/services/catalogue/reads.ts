/**
 * Route-level catalogue reads (fresh from the db): seller and event lookup, sessions in a window
 * with the SQL-pushable filters applied in SQL, and the selection checks shared by sessions and
 * calendar.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { isSoldOut } from "../../../domain/availability.ts";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { notFound, validationFailed } from "../../errors/api-error.ts";
import type { Filter } from "./query-types.ts";

export type SellerRow = typeof s.seller.$inferSelect;
export type EventRow = typeof s.eventTemplate.$inferSelect;
export type SessionRow = typeof s.eventSession.$inferSelect;
export type GroupRow = typeof s.ticketGroup.$inferSelect;
export type TypeRow = typeof s.ticketType.$inferSelect;

/** `_seller` is a slug or an id. */
export async function findSeller(db: Db, ref: string): Promise<SellerRow | null> {
  const rows = await db
    .select()
    .from(s.seller)
    .where(or(eq(s.seller.slug, ref), eq(s.seller.id, ref)))
    .limit(1);
  return rows[0] ?? null;
}

export async function requireSeller(db: Db, ref: string | null | undefined): Promise<SellerRow> {
  if (!ref) throw validationFailed("The _seller query parameter is required.", { field: "_seller" });
  const seller = await findSeller(db, ref);
  if (!seller) throw notFound("seller", ref);
  return seller;
}

/** The event with its venue's time zone; 404 "Resource event_template not found.". */
export async function requireEvent(
  db: Db,
  id: string,
  sellerRef?: string | null,
): Promise<{ event: EventRow; timezone: string; currency: string; slug: string }> {
  const rows = await db
    .select({
      event: s.eventTemplate,
      timezone: s.venue.timezone,
      currency: s.seller.currencyCode,
      slug: s.seller.slug,
    })
    .from(s.eventTemplate)
    .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
    .innerJoin(s.seller, eq(s.seller.id, s.eventTemplate.sellerId))
    .where(and(eq(s.eventTemplate.id, id), isNull(s.eventTemplate.retiredAt)))
    .limit(1);
  const found = rows[0];
  if (!found) throw notFound("event_template", id);
  if (sellerRef) {
    const seller = await requireSeller(db, sellerRef);
    if (seller.id !== found.event.sellerId) throw notFound("event_template", id);
  }
  return found;
}

export async function eventGroupsAndTypes(
  db: Db,
  eventId: string,
): Promise<{ groups: GroupRow[]; types: TypeRow[] }> {
  const groups = await db
    .select()
    .from(s.ticketGroup)
    .where(and(eq(s.ticketGroup.eventTemplateId, eventId), isNull(s.ticketGroup.retiredAt)))
    .orderBy(asc(s.ticketGroup.rank), asc(s.ticketGroup.id));
  const groupIds = groups.map((g) => g.id);
  const types = groupIds.length
    ? await db
        .select()
        .from(s.ticketType)
        .where(and(inArray(s.ticketType.ticketGroupId, groupIds), isNull(s.ticketType.retiredAt)))
        .orderBy(asc(s.ticketType.rank), asc(s.ticketType.id))
    : [];
  return { groups, types };
}

/** The config value of an event_template under `key` (e.g. web.price_display), or null. */
export async function eventConfig(db: Db, eventId: string, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: s.config.value })
    .from(s.config)
    .where(
      and(eq(s.config.resource, "event_template"), eq(s.config.resourceId, eventId), eq(s.config.key, key)),
    )
    .limit(1);
  return rows[0]?.value ?? null;
}

/**
 * isSoldOut (domain/availability.ts) in SQL, for one ticket: closed by the operator, or nothing
 * available (capacity + oversell - used <= 0, capacity -1 unlimited). SESSION_OPEN_SQL negates it.
 */
export const SESSION_SOLD_OUT_SQL = sql`(${s.eventSession.soldOut} or (${s.eventSession.capacity} >= 0 and ${s.eventSession.capacity} + ${s.eventSession.oversellCapacity} - ${s.eventSession.usedCapacity} <= 0))`;
export const SESSION_OPEN_SQL = not(SESSION_SOLD_OUT_SQL);

/**
 * A session window that never reaches back before now: sessions that have started are not offered
 * (calendar, _ondate). start = max(now, range.start).
 */
export function upcomingWindow<W extends { start?: Date; end?: Date }>(
  now: Date,
  range: W,
): W & { start: Date } {
  return { ...range, start: range.start && range.start > now ? range.start : now };
}
const TIME_OPS = { gte, gt, lt, lte } as const;

/** Whether a filter on event_session can run in SQL. */
export function sessionFilterInSql(f: Filter): boolean {
  if (f.path.length > 0) return false;
  if (f.field === "start_datetime") return f.op in TIME_OPS;
  if (f.field === "sold_out") return f.op === "eq" || (f.op === "in" && f.values.length === 1);
  if (f.field === "id" || f.field === "price_tier") return f.op === "eq" || f.op === "in";
  return false;
}

export function sessionWhere(eventId: string, filters: Filter[], window: { start?: Date; end?: Date }): SQL {
  const where: SQL[] = [eq(s.eventSession.eventTemplateId, eventId), isNull(s.eventSession.retiredAt)];
  if (window.start) where.push(gte(s.eventSession.startDatetime, window.start));
  if (window.end) where.push(lt(s.eventSession.startDatetime, window.end));
  for (const f of filters.filter(sessionFilterInSql)) {
    if (f.field === "start_datetime") {
      where.push(
        TIME_OPS[f.op as keyof typeof TIME_OPS](s.eventSession.startDatetime, new Date(String(f.values[0]))),
      );
    } else if (f.field === "sold_out") {
      where.push(f.values[0] === true ? SESSION_SOLD_OUT_SQL : SESSION_OPEN_SQL);
    } else {
      const col = f.field === "id" ? s.eventSession.id : s.eventSession.priceTier;
      where.push(inArray(col, f.values.map(String)));
    }
  }
  return and(...where) ?? sql`true`;
}

export async function loadSessions(
  db: Db,
  where: SQL,
  options: { desc?: boolean; limit?: number; offset?: number } = {},
): Promise<SessionRow[]> {
  return db
    .select()
    .from(s.eventSession)
    .where(where)
    .orderBy(
      options.desc ? desc(s.eventSession.startDatetime) : asc(s.eventSession.startDatetime),
      asc(s.eventSession.id),
    )
    .limit(options.limit ?? 10_000)
    .offset(options.offset ?? 0);
}

export async function countSessions(db: Db, where: SQL): Promise<number> {
  const rows = await db.select({ n: count() }).from(s.eventSession).where(where);
  return Number(rows[0]?.n ?? 0);
}

export interface SelectionLine {
  ticket_type_id: string;
  quantity: number;
}

export const MAX_CALENDAR_TYPES = 10;

/** Resolves a selection against the event's types; unknown types are a 400. */
export function resolveSelection(
  selection: SelectionLine[],
  groups: GroupRow[],
  types: TypeRow[],
): {
  lines: { type: TypeRow; group: GroupRow; quantity: number }[];
  perGroup: Map<string, number>;
  total: number;
} {
  const typeById = new Map(types.map((t) => [t.id, t]));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const lines = selection.map((l) => {
    const type = typeById.get(l.ticket_type_id);
    const group = type ? groupById.get(type.ticketGroupId) : undefined;
    if (!type || !group) {
      throw validationFailed("Ticket types not available for this event.", {
        ticket_type_id: l.ticket_type_id,
      });
    }
    return { type, group, quantity: l.quantity };
  });
  const perGroup = new Map<string, number>();
  for (const l of lines) perGroup.set(l.group.id, (perGroup.get(l.group.id) ?? 0) + l.quantity);
  return { lines, perGroup, total: lines.reduce((sum, l) => sum + l.quantity, 0) };
}

/** Sold out for a selection: the session or any selected group lacks capacity for the quantities. */
export function soldOutForSelection(
  session: SessionRow,
  perGroup: Map<string, number>,
  groups: GroupRow[],
): boolean {
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const counted = [...perGroup].reduce(
    (sum, [gid, q]) => sum + (groupById.get(gid)?.excludeFromEventCapacity ? 0 : q),
    0,
  );
  // isSoldOut asks for Math.max(1, counted): a session is sold out for no selection when no ticket fits.
  if (isSoldOut(session, counted)) return true;
  for (const [gid, q] of perGroup) {
    const g = groupById.get(gid);
    if (g && q > 0 && isSoldOut(g, q)) return true;
  }
  return false;
}
