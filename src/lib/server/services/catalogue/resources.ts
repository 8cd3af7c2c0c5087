/**
 * The queryable resources: filterable fields, sortable fields and relations (embeds), declared once
 * next to the serializers. Relation loaders read fresh from the db and push date windows into SQL.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { localDate, localDateRange } from "../../../domain/calendar.ts";
import * as s from "../../db/schema.ts";
import type { Filter, LoadContext, Relation, ResourceDef, Row } from "./query-types.ts";
import { SESSION_OPEN_SQL, upcomingWindow } from "./reads.ts";
import {
  serializeConfig,
  serializeEvent,
  serializeGroup,
  serializeMessageRule,
  serializeMeta,
  serializeSeller,
  serializeSession,
  serializeTicketType,
  serializeVenue,
} from "./serialize.ts";

const row = <T extends { id: string }>(v: T) => v as unknown as Row;
const ids = (rows: Row[], field = "id") => [...new Set(rows.map((r) => String(r[field])))];

/** children whose `childKey` equals the parent's `parentKey`. */
function pairBy(parents: Row[], children: Row[], parentKey: string, childKey: string): Array<[string, Row]> {
  const byKey = new Map<string, Row[]>();
  for (const c of children) {
    const k = String(c[childKey]);
    byKey.set(k, [...(byKey.get(k) ?? []), c]);
  }
  return parents.flatMap((p) =>
    (byKey.get(String(p[parentKey])) ?? []).map((c) => [p.id, c] as [string, Row]),
  );
}

const metaOf = (resource: string): Relation => ({
  target: () => metaDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select()
      .from(s.meta)
      .where(and(eq(s.meta.resource, resource), inArray(s.meta.resourceId, ids(parents))));
    return pairBy(parents, rows.flatMap((r) => serializeMeta(r, ctx)).map(row), "id", "resource_id");
  },
});

/** The fields of a meta row; any other field name on meta is a metadata pair `meta.{key}={value}`. */
const META_ROW_FIELDS = new Set(["id", "resource", "resource_id", "metakey", "value"]);

/** Whether a filter is a metadata pair (`meta.audience=family`) rather than a filter on meta rows. */
export function isMetaPairFilter(f: Filter): boolean {
  return f.path.length === 1 && f.path[0] === "meta" && !META_ROW_FIELDS.has(f.field);
}

/**
 * Roots whose meta holds every pair filter (`meta.{key}={value}`, `meta.{key}._in=a,b`): meta comes
 * as one row per key, so a pair is matched on the row of that key. The storefront's listing sends
 * these (spec §7 "metadata filters").
 */
export async function filterByMetaPairs(
  ctx: Pick<LoadContext, "db">,
  resource: string,
  roots: Row[],
  pairs: Filter[],
): Promise<Row[]> {
  if (pairs.length === 0 || roots.length === 0) return roots;
  const rows = await ctx.db
    .select()
    .from(s.meta)
    .where(and(eq(s.meta.resource, resource), inArray(s.meta.resourceId, ids(roots))));
  const folded = new Map(rows.map((r) => [r.resourceId, r.data]));
  return roots.filter((root) =>
    pairs.every((f) => {
      const data = folded.get(root.id) ?? {};
      const value = Object.hasOwn(data, f.field) ? data[f.field] : undefined;
      if (value === undefined || value === null) return false;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return f.op === "prefix"
        ? f.values.some((v) => text.startsWith(String(v)))
        : f.values.some((v) => text === String(v));
    }),
  );
}

const configOf: Relation = {
  target: () => configDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select()
      .from(s.config)
      .where(inArray(s.config.resourceId, ids(parents)));
    return pairBy(parents, rows.map((r) => serializeConfig(r, ctx)).map(row), "id", "resource_id");
  },
};

const venueOf = (key: string): Relation => ({
  target: () => venueDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select()
      .from(s.venue)
      .where(inArray(s.venue.id, ids(parents, key)));
    return pairBy(
      parents,
      rows.map((r) => row(serializeVenue(r, ctx))),
      key,
      "id",
    );
  },
});

const sellerOf: Relation = {
  target: () => sellerDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select()
      .from(s.seller)
      .where(inArray(s.seller.id, ids(parents, "seller_id")));
    return pairBy(parents, rows.map(serializeSeller).map(row), "seller_id", "id");
  },
};

const groupsOf = (key: string, childKey: string): Relation => ({
  target: () => ticketGroupDef,
  async load(ctx, parents) {
    const col = childKey === "id" ? s.ticketGroup.id : s.ticketGroup.eventTemplateId;
    const rows = await ctx.db
      .select()
      .from(s.ticketGroup)
      .where(and(inArray(col, ids(parents, key)), isNull(s.ticketGroup.retiredAt)))
      .orderBy(asc(s.ticketGroup.rank), asc(s.ticketGroup.id));
    return pairBy(parents, rows.map((r) => serializeGroup(r, ctx)).map(row), key, childKey);
  },
});

