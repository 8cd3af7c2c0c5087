/**
 * Tickets in hand (spec 2 §3, §7): the wallet passes and the calendar of an order.
 * - GET ticket/{id}/walletprecheck: {wallet_precheck: [{provider: "apple", ok}, {provider: "google", ok}]}
 * - GET ticket/{id}/pkpass: the signed Apple Wallet pass (application/vnd.apple.pkpass)
 * - GET ticket/{id}/gwpass: 302 to the "Save to Google Wallet" link (a signed JWT)
 * - GET ticket_order/{id}/calendar.ics: one VEVENT per session of the order
 * Readable by the order's logged-in owner or with the order's manage token (`?token=`); anything
 * else is 404 (services/tickets/access.ts). Every answer is personal: `Cache-Control: private, no-store`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ticketAccessQuery, ticketIdParam, walletPrecheckAnswer } from "../../../api/tickets/schemas.ts";
import { fail } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import { linkOrigin } from "../../services/auth/context.ts";
import { SESSION_COOKIE } from "../../services/identity/identity.ts";
import { readableTicketOrder, type TicketCaller } from "../../services/tickets/access.ts";
import { ICS_CONTENT_TYPE, sessionCalendar } from "../../services/tickets/calendar.ts";
import { PKPASS_CONTENT_TYPE } from "../../services/tickets/pkpass.ts";
import { ticketGoogleSaveUrl, ticketPkpass, walletPrecheck } from "../../services/tickets/service.ts";
import type { ApiRouter } from "../router.ts";
import { errorResponses, json } from "./_shared.ts";

const PRIVATE = "private, no-store";
const request = { params: ticketIdParam, query: ticketAccessQuery };

const precheck = createRoute({
  method: "get",
  path: "/ticket/{id}/walletprecheck",
  request,
  responses: json(walletPrecheckAnswer, "Per wallet provider: may this ticket have a pass."),
});
const pkpass = createRoute({
  method: "get",
  path: "/ticket/{id}/pkpass",
  request,
  responses: {
    200: {
      description: "The signed Apple Wallet pass.",
      content: { [PKPASS_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses,
  },
});
const gwpass = createRoute({
  method: "get",
  path: "/ticket/{id}/gwpass",
  request,
  responses: {
    302: { description: "Redirect to https://pay.google.com/gp/v/save/{jwt}." },
    ...errorResponses,
  },
});
const calendar = createRoute({
  method: "get",
  path: "/ticket_order/{id}/calendar.ics",
  request,
  responses: {
    200: {
      description: "An iCalendar file: one event per session of the order.",
      content: { "text/calendar": { schema: z.string() } },
    },
    ...errorResponses,
  },
});

function ticketCaller(c: Context<ApiEnv>, query: z.infer<typeof ticketAccessQuery>): TicketCaller {
  return {
    sessionToken: getCookie(c, SESSION_COOKIE),
    manageToken: query.token,
    sellerSlug: query._seller,
    now: c.get("deps").clock.now(),
  };
}

export function registerTickets(router: ApiRouter): void {
  router.openapi(precheck, async (c) => {
    const answer = await walletPrecheck(
      c.get("deps").db,
      c.req.valid("param").id,
      ticketCaller(c, c.req.valid("query")),
    );
    c.header("Cache-Control", PRIVATE);
    return c.json(answer, 200);
  });
  router.openapi(pkpass, async (c) => {
    const id = c.req.valid("param").id;
    const bytes = await ticketPkpass(c.get("deps").db, id, ticketCaller(c, c.req.valid("query")));
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": PKPASS_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="ticket-${id.replace(/[^A-Za-z0-9_-]/g, "")}.pkpass"`,
      "Cache-Control": PRIVATE,
    });
  });
  router.openapi(gwpass, async (c) => {
    const origin = linkOrigin(c.req.url);
    const url = await ticketGoogleSaveUrl(
      c.get("deps").db,
      c.req.valid("param").id,
      ticketCaller(c, c.req.valid("query")),
      [origin],
    );
    c.header("Cache-Control", PRIVATE);
    return c.redirect(url, 302);
  });
  router.openapi(calendar, async (c) => {
    const { db } = c.get("deps");
    const { order } = await readableTicketOrder(
      db,
      c.req.valid("param").id,
      ticketCaller(c, c.req.valid("query")),
    );
    const ics = await sessionCalendar(db, order.id, linkOrigin(c.req.url), c.get("deps").clock.now());
    if (!ics)
      throw fail("not_found", {
        description: "This order has no sessions to add to a calendar.",
        context: "calendar",
      });
    return c.body(ics, 200, {
      "Content-Type": ICS_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="order-${order.orderNumber.replace(/[^A-Za-z0-9_-]/g, "")}.ics"`,
      "Cache-Control": PRIVATE,
    });
  });
}
