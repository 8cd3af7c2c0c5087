/** GET/POST events/{id}/calendar and POST events/{id}/pricecheck. */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { calendarRows, calendarStatusMap } from "../../../api/schemas.ts";
import { availableCapacity, isSoldOut } from "../../../domain/availability.ts";
import {
  addDays,
  buildCalendarDays,
  isValidDate,
  localDate,
  localDateRange,
  sessionPrices,
} from "../../../domain/calendar.ts";
import { isFlexiblePrice, outsideFeesOf } from "../../../domain/price-display.ts";
import { notFound, validationFailed } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import {
  eventConfig,
  eventGroupsAndTypes,
  loadSessions,
  MAX_CALENDAR_TYPES,
  requireEvent,
  resolveSelection,
  sessionWhere,
  soldOutForSelection,
  upcomingWindow,
} from "../../services/catalogue/reads.ts";
import { moneyOrNull, serializeTicketType, tierPrice } from "../../services/catalogue/serialize.ts";
import { type RawQuery, rejectUnknownKeys, single } from "../query/index.ts";
import type { ApiRouter } from "../router.ts";
import { json, rawQuery, selectionLine } from "./_shared.ts";

const MAX_RANGE_DAYS = 400;
const DEFAULT_RANGE_DAYS = 90;

const calendarQuery = z.object({
  _format: z.enum(["extended", "price"]).optional().openapi({
    description:
      "Absent: calendar is a map of date to status. extended: calendar._data rows with per ticket group availability; price: rows with prices.",
  }),
  "ticket_group_id._in": z.string().max(2000).optional(),
  start_date: z.string().max(10).optional(),
  end_date: z.string().max(10).optional(),
  month: z.string().max(7).optional().openapi({ description: "YYYY-MM (instead of start_date/end_date)." }),
  _seller: z.string().max(200).optional(),
});
const CALENDAR_KEYS = Object.keys(calendarQuery.shape);
const calendarBody = z.object({ ticket_types_required: z.array(selectionLine).max(1000) });
const calendarOk = json(
  z.union([calendarStatusMap, calendarRows]),
  "Without _format, the original API's map: calendar is {YYYY-MM-DD: available | sold_out | unreleased}. " +
    "With _format=extended or _format=price, calendar._data: one calendar day per venue-local date.",
);
/** The event's web.price_display config; only the primary ticket type matters to the calendar. */
const priceDisplay = z.object({ primary_ticket_type_id: z.string().min(1).optional() });
const params = z.object({ id: z.string().min(1).max(200) });

const getCalendar = createRoute({
  method: "get",
  path: "/events/{id}/calendar",
  request: { params, query: calendarQuery },
  responses: calendarOk,
});
const postCalendar = createRoute({
  method: "post",
  path: "/events/{id}/calendar",
  request: {
    params,
    query: calendarQuery,
    body: { required: true, content: { "application/json": { schema: calendarBody } } },
  },
  responses: calendarOk,
});
const pricecheck = createRoute({
  method: "post",
  path: "/events/{id}/pricecheck",
  request: {
    params,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            ticket_types_required: z
              .array(z.object({ ticket_type_id: z.string().min(1).max(200) }))
              .min(1)
              .max(1000),
            event_session_id: z.string().min(1).max(200).optional(),
          }),
        },
      },
    },
  },
  responses: json(z.unknown(), "ticket_type collection ordered by ticket_group_id."),
});

function dateRange(raw: RawQuery, today: string): { from: string; to: string } {
  const month = single(raw, "month");
  let from = single(raw, "start_date");
  let to = single(raw, "end_date");
  if (month !== undefined) {
    if (!/^\d{4}-\d{2}$/.test(month) || !isValidDate(`${month}-01`)) {
      throw validationFailed("month must be YYYY-MM.", { field: "month" });
    }
    from = `${month}-01`;
    const [y, m] = month.split("-").map(Number) as [number, number];
    to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  }
  from ??= today;
  const invalid = (k: string, v: string) =>
    validationFailed(`${k} must be a date YYYY-MM-DD.`, { field: k, value: v });
  // start_date is checked before the default end_date is counted from it (addDays throws on junk).
  if (!isValidDate(from)) throw invalid("start_date", from);
  to ??= addDays(from, DEFAULT_RANGE_DAYS - 1);
  if (!isValidDate(to)) throw invalid("end_date", to);
  if (to < from) throw validationFailed("end_date is before start_date.", { field: "end_date" });
  if (to > addDays(from, MAX_RANGE_DAYS)) {
    throw validationFailed(`A calendar spans at most ${MAX_RANGE_DAYS} days.`, { field: "end_date" });
  }
  return { from, to };
}

