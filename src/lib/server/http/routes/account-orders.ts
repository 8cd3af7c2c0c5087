/**
 * My account, orders and upcoming tickets (spec 2 §7): GET my/ticket_order (id._in,
 * embeds, newest first), GET my/order_session (answer `search_result`) and POST
 * ticket_order/{id}/email (empty body = plain resend; log_context order_update | order_cancel).
 * Logged in at this seller only (401 otherwise); another identity's or seller's order is 404.
 * Every answer is personal: `Cache-Control: private, no-store`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  myOrderEnvelope,
  myOrderQuery,
  orderEmailBody,
  orderSessionAnswer,
  orderSessionQuery,
} from "../../../api/account/schemas.ts";
import { manageEmailBody } from "../../../api/manage/schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import * as s from "../../db/schema.ts";
import { validationFailed } from "../../errors/api-error.ts";
import { qrPng } from "../../mail/order-confirmation.ts";
import {
  emailMyOrder,
  MY_ORDER_IDS_MAX,
  myOrderSessions,
  myOrders,
  ownTicketScanCode,
  parseMyOrderEmbeds,
} from "../../services/account/orders.ts";
import { type AuthCall, authCall, loggedInAt } from "../../services/auth/context.ts";
import { notLoggedIn } from "../../services/auth/errors.ts";
import { requireSeller } from "../../services/catalogue/reads.ts";
import { eventTemplateDef } from "../../services/catalogue/resources.ts";
import { serializeEvent } from "../../services/catalogue/serialize.ts";
import { emailByManageLink } from "../../services/manage/mail.ts";
import { contentLanguage, inCallLanguage } from "../content-language.ts";
import { execute, parseQuery, type Row } from "../query/index.ts";
import type { ApiRouter } from "../router.ts";
import { envelope, json, listQuery, rawQuery, sameOriginWrites } from "./_shared.ts";

const PRIVATE = "private, no-store";
const unauthorized = {
  401: { description: "Not logged in.", content: { "application/json": { schema: apiErrorBody } } },
};

const listOrders = createRoute({
  method: "get",
  path: "/my/ticket_order",
  request: { query: myOrderQuery },
  responses: { ...json(myOrderEnvelope, "The caller's orders, newest first, with embeds."), ...unauthorized },
});
const listSessions = createRoute({
  method: "get",
  path: "/my/order_session",
  request: { query: orderSessionQuery },
  responses: { ...json(orderSessionAnswer, "The caller's order sessions."), ...unauthorized },
});
const emailOrder = createRoute({
  method: "post",
  path: "/ticket_order/{id}/email",
  request: {
    params: z.object({ id: z.string().min(1).max(200) }),
    query: z.object({ _seller: z.string().max(200).optional() }),
    // A logged-out holder of the order's manage link sends `manage_token` instead.
    body: {
      content: { "application/json": { schema: z.union([orderEmailBody, manageEmailBody]) } },
      required: false,
    },
  },
  responses: {
    204: { description: "The order's confirmation is queued." },
    ...unauthorized,
    404: {
      description: "Not the caller's order.",
      content: { "application/json": { schema: apiErrorBody } },
    },
    400: { description: "Bad input.", content: { "application/json": { schema: apiErrorBody } } },
  },
});

const ticketQr = createRoute({
  method: "get",
  path: "/ticket/{id}/qrcode",
  request: {
    params: z.object({ id: z.string().min(1).max(200) }),
    query: z.object({
      _seller: z.string().max(200).optional(),
      margin: z.coerce.number().int().min(0).max(16).optional(),
    }),
  },
  responses: {
    200: {
      description: "PNG image of the ticket's scan code.",
      content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...unauthorized,
    404: {
      description: "Not the caller's ticket.",
      content: { "application/json": { schema: apiErrorBody } },
    },
    400: { description: "Bad input.", content: { "application/json": { schema: apiErrorBody } } },
  },
});

/** Spec 2 §7 GET event_template by id._in (embed venue or meta,venue): the events of the orders. */
const eventTemplates = createRoute({
  method: "get",
  path: "/event_template",
  request: {
    query: listQuery({
      "id._in": z.string().max(20_000).optional().openapi({ description: "Comma list, 1 to 50 ids." }),
    }),
  },
  responses: json(envelope, "The asked events: event_template plus embedded collections."),
});

