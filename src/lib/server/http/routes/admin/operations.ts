/**
 * The admin API's operations of the day, over the back office services: orders (search, an
 * order, refund, cancel, resend, reschedule and where to), the figures (today, sales, CSV), sessions (close, reopen,
 * capacity, attendees and their CSV) and members (search, a membership, resend its e-mail).
 *
 * Every call names the action it needs (access.ts requireActor: a staff session past its second
 * factor or an API key, of the `_seller` named), and the services check the role and the tenant
 * again below it. Answers are objects keyed by resource type with `{ _count, _data }`, their field
 * names in snake_case as everywhere in the API. CSV answers are text/csv with a file name.
 */
import { createRoute, z } from "@hono/zod-openapi";
import * as A from "../../../../api/admin/schemas.ts";
import { salesCsv, salesFigures, todayFigures } from "../../../services/admin/figures/index.ts";
import { memberDetail, resendMembershipEmail, searchMembers } from "../../../services/admin/members/index.ts";
import {
  cancelOrder,
  orderDetail,
  refundOrder,
  rescheduleOptions,
  rescheduleOrder,
  resendOrder,
  searchOrders,
} from "../../../services/admin/orders/index.ts";
import {
  attendeeCsv,
  attendeeList,
  closeSession,
  reopenSession,
  setSessionCapacity,
} from "../../../services/admin/sessions/index.ts";
import type { ApiRouter } from "../../router.ts";
import { jsonBody } from "../_shared.ts";
import { requireActor } from "./access.ts";
import { answer, csv, csvAnswer, idParam, many, one, sellerQuery } from "./shapes.ts";

const get = <P extends string>(path: P, description: string, schema: z.ZodType) =>
  createRoute({
    method: "get",
    path,
    request: { query: sellerQuery, params: idParam },
    responses: answer(description, schema),
  });

const reasonBody = z.object({ reason: z.string().max(500).optional() });