async function calendar(
  c: Context<ApiEnv>,
  id: string,
  selection: { ticket_type_id: string; quantity: number }[] | null,
) {
  const { db, clock } = c.get("deps");
  const raw = rawQuery(c);
  rejectUnknownKeys(raw, CALENDAR_KEYS);
  if (selection && new Set(selection.map((l) => l.ticket_type_id)).size > MAX_CALENDAR_TYPES) {
    throw validationFailed(
      "You can only select up to 10 different types of tickets.",
      { max: MAX_CALENDAR_TYPES },
      "event_calendar",
    );
  }
  const format = single(raw, "_format");
  const now = clock.now();
  const { event, timezone, currency } = await requireEvent(db, id, single(raw, "_seller"));
  const { from, to } = dateRange(raw, localDate(now, timezone));
  const { groups: allGroups, types: allTypes } = await eventGroupsAndTypes(db, event.id);
  const groupFilter = single(raw, "ticket_group_id._in");
  const wanted = groupFilter ? new Set(groupFilter.split(",")) : null;
  for (const g of wanted ?? []) {
    if (!allGroups.some((x) => x.id === g)) throw notFound("ticket_group", g);
  }
  const groups = wanted ? allGroups.filter((g) => wanted.has(g.id)) : allGroups;
  const resolved = selection ? resolveSelection(selection, allGroups, allTypes) : null;
  const withPrices = format === "price" || format === "extended";
  const priceTypes = !withPrices
    ? []
    : resolved
      ? resolved.lines.map((l) => l.type)
      : allTypes.filter((t) =>
          // "from" prices come from what everyone can buy: members-only groups only when asked for.
          groups.some((g) => g.id === t.ticketGroupId && (wanted || g.hiddenType !== "public_member_only")),
        );
  const typeInfo = priceTypes.map((t) => {
    const api = serializeTicketType(t, { currency });
    return { type: t, fees: outsideFeesOf(api), flexible: isFlexiblePrice(api) };
  });
  const display = withPrices
    ? priceDisplay.safeParse(await eventConfig(db, event.id, "web.price_display"))
    : null;
  const primaryTypeId = display?.success ? display.data.primary_ticket_type_id : undefined;
  // Sessions that have already started are not offered, today included.
  const sessions = await loadSessions(
    db,
    sessionWhere(event.id, [], upcomingWindow(now, localDateRange(from, to, timezone))),
  );
  const days = buildCalendarDays(
    sessions.map((sess) => {
      const soldOut = soldOutForSelection(sess, resolved?.perGroup ?? new Map(), groups);
      const prices = sessionPrices(
        typeInfo.map((t) => ({
          id: t.type.id,
          amount: tierPrice(t.type, sess.priceTier),
          fees: t.fees,
          flexible: t.flexible,
        })),
        primaryTypeId,
      );
      return {
        start: sess.startDatetime,
        available: soldOut ? 0 : availableCapacity(sess),
        soldOut,
        ...prices,
      };
    }),
    timezone,
    from,
    to,
    {
      extended: format === "extended",
      groups: groups.map((g) => ({
        ticketGroupId: g.id,
        available: availableCapacity(g),
        soldOut: isSoldOut(g),
      })),
    },
  );
  // Without _format, the original API's plain map of date to status.
  if (format === undefined) {
    return { calendar: Object.fromEntries(days.map((d) => [d.date, d.status])) };
  }
  const data = days.map((d) => ({
    ...d,
    min_price: moneyOrNull(d.min_price, currency),
    min_price_fees: moneyOrNull(d.min_price_fees, currency),
    price: moneyOrNull(d.price, currency),
  }));
  return { calendar: { _count: data.length, _data: data } };
}

export function registerCalendar(router: ApiRouter): void {
  router.openapi(getCalendar, async (c) => c.json(await calendar(c, c.req.valid("param").id, null), 200));
  router.openapi(postCalendar, async (c) =>
    c.json(await calendar(c, c.req.valid("param").id, c.req.valid("json").ticket_types_required), 200),
  );
  router.openapi(pricecheck, async (c) => {
    const { db } = c.get("deps");
    const body = c.req.valid("json");
    const raw = rawQuery(c);
    rejectUnknownKeys(raw, ["_seller"]);
    const { event, currency } = await requireEvent(db, c.req.valid("param").id, single(raw, "_seller"));
    const { groups, types } = await eventGroupsAndTypes(db, event.id);
    let tier: string | null = null;
    if (body.event_session_id) {
      const sessions = await loadSessions(
        db,
        sessionWhere(event.id, [{ path: [], field: "id", op: "eq", values: [body.event_session_id] }], {}),
      );
      const session = sessions[0];
      if (!session) throw notFound("event_session", body.event_session_id);
      tier = session.priceTier;
    }
    const { lines } = resolveSelection(
      body.ticket_types_required.map((l) => ({ ...l, quantity: 1 })),
      groups,
      types,
    );
    const seen = new Set<string>();
    const data = lines
      .filter((l) => {
        if (seen.has(l.type.id)) return false;
        seen.add(l.type.id);
        return true;
      })
      .sort(
        (a, b) =>
          a.group.rank - b.group.rank || a.group.id.localeCompare(b.group.id) || a.type.rank - b.type.rank,
      )
      .map((l) => serializeTicketType(l.type, { currency, tier, discounted: tierPrice(l.type, tier) }));
    return c.json({ ticket_type: { _count: data.length, _data: data } }, 200);
  });
}
