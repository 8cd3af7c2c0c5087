/**
 * Ticket order reads (spec 2 §7): GET ticket_order?id._in=... (also under /cached_api) and
 * GET ticket_order/{id}, with embeds; the QR images GET ticket_order/{id}/qrcode?margin= and
 * membership/{id}/qrcode (the member ID; access in services/membership/qrcode.ts). Guest orders
 * are readable by holders of their id; a user's order only by that user. An order holds names, e-mails and scan codes, so no
 * answer about one is ever stored by a browser, a CDN or the server's cache, guest or not, under
 * /cached_api too: `Cache-Control: private, no-store`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { validationFailed } from "../../errors/api-error.ts";
import { qrPng } from "../../mail/order-confirmation.ts";
import type { ApiEnv } from "../../request/env.ts";
import {
  assertCanReadOrder,
  loadOrderBundle,
  orderEnvelope,
  parseOrderEmbeds,
  readableOrder,
  withSellerMeta,
} from "../../services/checkout/orders.ts";
import { type Caller, resolveCaller, SESSION_COOKIE } from "../../services/identity/identity.ts";
import { readableMembershipScanCode } from "../../services/membership/qrcode.ts";
import { contentLanguage } from "../content-language.ts";
import type { ApiRouter } from "../router.ts";
import { envelope, errorResponses, json } from "./_shared.ts";

const MAX_IDS = 50;
export const ORDER_CACHE_CONTROL = "private, no-store";
const orderId = z.object({ id: z.string().min(1).max(200) });

const list = createRoute({
  method: "get",
  path: "/ticket_order",
  request: {
    query: z.object({
      "id._in": z.string().min(1).max(20_000),
      _embed: z.string().max(500).optional(),
      _seller: z.string().max(200).optional(),
    }),
  },
  responses: json(envelope, "Ticket orders and their embeds."),
});
const one = createRoute({
  method: "get",
  path: "/ticket_order/{id}",
  request: {
    params: orderId,
    query: z.object({ _embed: z.string().max(500).optional(), _seller: z.string().max(200).optional() }),
  },
  responses: {
    ...json(envelope, "One ticket order and its embeds."),
    303: {
      description:
        "A browser's request (Accept: text/html) is sent to the storefront's tickets page (compat-orders.ts).",
      headers: { Location: { schema: { type: "string" as const } } },
    },
  },
});
const marginQuery = z.object({ margin: z.coerce.number().int().min(0).max(16).optional() });
const png = {
  200: {
    description: "PNG image.",
    content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } },
  },
  ...errorResponses,
};
const orderQr = createRoute({
  method: "get",
  path: "/ticket_order/{id}/qrcode",
  request: { params: orderId, query: marginQuery },
  responses: png,
});
const membershipQr = createRoute({
  method: "get",
  path: "/membership/{id}/qrcode",
  request: { params: orderId, query: marginQuery },
  responses: png,
});

async function caller(c: Context<ApiEnv>): Promise<Caller> {
  const { db, clock } = c.get("deps");
  return resolveCaller(db, getCookie(c, SESSION_COOKIE), clock.now());
}

/** The call's catalogue language for the orders' seller (a seller's id is its slug: apply/rows.ts). */
function orderLanguage(
  c: Pick<Context, "req">,
  bundle: { orders: readonly { sellerId: string }[] },
): string | null {
  const sellerId = bundle.orders[0]?.sellerId;
  return sellerId ? contentLanguage(c, sellerId) : null;
}

export function registerOrders(router: ApiRouter): void {
  router.openapi(list, async (c) => {
    const query = c.req.valid("query");
    const ids = [
      ...new Set(
        query["id._in"]
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ];
    if (!ids.length || ids.length > MAX_IDS) {
      throw validationFailed(`id._in takes 1 to ${MAX_IDS} ids.`, { field: "id._in" });
    }
    const who = await caller(c);
    const bundle = await loadOrderBundle(c.get("deps").db, ids);
    for (const order of bundle.orders) assertCanReadOrder(order, who);
    c.header("Cache-Control", ORDER_CACHE_CONTROL);
    const embeds = parseOrderEmbeds(query._embed);
    // The seller's meta (completed_* keys) only when asked for.
    const read = embeds.has("meta") ? await withSellerMeta(c.get("deps").db, bundle) : bundle;
    return c.json(orderEnvelope(read, embeds, orderLanguage(c, bundle)), 200);
  });
  router.openapi(one, async (c) => {
    const { db } = c.get("deps");
    const order = await readableOrder(db, c.req.valid("param").id, await caller(c));
    c.header("Cache-Control", ORDER_CACHE_CONTROL);
    const bundle = await loadOrderBundle(db, [order.id]);
    const embeds = parseOrderEmbeds(c.req.valid("query")._embed);
    const read = embeds.has("meta") ? await withSellerMeta(db, bundle) : bundle;
    return c.json(orderEnvelope(read, embeds, orderLanguage(c, bundle)), 200);
  });
  router.openapi(orderQr, async (c) => {
    const order = await readableOrder(c.get("deps").db, c.req.valid("param").id, await caller(c));
    const image = await qrPng(order.id, c.req.valid("query").margin ?? 4);
    const headers = { "Content-Type": "image/png", "Cache-Control": ORDER_CACHE_CONTROL };
    return c.body(new Uint8Array(image), 200, headers);
  });
  router.openapi(membershipQr, async (c) => {
    const scanCode = await readableMembershipScanCode(
      c.get("deps").db,
      c.req.valid("param").id,
      await caller(c),
    );
    const image = await qrPng(scanCode, c.req.valid("query").margin ?? 2);
    const headers = { "Content-Type": "image/png", "Cache-Control": ORDER_CACHE_CONTROL };
    return c.body(new Uint8Array(image), 200, headers);
  });
}