const routes = {
  searchOrders: createRoute({
    method: "get",
    path: "/admin/orders",
    request: { query: sellerQuery.extend({ q: z.string().max(200), _limit: z.string().max(4).optional() }) },
    responses: answer(
      "Orders matching a number, e-mail, name, scan code or a card's last four digits.",
      A.orderSearchAnswer,
    ),
  }),
  order: get(
    "/admin/orders/{id}",
    "An order with its tickets, payments, refunds, mails and audit trail.",
    A.orderDetailAnswer,
  ),
  refund: createRoute({
    method: "post",
    path: "/admin/orders/{id}/refund",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(
        z.object({
          scope: z.discriminatedUnion("kind", [
            z.object({ kind: z.literal("order") }),
            z.object({ kind: z.literal("tickets"), ticket_ids: z.array(z.string().max(100)).max(500) }),
            z.object({ kind: z.literal("amount"), amount: z.string().max(20) }),
          ]),
          reason: z.string().max(500),
        }),
      ),
    },
    responses: answer("The refund: what went back, where, and the tickets cancelled.", A.refundDone),
  }),
  cancel: createRoute({
    method: "post",
    path: "/admin/orders/{id}/cancel",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(
        z.object({
          ticket_ids: z.array(z.string().max(100)).max(500).optional(),
          reason: z.string().max(500),
        }),
      ),
    },
    responses: answer("The tickets cancelled without a refund.", A.cancelDone),
  }),
  resend: createRoute({
    method: "post",
    path: "/admin/orders/{id}/resend",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(z.object({ to: z.string().max(254).optional() })),
    },
    responses: answer("The confirmation sent again."),
  }),
  reschedule: createRoute({
    method: "post",
    path: "/admin/orders/{id}/reschedule",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(
        z.object({
          ticket_ids: z.array(z.string().max(100)).max(500),
          session_id: z.string().max(100),
          reason: z.string().max(500),
        }),
      ),
    },
    responses: answer(
      "The tickets moved to another session of the same event, keeping their type and the price paid; the buyer is mailed.",
    ),
  }),
  rescheduleOptions: createRoute({
    method: "get",
    path: "/admin/orders/{id}/reschedule_options",
    request: { query: sellerQuery.extend({ session: z.string().max(100) }), params: idParam },
    responses: answer(
      "The event's open sessions to come with places left, where the order's tickets of `session` could move.",
    ),
  }),
  today: createRoute({
    method: "get",
    path: "/admin/figures/today",
    request: { query: sellerQuery.extend({ date: z.string().max(10).optional() }) },
    responses: answer(
      "A venue-local day's sessions, sales and visits by hour, and the week ahead.",
      A.todayAnswer,
    ),
  }),
  sales: createRoute({
    method: "get",
    path: "/admin/figures/sales",
    request: { query: sellerQuery.extend({ from: z.string().max(10), until: z.string().max(10) }) },
    responses: answer("Sales by day, event and ticket type, with totals.", A.salesAnswer),
  }),
  salesCsv: createRoute({
    method: "get",
    path: "/admin/figures/sales.csv",
    request: {
      query: sellerQuery.extend({
        from: z.string().max(10),
        until: z.string().max(10),
        by: z.enum(["day", "event", "ticket_type"]).optional(),
      }),
    },
    responses: csv("Sales as CSV, safe to open in a spreadsheet."),
  }),
  close: createRoute({
    method: "post",
    path: "/admin/sessions/{id}/close",
    request: { query: sellerQuery, params: idParam, body: jsonBody(reasonBody) },
    responses: answer("The session is closed: visitors see it as not available."),
  }),
  reopen: createRoute({
    method: "post",
    path: "/admin/sessions/{id}/reopen",
    request: { query: sellerQuery, params: idParam, body: jsonBody(reasonBody) },
    responses: answer("The session is open again."),
  }),
  capacity: createRoute({
    method: "put",
    path: "/admin/sessions/{id}/capacity",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(z.object({ capacity: z.number().int(), reason: z.string().max(500) })),
    },
    responses: answer("The session's new capacity (never below what is sold and held)."),
  }),
  attendees: get("/admin/sessions/{id}/attendees", "The session's attendees.", A.attendeesAnswer),
  attendeesCsv: createRoute({
    method: "get",
    path: "/admin/sessions/{id}/attendees.csv",
    request: { query: sellerQuery, params: idParam },
    responses: csv("The attendees as CSV, safe to open in a spreadsheet."),
  }),
  searchMembers: createRoute({
    method: "get",
    path: "/admin/members",
    request: { query: sellerQuery.extend({ q: z.string().max(200) }) },
    responses: answer("Memberships matching a member ID, a name or an e-mail.", A.memberSearchAnswer),
  }),
  member: get(
    "/admin/members/{id}",
    "A membership with its cards, term, renewals and auto-renew.",
    A.memberDetailAnswer,
  ),
  resendMember: createRoute({
    method: "post",
    path: "/admin/members/{id}/resend",
    request: { query: sellerQuery, params: idParam, body: jsonBody(z.object({})) },
    responses: answer("The membership e-mail sent again."),
  }),
};