function splitIds(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const ids = [
    ...new Set(
      raw
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  if (!ids.length || ids.length > MY_ORDER_IDS_MAX || ids.some((id) => id.length > 200)) {
    throw validationFailed(`id._in takes 1 to ${MY_ORDER_IDS_MAX} ids.`, { field: "id._in" });
  }
  return ids;
}

async function owner(call: AuthCall) {
  const identityId = await loggedInAt(call);
  if (!identityId) throw notLoggedIn();
  return { sellerId: call.seller.id, identityId };
}

export function registerAccountOrders(router: ApiRouter): void {
  router.use("/ticket_order/:id/email", sameOriginWrites);
  router.openapi(listOrders, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const who = await owner(call);
    const ids = splitIds(query["id._in"]);
    const body = await myOrders(call.db, who, ids, parseMyOrderEmbeds(query._embed), call.now);
    c.header("Cache-Control", PRIVATE);
    const answer = await inCallLanguage(c, call.db, call.seller.slug, body);
    return c.json(answer as z.infer<typeof myOrderEnvelope>, 200);
  });
  router.openapi(listSessions, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const who = await owner(call);
    const sessionIds = splitIds(query["event_session_id._in"]);
    const rows = await myOrderSessions(
      call.db,
      who,
      { when: query.when ?? "upcoming", sessionIds },
      call.now,
    );
    c.header("Cache-Control", PRIVATE);
    const answer = { search_result: { _count: rows.length, _data: rows } };
    return c.json(await inCallLanguage(c, call.db, call.seller.slug, answer), 200);
  });
  router.openapi(emailOrder, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const raw = await c.req.text();
    const body = raw.trim() ? safeJson(raw) : {};
    const managed = manageEmailBody.safeParse(body);
    if (managed.success) {
      await emailByManageLink(call, c.req.valid("param").id, managed.data);
      c.header("Cache-Control", PRIVATE);
      return c.body(null, 204);
    }
    const who = await owner(call);
    const parsed = orderEmailBody.safeParse(body);
    if (!parsed.success)
      throw validationFailed("log_context is order_update or order_cancel.", { field: "log_context" });
    await call.db.transaction((tx) =>
      emailMyOrder(tx, call.seller, who, c.req.valid("param").id, parsed.data.log_context, call.now),
    );
    c.header("Cache-Control", PRIVATE);
    return c.body(null, 204);
  });
  registerTicketQr(router);
  router.openapi(eventTemplates, async (c) => {
    const { db, clock } = c.get("deps");
    const ids = splitIds(c.req.valid("query")["id._in"] ?? "") ?? [];
    const query = parseQuery(rawQuery(c), eventTemplateDef);
    const seller = await requireSeller(db, query.seller);
    const rows = await db
      .select()
      .from(s.eventTemplate)
      .where(and(eq(s.eventTemplate.sellerId, seller.id), inArray(s.eventTemplate.id, ids)))
      .orderBy(asc(s.eventTemplate.rank), asc(s.eventTemplate.id));
    const language = contentLanguage(c, seller.slug);
    const body = await execute(
      eventTemplateDef,
      rows.map((r) => serializeEvent(r, { language }) as unknown as Row),
      query,
      {
        db,
        now: clock.now(),
        sellerId: seller.id,
        language,
      },
    );
    return c.json(body, 200);
  });
}

export function registerTicketQr(router: ApiRouter): void {
  router.openapi(ticketQr, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const scanCode = await ownTicketScanCode(call.db, await owner(call), c.req.valid("param").id);
    const image = await qrPng(scanCode, query.margin ?? 2);
    return c.body(new Uint8Array(image), 200, { "Content-Type": "image/png", "Cache-Control": PRIVATE });
  });
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
