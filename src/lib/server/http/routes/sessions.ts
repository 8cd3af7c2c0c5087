/** Sessions of an event: list, list for a ticket selection, one session, and its seat map. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { collection, eventSessionResource, priceScheduleResource } from "../../../api/schemas.ts";
import { localDateRange } from "../../../domain/calendar.ts";
import { toMoneyString } from "../../../domain/money.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import {
  countSessions,
  eventGroupsAndTypes,
  loadSessions,
  requireEvent,
  resolveSelection,
  sessionFilterInSql,
  sessionWhere,
  soldOutForSelection,
  upcomingWindow,
} from "../../services/catalogue/reads.ts";
import { eventSessionDef } from "../../services/catalogue/resources.ts";
import { serializeSession, tierPrice } from "../../services/catalogue/serialize.ts";
import { contentLanguage } from "../content-language.ts";
import {
  embedInto,
  execute,
  newGraph,
  type ParsedQuery,
  parseQuery,
  type RawQuery,
  type Row,
  rejectUnknownKeys,
  single,
} from "../query/index.ts";
import type { ApiRouter } from "../router.ts";
import { envelope, json, listQuery, rawQuery, selectionLine } from "./_shared.ts";

const eventParams = z.object({ id: z.string().min(1).max(200) });
/** The documented shape: event_session rows (and price_schedule for a selection), other embeds as collections. */
const sessionsDoc = z
  .object({
    event_session: collection(eventSessionResource),
    price_schedule: collection(priceScheduleResource).optional(),
  })
  .catchall(envelope.valueType);
/** The rows come from serializeSession, typed by the same schema; the envelope type is the query layer's. */
type SessionsDoc = z.infer<typeof sessionsDoc>;
const sessionQuery = listQuery({
  _ondate: z.string().optional().openapi({ description: "YYYY-MM-DD in the venue's time zone." }),
  ticket_group_id: z
    .string()
    .optional()
    .openapi({ description: "Sessions as seen by this ticket group (a comma list is taken too)." }),
  "ticket_group_id._in": z
    .string()
    .optional()
    .openapi({ description: "Comma list: sessions as seen by these ticket groups." }),
  "ticket_group.id._in": z
    .string()
    .optional()
    .openapi({ description: "Comma list: the same as ticket_group_id._in." }),
});

const list = createRoute({
  method: "get",
  path: "/events/{id}/sessions",
  request: { params: eventParams, query: sessionQuery },
  responses: json(
    sessionsDoc,
    "event_session collection (each row with sold_quantity, redeemed_count, oversold_out).",
  ),
});
const forSelection = createRoute({
  method: "post",
  path: "/events/{id}/sessions",
  request: {
    params: eventParams,
    query: sessionQuery,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ ticket_types_required: z.array(selectionLine).max(1000) }) },
      },
    },
  },
  responses: json(sessionsDoc, "event_session and price_schedule collections for the selection."),
});
const one = createRoute({
  method: "get",
  path: "/events/{id}/sessions/{sessionId}",
  request: {
    params: z.object({ id: z.string().min(1).max(200), sessionId: z.string().min(1).max(200) }),
    query: listQuery(),
  },
  responses: json(sessionsDoc, "One event_session (embed venue)."),
});
const seatMap = createRoute({
  method: "get",
  path: "/events/{event_template_id}/sessions/{session_id}/seat_map",
  request: {
    params: z.object({
      event_template_id: z.string().min(1).max(200),
      session_id: z.string().min(1).max(200),
    }),
    query: z.object({
      geometry: z.enum(["true", "false"]).optional(),
      _seller: z.string().max(200).optional(),
    }),
  },
  responses: json(envelope, "seat_map and seat collections with the session's seat states."),
});

const GROUP_KEYS = ["ticket_group_id", "ticket_group_id._in"] as const;

/**
 * The ticket groups a sessions request looks through, as clients send them: `ticket_group_id=a`
 * (a comma list is taken too), `ticket_group_id._in=a,b` and `ticket_group.id._in=a,b` (or `=a`).
 * The `ticket_group.id` filters are taken out of the query: they choose a view, not sessions.
 */