const typesOf = (level: "event" | "group" | "id"): Relation => ({
  target: () => ticketTypeDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select({ t: s.ticketType, eventId: s.ticketGroup.eventTemplateId, currency: s.seller.currencyCode })
      .from(s.ticketType)
      .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticketType.ticketGroupId))
      // Money strings have the seller's currency's places ("2.500" in KWD).
      .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.ticketGroup.eventTemplateId))
      .innerJoin(s.seller, eq(s.seller.id, s.eventTemplate.sellerId))
      .where(
        and(
          level === "event"
            ? inArray(s.ticketGroup.eventTemplateId, ids(parents))
            : level === "group"
              ? inArray(s.ticketType.ticketGroupId, ids(parents))
              : inArray(s.ticketType.id, ids(parents, "ticket_type_id")),
          isNull(s.ticketType.retiredAt),
          isNull(s.ticketGroup.retiredAt),
        ),
      )
      .orderBy(asc(s.ticketType.rank), asc(s.ticketType.id));
    const children = rows.map(({ t, eventId, currency }) => ({
      ...row(serializeTicketType(t, { currency, language: ctx.language })),
      _event: eventId,
    }));
    const pairs =
      level === "event"
        ? pairBy(parents, children, "id", "_event")
        : level === "group"
          ? pairBy(parents, children, "id", "ticket_group_id")
          : pairBy(parents, children, "ticket_type_id", "id");
    return pairs.map(([p, c]) => {
      const { _event, ...rest } = c;
      return [p, rest as Row];
    });
  },
});

const TIME_OPS = { gte, gt, lt, lte } as const;
type SessionRow = typeof s.eventSession.$inferSelect;

/**
 * Sessions of events: with `_ondate`, the open sessions on that venue-local date that have not
 * started; with start_datetime filters, that window in SQL; else each event's next available session.
 */
async function sessionRowsOf(ctx: LoadContext, parents: Row[]): Promise<SessionRow[]> {
  const where: SQL[] = [
    inArray(s.eventSession.eventTemplateId, ids(parents)),
    isNull(s.eventSession.retiredAt),
  ];
  const timeFilters = ctx.filters.filter((f) => f.field === "start_datetime" && f.op in TIME_OPS);
  for (const f of timeFilters) {
    const op = TIME_OPS[f.op as keyof typeof TIME_OPS];
    where.push(op(s.eventSession.startDatetime, new Date(String(f.values[0]))));
  }
  const select = (extra: SQL[]) =>
    ctx.db
      .select()
      .from(s.eventSession)
      .where(and(...where, ...extra))
      .orderBy(asc(s.eventSession.startDatetime))
      .limit(10_000);
  const date = ctx.ondate;
  if (date) {
    const tzByEvent = await venueTimezones(ctx, parents);
    const byWindow = [...new Set(tzByEvent.values())].map((tz) => {
      const w = upcomingWindow(ctx.now, localDateRange(date, date, tz));
      return and(gte(s.eventSession.startDatetime, w.start), lt(s.eventSession.startDatetime, w.end));
    });
    const rows = await select([or(...byWindow) ?? sql`false`, SESSION_OPEN_SQL]);
    return rows.filter((r) => localDate(r.startDatetime, tzByEvent.get(r.eventTemplateId) ?? "UTC") === date);
  }
  if (timeFilters.length > 0) return select([]);
  return ctx.db
    .selectDistinctOn([s.eventSession.eventTemplateId])
    .from(s.eventSession)
    .where(and(...where, gte(s.eventSession.startDatetime, ctx.now), SESSION_OPEN_SQL))
    .orderBy(asc(s.eventSession.eventTemplateId), asc(s.eventSession.startDatetime));
}

/** `first_session`: each event's next session (the first of event_session's rows), as event_session rows. */
const firstSessionOf: Relation = {
  target: () => eventSessionDef,
  async load(ctx, parents) {
    const first = new Map<string, SessionRow>();
    for (const r of await sessionRowsOf(ctx, parents)) {
      const seen = first.get(r.eventTemplateId);
      if (!seen || r.startDatetime < seen.startDatetime) first.set(r.eventTemplateId, r);
    }
    return pairBy(
      parents,
      [...first.values()].map((r) => row(serializeSession(r))),
      "id",
      "event_template_id",
    );
  },
};

const sessionsOf: Relation = {
  target: () => eventSessionDef,
  async load(ctx, parents) {
    const rows = await sessionRowsOf(ctx, parents);
    return pairBy(
      parents,
      rows.map((r) => row(serializeSession(r))),
      "id",
      "event_template_id",
    );
  },
};

/** The events with an open session on a venue-local date that has not started (`_ondate`). */
export async function eventsWithSessionsOn(
  ctx: Omit<LoadContext, "filters" | "ondate">,
  events: Row[],
  date: string,
): Promise<Row[]> {
  if (events.length === 0) return [];
  const rows = await sessionRowsOf({ ...ctx, filters: [], ondate: date }, events);
  const withSession = new Set(rows.map((r) => r.eventTemplateId));
  return events.filter((e) => withSession.has(e.id));
}

