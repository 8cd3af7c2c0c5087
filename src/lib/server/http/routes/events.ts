/** GET events/available and GET events/{id}. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, eq, isNull } from "drizzle-orm";
import { eventListEnvelope } from "../../../api/envelopes.ts";
import * as s from "../../db/schema.ts";
import { requireEvent, requireSeller } from "../../services/catalogue/reads.ts";
import {
  eventsWithSessionsOn,
  eventTemplateDef,
  filterByMetaPairs,
  isMetaPairFilter,
} from "../../services/catalogue/resources.ts";
import { serializeEvent } from "../../services/catalogue/serialize.ts";
import { contentLanguage } from "../content-language.ts";
import { execute, parseQuery, type Row } from "../query/index.ts";
import type { ApiRouter } from "../router.ts";
import { envelope, json, listQuery, rawQuery } from "./_shared.ts";

/** The documented shape: event_template and its embeds (meta one row per key), other embeds as collections. */
const eventsDoc = eventListEnvelope.catchall(envelope.valueType);
/** The rows come from the serializers typed by the same schemas; the envelope type is the query layer's. */
type EventsDoc = z.infer<typeof eventsDoc>;

const available = createRoute({
  method: "get",
  path: "/events/available",
  request: {
    query: listQuery({
      _ondate: z.string().optional().openapi({ description: "YYYY-MM-DD: events with a session that day." }),
    }),
  },
  responses: json(
    eventsDoc,
    "The seller's events: event_template plus embedded collections (first_session embeds as event_session rows).",
  ),
});

const one = createRoute({
  method: "get",
  path: "/events/{id}",
  request: { params: z.object({ id: z.string().min(1).max(200) }), query: listQuery() },
  responses: json(eventsDoc, "One event_template plus embedded collections."),
});

export function registerEvents(router: ApiRouter): void {
  router.openapi(available, async (c) => {
    const { db, clock } = c.get("deps");
    const query = parseQuery(rawQuery(c), eventTemplateDef, { ondate: true });
    const seller = await requireSeller(db, query.seller);
    // public_link_only events are listed only when hidden_type._in asks for them.
    if (!query.filters.some((f) => f.path.length === 0 && f.field === "hidden_type")) {
      query.filters.push({
        path: [],
        field: "hidden_type",
        op: "in",
        values: ["public_browsable", "public_member_only"],
      });
    }
    const rows = await db
      .select()
      .from(s.eventTemplate)
      .where(and(eq(s.eventTemplate.sellerId, seller.id), isNull(s.eventTemplate.retiredAt)))
      .orderBy(asc(s.eventTemplate.rank), asc(s.eventTemplate.id));
    const language = contentLanguage(c, seller.slug);
    const ctx = { db, now: clock.now(), sellerId: seller.id, ondate: query.ondate, language };
    let roots = rows.map((r) => serializeEvent(r, { language }) as unknown as Row);
    // _ondate: events with an open session that day that has not started; embedded sessions are that day's.
    if (query.ondate) roots = await eventsWithSessionsOn(ctx, roots, query.ondate);
    // Metadata filters `meta.{key}={value}` match the row of that key (meta comes one row per key).
    const pairs = query.filters.filter(isMetaPairFilter);
    query.filters = query.filters.filter((f) => !isMetaPairFilter(f));
    roots = await filterByMetaPairs(ctx, "event_template", roots, pairs);
    const body = await execute(eventTemplateDef, roots, query, ctx, {
      defaultSort: [{ field: "_rank", desc: false }],
    });
    return c.json(body as unknown as EventsDoc, 200);
  });

  router.openapi(one, async (c) => {
    const { db, clock } = c.get("deps");
    const query = parseQuery(rawQuery(c), eventTemplateDef, { filters: false });
    const { event, slug } = await requireEvent(db, c.req.valid("param").id, query.seller);
    const language = contentLanguage(c, slug);
    const body = await execute(
      eventTemplateDef,
      [serializeEvent(event, { language }) as unknown as Row],
      query,
      {
        db,
        now: clock.now(),
        sellerId: event.sellerId,
        language,
      },
    );
    return c.json(body as unknown as EventsDoc, 200);
  });
}