function sessionGroupIds(raw: RawQuery, query: ParsedQuery): string[] {
  const ids = new Set<string>();
  for (const key of GROUP_KEYS) {
    for (const id of (single(raw, key) ?? "").split(",")) if (id.trim()) ids.add(id.trim());
  }
  const isGroupFilter = (f: ParsedQuery["filters"][number]) =>
    f.path.length === 1 &&
    f.path[0] === "ticket_group" &&
    f.field === "id" &&
    (f.op === "eq" || f.op === "in");
  for (const f of query.filters.filter(isGroupFilter)) for (const v of f.values) ids.add(String(v));
  query.filters = query.filters.filter((f) => !isGroupFilter(f));
  return [...ids];
}

/** Sessions of one event as an envelope; filters run in SQL where they can, date window bounded. */
async function sessionEnvelope(
  c: Context<ApiEnv>,
  eventId: string,
  query: ParsedQuery,
  selection?: { ticket_type_id: string; quantity: number }[],
) {
  const { db, clock } = c.get("deps");
  const { event, timezone, currency, slug } = await requireEvent(db, eventId, query.seller);
  const groupIds = sessionGroupIds(rawQuery(c), query);
  const { groups, types } = await eventGroupsAndTypes(db, event.id);
  for (const groupId of groupIds) {
    if (!groups.some((g) => g.id === groupId)) throw notFound("ticket_group", groupId);
  }
  const perGroup = new Map<string, number>();
  let lines: ReturnType<typeof resolveSelection>["lines"] = [];
  if (selection) {
    for (const g of groupIds) perGroup.set(g, 1);
    const resolved = resolveSelection(selection, groups, types);
    lines = resolved.lines;
    for (const [g, q] of resolved.perGroup) perGroup.set(g, Math.max(q, perGroup.get(g) ?? 0));
  }
  // Sessions as seen by ticket groups: sold out when none of the groups has a place left.
  const soldOutFor = (r: Parameters<typeof soldOutForSelection>[0]) =>
    selection || groupIds.length === 0
      ? soldOutForSelection(r, perGroup, groups)
      : groupIds.every((g) => soldOutForSelection(r, new Map([[g, 1]]), groups));
  // Sessions that have started are not offered; explicit start_datetime filters choose their own window.
  const window = query.ondate
    ? upcomingWindow(clock.now(), localDateRange(query.ondate, query.ondate, timezone))
    : query.filters.some((f) => f.field === "start_datetime")
      ? {}
      : upcomingWindow(clock.now(), {});
  const selectionAware = perGroup.size > 0 || groupIds.length > 0;
  const allInSql =
    !selectionAware &&
    query.filters.every(sessionFilterInSql) &&
    query.sort.every((x) => x.field === "start_datetime" && !x.path?.length);
  const where = sessionWhere(
    event.id,
    selectionAware ? query.filters.filter((f) => f.field !== "sold_out") : query.filters,
    window,
  );
  const ctx = { db, now: clock.now(), sellerId: event.sellerId, language: contentLanguage(c, slug) };
  let body: Record<string, { _count: number; _data: Row[] }>;
  let pageRows: Row[];
  if (allInSql) {
    const rows = await loadSessions(db, where, {
      desc: query.sort[0]?.desc,
      limit: query.limit,
      offset: query.offset,
    });
    const n = await countSessions(db, where);
    pageRows = rows.map((r) => serializeSession(r) as unknown as Row);
    body = { event_session: { _count: n, _data: pageRows } };
    await embedInto(body, eventSessionDef, pageRows, query, newGraph(ctx, []));
  } else {
    const rows = await loadSessions(db, where);
    const serialized = rows.map((r) => serializeSession(r, soldOutFor(r)) as unknown as Row);
    body = await execute(eventSessionDef, serialized, query, ctx, {
      defaultSort: [{ field: "start_datetime", desc: false }],
    });
    pageRows = body.event_session?._data ?? [];
  }
  if (selection) {
    const tierOf = new Map(pageRows.map((r) => [r.id, (r.price_tier as string | null) ?? null]));
    const schedule = pageRows.flatMap((r) =>
      lines.map((l) => ({
        id: `${r.id}:${l.type.id}`,
        event_session_id: r.id,
        ticket_type_id: l.type.id,
        currency_amount: toMoneyString(tierPrice(l.type, tierOf.get(r.id)), currency),
      })),
    );
    body.price_schedule = { _count: schedule.length, _data: schedule };
  }
  return body;
}