export function registerAdminOperations(router: ApiRouter): void {
  router.openapi(routes.searchOrders, async (c) => {
    const { db } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "orders.read", q._seller);
    const hits = await searchOrders(db, actor, { q: q.q, limit: q._limit ? Number(q._limit) : undefined });
    return c.json(many("ticket_order", hits), 200);
  });
  router.openapi(routes.order, async (c) => {
    const { db } = c.get("deps");
    const actor = await requireActor(c, "orders.read", c.req.valid("query")._seller);
    return c.json(
      one("ticket_order", await orderDetail(db, actor, { orderId: c.req.valid("param").id })),
      200,
    );
  });
  router.openapi(routes.refund, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "orders.refund", c.req.valid("query")._seller);
    const body = c.req.valid("json");
    const scope =
      body.scope.kind === "tickets"
        ? { kind: "tickets" as const, ticketIds: body.scope.ticket_ids }
        : body.scope;
    const done = await refundOrder(
      db,
      actor,
      { orderId: c.req.valid("param").id, scope, reason: body.reason },
      clock.now(),
    );
    return c.json(one("refund", done), 200);
  });
  router.openapi(routes.cancel, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "orders.change", c.req.valid("query")._seller);
    const body = c.req.valid("json");
    const done = await cancelOrder(
      db,
      actor,
      { orderId: c.req.valid("param").id, ticketIds: body.ticket_ids, reason: body.reason },
      clock.now(),
    );
    return c.json(one("cancellation", done), 200);
  });
  router.openapi(routes.resend, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "orders.change", c.req.valid("query")._seller);
    const done = await resendOrder(
      db,
      actor,
      { orderId: c.req.valid("param").id, ...c.req.valid("json") },
      clock.now(),
    );
    return c.json(one("resend", done), 200);
  });
  router.openapi(routes.reschedule, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "orders.change", c.req.valid("query")._seller);
    const body = c.req.valid("json");
    const done = await rescheduleOrder(
      db,
      actor,
      {
        orderId: c.req.valid("param").id,
        ticketIds: body.ticket_ids,
        sessionId: body.session_id,
        reason: body.reason,
      },
      clock.now(),
    );
    return c.json(one("reschedule", done), 200);
  });
  router.openapi(routes.rescheduleOptions, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "orders.change", q._seller);
    const options = await rescheduleOptions(
      db,
      actor,
      { orderId: c.req.valid("param").id, sessionId: q.session },
      clock.now(),
    );
    return c.json(one("reschedule_options", options), 200);
  });

  router.openapi(routes.today, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "figures.read", q._seller);
    const figures = await todayFigures(db, actor, q.date ? { date: q.date } : {}, clock.now());
    return c.json(one("today", figures), 200);
  });
  router.openapi(routes.sales, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "figures.read", q._seller);
    const figures = await salesFigures(db, actor, { from: q.from, until: q.until }, clock.now());
    return c.json(one("sales", figures), 200);
  });
  router.openapi(routes.salesCsv, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "figures.read", q._seller);
    const file = await salesCsv(db, actor, { from: q.from, until: q.until, by: q.by ?? "day" }, clock.now());
    return csvAnswer(c, file);
  });

  router.openapi(routes.close, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "sessions.change", c.req.valid("query")._seller);
    const { reason } = c.req.valid("json");
    const done = await closeSession(db, actor, { sessionId: c.req.valid("param").id, reason }, clock.now());
    return c.json(one("event_session", done), 200);
  });
  router.openapi(routes.reopen, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "sessions.change", c.req.valid("query")._seller);
    const { reason } = c.req.valid("json");
    const done = await reopenSession(db, actor, { sessionId: c.req.valid("param").id, reason }, clock.now());
    return c.json(one("event_session", done), 200);
  });
  router.openapi(routes.capacity, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "sessions.change", c.req.valid("query")._seller);
    const body = c.req.valid("json");
    const done = await setSessionCapacity(
      db,
      actor,
      { sessionId: c.req.valid("param").id, capacity: body.capacity, reason: body.reason },
      clock.now(),
    );
    return c.json(one("event_session", done), 200);
  });
  router.openapi(routes.attendees, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "sessions.read", c.req.valid("query")._seller);
    return c.json(
      one(
        "attendee_list",
        await attendeeList(db, actor, { sessionId: c.req.valid("param").id }, clock.now()),
      ),
      200,
    );
  });
  router.openapi(routes.attendeesCsv, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "sessions.read", c.req.valid("query")._seller);
    return csvAnswer(c, await attendeeCsv(db, actor, { sessionId: c.req.valid("param").id }, clock.now()));
  });

  router.openapi(routes.searchMembers, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "members.read", q._seller);
    return c.json(many("membership", await searchMembers(db, actor, { q: q.q }, clock.now())), 200);
  });
  router.openapi(routes.member, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "members.read", c.req.valid("query")._seller);
    return c.json(
      one(
        "membership",
        await memberDetail(db, actor, { membershipId: c.req.valid("param").id }, clock.now()),
      ),
      200,
    );
  });
  router.openapi(routes.resendMember, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "members.change", c.req.valid("query")._seller);
    return c.json(
      one(
        "mail",
        await resendMembershipEmail(db, actor, { membershipId: c.req.valid("param").id }, clock.now()),
      ),
      200,
    );
  });
}