async function venueTimezones(ctx: LoadContext, events: Row[]): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ id: s.eventTemplate.id, tz: s.venue.timezone })
    .from(s.eventTemplate)
    .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
    .where(inArray(s.eventTemplate.id, ids(events)));
  return new Map(rows.map((r) => [r.id, r.tz]));
}

const messageRulesOf: Relation = {
  target: () => messageRuleDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select()
      .from(s.messageRule)
      .where(inArray(s.messageRule.eventTemplateId, ids(parents)))
      .orderBy(asc(s.messageRule.rank));
    return pairBy(
      parents,
      rows.map((r) => row(serializeMessageRule(r, ctx))),
      "id",
      "event_template_id",
    );
  },
};

const eventOf: Relation = {
  target: () => eventTemplateDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select()
      .from(s.eventTemplate)
      .where(inArray(s.eventTemplate.id, ids(parents, "event_template_id")));
    return pairBy(parents, rows.map((r) => serializeEvent(r, ctx)).map(row), "event_template_id", "id");
  },
};

const sessionVenue: Relation = {
  target: () => venueDef,
  async load(ctx, parents) {
    const rows = await ctx.db
      .select({ eventId: s.eventTemplate.id, v: s.venue })
      .from(s.eventTemplate)
      .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
      .where(inArray(s.eventTemplate.id, ids(parents, "event_template_id")));
    const byEvent = new Map(rows.map((r) => [r.eventId, row(serializeVenue(r.v, ctx))]));
    return parents.flatMap((p) => {
      const v = byEvent.get(String(p.event_template_id));
      return v ? [[p.id, v] as [string, Row]] : [];
    });
  },
};

export const metaDef: ResourceDef = { name: "meta", fields: "open", sortable: ["id"], relations: {} };
export const configDef: ResourceDef = {
  name: "config",
  fields: { id: "string", resource: "string", resource_id: "string", key: "string" },
  sortable: ["id", "key", "resource_id"],
  relations: {},
};
export const venueDef: ResourceDef = {
  name: "venue",
  fields: { id: "string", name: "string", timezone: "string" },
  sortable: ["id", "name"],
  relations: {},
};
export const sellerDef: ResourceDef = {
  name: "seller",
  fields: { id: "string", slug: "string", name: "string", currency_code: "string" },
  sortable: ["id", "name"],
  relations: { meta: metaOf("seller"), config: configOf },
};
export const ticketTypeDef: ResourceDef = {
  name: "ticket_type",
  fields: {
    id: "string",
    ticket_group_id: "string",
    name: "string",
    _rank: "number",
    currency_amount: "string",
  },
  sortable: ["id", "name", "_rank"],
  relations: { ticket_group: groupsOf("ticket_group_id", "id") },
};
export const ticketGroupDef: ResourceDef = {
  name: "ticket_group",
  fields: {
    id: "string",
    event_template_id: "string",
    name: "string",
    handler: "string",
    hidden_type: "string",
    start_policy: "string",
    sold_out: "boolean",
    capacity: "number",
    _rank: "number",
  },
  sortable: ["id", "name", "_rank"],
  relations: { meta: metaOf("ticket_group"), ticket_type: typesOf("group"), config: configOf },
};
export const eventSessionDef: ResourceDef = {
  name: "event_session",
  fields: {
    id: "string",
    event_template_id: "string",
    start_datetime: "datetime",
    end_datetime: "datetime",
    sold_out: "boolean",
    available_capacity: "number",
    capacity: "number",
    price_tier: "string",
    sold_quantity: "number",
    redeemed_count: "number",
    oversold_out: "boolean",
  },
  sortable: ["start_datetime", "end_datetime", "id", "available_capacity"],
  relations: {
    venue: sessionVenue,
    event_template: eventOf,
    // The groups of the session's event: `ticket_group.id._in=` on events/{id}/sessions.
    ticket_group: groupsOf("event_template_id", "event_template_id"),
  },
};
export const messageRuleDef: ResourceDef = {
  name: "message_rule",
  fields: { id: "string", event_template_id: "string", _rank: "number" },
  sortable: ["id", "_rank"],
  relations: {},
};
export const eventTemplateDef: ResourceDef = {
  name: "event_template",
  fields: {
    id: "string",
    seller_id: "string",
    venue_id: "string",
    name: "string",
    category: "string",
    event_type: "string",
    hidden_type: "string",
    _rank: "number",
  },
  sortable: ["id", "name", "_rank", "category"],
  relations: {
    meta: metaOf("event_template"),
    config: configOf,
    venue: venueOf("venue_id"),
    ticket_group: groupsOf("id", "event_template_id"),
    ticket_type: typesOf("event"),
    event_session: sessionsOf,
    first_session: firstSessionOf,
    message_rule: messageRulesOf,
    seller: sellerOf,
  },
};
export const membershipRuleDef: ResourceDef = {
  name: "membership_rule",
  fields: {
    id: "string",
    ticket_type_id: "string",
    ticket_group_id: "string",
    party_role: "string",
    named: "string",
  },
  sortable: ["id", "party_role"],
  relations: { ticket_type: typesOf("id"), ticket_group: groupsOf("ticket_group_id", "id") },
};

export type { Filter };