export function registerSessions(router: ApiRouter): void {
  router.openapi(list, async (c) => {
    const query = parseQuery(rawQuery(c), eventSessionDef, { extraKeys: GROUP_KEYS, ondate: true });
    return c.json((await sessionEnvelope(c, c.req.valid("param").id, query)) as unknown as SessionsDoc, 200);
  });

  router.openapi(forSelection, async (c) => {
    const query = parseQuery(rawQuery(c), eventSessionDef, { extraKeys: GROUP_KEYS, ondate: true });
    const body = c.req.valid("json");
    const answer = await sessionEnvelope(c, c.req.valid("param").id, query, body.ticket_types_required);
    return c.json(answer as unknown as SessionsDoc, 200);
  });

  router.openapi(one, async (c) => {
    const { db, clock } = c.get("deps");
    const { id, sessionId } = c.req.valid("param");
    const query = parseQuery(rawQuery(c), eventSessionDef, { filters: false });
    const { event, slug } = await requireEvent(db, id, query.seller);
    const rows = await db
      .select()
      .from(s.eventSession)
      .where(
        and(
          eq(s.eventSession.id, sessionId),
          eq(s.eventSession.eventTemplateId, event.id),
          isNull(s.eventSession.retiredAt),
        ),
      );
    const session = rows[0];
    if (!session) throw notFound("event_session", sessionId);
    const body = await execute(eventSessionDef, [serializeSession(session) as unknown as Row], query, {
      db,
      now: clock.now(),
      sellerId: event.sellerId,
      language: contentLanguage(c, slug),
    });
    return c.json(body as unknown as SessionsDoc, 200);
  });

  router.openapi(seatMap, async (c) => {
    const { db } = c.get("deps");
    const { event_template_id, session_id } = c.req.valid("param");
    const { geometry, _seller } = c.req.valid("query");
    rejectUnknownKeys(rawQuery(c), ["geometry", "_seller"]);
    const { event } = await requireEvent(db, event_template_id, _seller);
    const session = await db
      .select({ id: s.eventSession.id })
      .from(s.eventSession)
      .where(and(eq(s.eventSession.id, session_id), eq(s.eventSession.eventTemplateId, event.id)));
    if (!session[0]) throw notFound("event_session", session_id);
    const maps = await db.select().from(s.seatMap).where(eq(s.seatMap.eventTemplateId, event.id)).limit(1);
    const map = maps[0];
    if (!map) throw notFound("seat_map", event.id);
    const seats = await db
      .select()
      .from(s.seatTemplate)
      .where(eq(s.seatTemplate.seatMapId, map.id))
      .orderBy(asc(s.seatTemplate.y), asc(s.seatTemplate.x), asc(s.seatTemplate.id));
    const taken = seats.length
      ? await db
          .select({ seatTemplateId: s.sessionSeat.seatTemplateId })
          .from(s.sessionSeat)
          .where(
            and(
              eq(s.sessionSeat.eventSessionId, session_id),
              inArray(
                s.sessionSeat.seatTemplateId,
                seats.map((x) => x.id),
              ),
            ),
          )
      : [];
    const takenIds = new Set(taken.map((t) => t.seatTemplateId));
    const seatRows = seats.map((t) => ({
      id: t.id,
      seat_template_id: t.id,
      name: t.name,
      x: t.x,
      y: t.y,
      radius: t.radius,
      state: t.unavailable ? "unavailable" : takenIds.has(t.id) ? "booked" : "available",
      previous_id: t.previousId,
      next_id: t.nextId,
      ticket_group_ids: t.ticketGroupIds,
    }));
    const mapRow = {
      id: map.id,
      event_template_id: map.eventTemplateId,
      ...(geometry === "true"
        ? { map_geometry: { width: map.width, height: map.height, other_elements: map.otherElements } }
        : {}),
    };
    return c.json(
      { seat_map: { _count: 1, _data: [mapRow] }, seat: { _count: seatRows.length, _data: seatRows } },
      200,
    );
  });
}
