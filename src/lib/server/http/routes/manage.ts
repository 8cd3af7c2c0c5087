/**
 * Managing an order without an account (spec 2 §5, §7, §8):
 * - GET ticket_order/{id}/manage?token= : the order the manage-link token opens, its tickets and
 *   what the rules allow (services/manage/read.ts); a bad token or unknown order is 404 "We could not
 *   find that order.".
 * - POST ticket_order/manage_link {order_number, email}: 204 whether or not they match, so it never
 *   tells which orders exist; the link is mailed only on a match. Rate limited with the resend lookups.
 * - POST ticket_order/{id}/cancel {manage_token, tickets, gateway_data?}: services/manage/cancel.ts.
 * Everything is personal: `Cache-Control: private, no-store`, and none of it is served under
 * /cached_api. Writes check their origin.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { cancelBody, manageAnswer, manageLinkBody, manageQuery } from "../../../api/manage/schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { authCall } from "../../services/auth/context.ts";
import { enforceLimit } from "../../services/auth/limits.ts";
import { managedOrder } from "../../services/manage/access.ts";
import { cancelOrderTickets } from "../../services/manage/cancel.ts";
import { mailManagedOrder, orderByNumberAndEmail } from "../../services/manage/mail.ts";
import { manageView, serializeManage } from "../../services/manage/read.ts";
import { inCallLanguage } from "../content-language.ts";
import type { ApiRouter } from "../router.ts";
import { apiOnly, sameOriginWrites } from "./_shared.ts";

const PRIVATE = "private, no-store";
const params = z.object({ id: z.string().min(1).max(200) });
const sellerQuery = z.object({ _seller: z.string().max(200).optional() });
const error = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorBody } },
});
const answer = (description: string) => ({
  200: { description, content: { "application/json": { schema: manageAnswer } } },
});

const read = createRoute({
  method: "get",
  path: "/ticket_order/{id}/manage",
  request: { params, query: manageQuery },
  responses: {
    ...answer("The order, its tickets and what the manage rules allow."),
    400: error("Bad input."),
    404: error("Unknown order or a missing, forged, expired or other order's token."),
  },
});
const link = createRoute({
  method: "post",
  path: "/ticket_order/manage_link",
  request: {
    query: sellerQuery,
    body: { content: { "application/json": { schema: manageLinkBody } }, required: true },
  },
  responses: {
    204: { description: "Always; the link is mailed when the order number and e-mail match." },
    400: error("Bad input."),
    429: error("Too many attempts."),
  },
});
const cancel = createRoute({
  method: "post",
  path: "/ticket_order/{id}/cancel",
  request: {
    params,
    query: sellerQuery,
    body: { content: { "application/json": { schema: cancelBody } }, required: true },
  },
  responses: {
    ...answer("The order after the cancel."),
    400: error("No valid tickets found on this order."),
    403: error("You must contact us to cancel this order."),
    404: error("We could not find that order."),
  },
});

export function registerManage(router: ApiRouter): void {
  for (const path of ["/ticket_order/manage_link", "/ticket_order/:id/manage", "/ticket_order/:id/cancel"]) {
    router.use(path, apiOnly(PRIVATE));
    router.use(path, sameOriginWrites);
  }
  router.openapi(read, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const order = await managedOrder(call.db, c.req.valid("param").id, query.token, call.now, call.seller.id);
    const view = await manageView(call.db, order, call.seller.slug, call.now);
    c.header("Cache-Control", PRIVATE);
    return c.json(
      await inCallLanguage(c, call.db, call.seller.slug, serializeManage(view, call.seller)),
      200,
    );
  });
  router.openapi(link, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const body = c.req.valid("json");
    await enforceLimit(
      c,
      call.db,
      "resend",
      { sellerId: call.seller.id, words: call.tenant, address: call.address, account: body.email },
      call.now,
    );
    await call.db.transaction(async (tx) => {
      const order = await orderByNumberAndEmail(tx, call.seller.id, body.order_number, body.email);
      if (order) await mailManagedOrder(tx, call.seller, order, "manage_link", call.origin, call.now);
    });
    return c.body(null, 204);
  });
  router.openapi(cancel, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const body = c.req.valid("json");
    const view = await call.db.transaction((tx) =>
      cancelOrderTickets(
        tx,
        call.seller,
        { orderId: c.req.valid("param").id, token: body.manage_token, ticketIds: body.tickets },
        call.now,
      ),
    );
    c.header("Cache-Control", PRIVATE);
    return c.json(
      await inCallLanguage(c, call.db, call.seller.slug, serializeManage(view, call.seller)),
      200,
    );
  });
}
