/**
 * The cart calls (spec 1 §7): POST my/cart/modify, POST my/cart/{id}/modify, GET my/cart/{id},
 * GET cart/{id}, DELETE my/cart/{id}, PATCH my/cart/{id}, POST my/cart/{id}/apply_code. The caller
 * is resolved from the foyer_session cookie. Writes under /cached_api do not exist, cart reads are
 * never cached, and a write whose Origin host differs from the request's Host is refused (403).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  applyCodeBody,
  cartEnvelope,
  cartModifyBody,
  extendCartAnswer,
  extendCartBody,
} from "../../../api/cart/schemas.ts";
import { fail } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import { applyWithCodeBrake, modifyWithCodeBrake } from "../../security/code-brake.ts";
import {
  applyCode,
  createCart,
  deleteCart,
  extendCart,
  getCart,
  modifyCart,
} from "../../services/cart/service.ts";
import { wantsTicketOrder, withEditedOrder } from "../../services/manage/edit/embed.ts";
import { cartInCallLanguage } from "../content-language.ts";
import { requestCaller } from "../request-caller.ts";
import type { ApiRouter } from "../router.ts";
import { errorBodies, json, jsonBody, sameOriginWrites } from "./_shared.ts";

const cartId = z.object({ id: z.string().min(1).max(200) });
const sellerQuery = z.object({ _seller: z.string().max(200).optional() });
/** `embed=ticket_order` (or `_embed`) adds the order an edit cart changes; `limit` is accepted. */
const embedQuery = z.object({
  embed: z.string().max(200).optional(),
  _embed: z.string().max(200).optional(),
  limit: z.string().max(10).optional(),
  _limit: z.string().max(10).optional(),
});
const errors = errorBodies;

const create = createRoute({
  method: "post",
  path: "/my/cart/modify",
  request: { query: sellerQuery, body: jsonBody(cartModifyBody) },
  responses: { ...json(cartEnvelope, "The new cart."), ...errors(403, 409, 422, 429) },
});
const modify = createRoute({
  method: "post",
  path: "/my/cart/{id}/modify",
  request: { params: cartId, query: sellerQuery, body: jsonBody(cartModifyBody) },
  responses: { ...json(cartEnvelope, "The cart after the change."), ...errors(403, 409, 410, 422, 429) },
});
const readMine = createRoute({
  method: "get",
  path: "/my/cart/{id}",
  request: { params: cartId },
  responses: { ...json(cartEnvelope, "The cart (uncached)."), ...errors(403, 410) },
});
const readAny = createRoute({
  method: "get",
  path: "/cart/{id}",
  request: { params: cartId, query: embedQuery },
  responses: { ...json(cartEnvelope, "The cart (uncached)."), ...errors(403, 410) },
});
const remove = createRoute({
  method: "delete",
  path: "/my/cart/{id}",
  request: { params: cartId },
  responses: { 204: { description: "Deleted; every hold released." }, ...errors(403, 409, 410) },
});
const extend = createRoute({
  method: "patch",
  path: "/my/cart/{id}",
  request: { params: cartId, body: jsonBody(extendCartBody) },
  responses: { ...json(extendCartAnswer, "The new expiry."), ...errors(403, 409, 410) },
});
const apply = createRoute({
  method: "post",
  path: "/my/cart/{id}/apply_code",
  request: { params: cartId, body: jsonBody(applyCodeBody) },
  responses: {
    ...json(cartEnvelope, "The cart with the codes applied."),
    ...errors(403, 409, 410, 422, 429),
  },
});

/** Cart calls live under /api; /cached_api has no cart writes, and cart reads there are not cached. */
const apiOnlyWrites: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("cached") && c.req.method !== "GET") {
    throw fail("not_found");
  }
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};

export function registerCart(router: ApiRouter): void {
  for (const path of ["/my/cart/*", "/cart/*"]) {
    router.use(path, sameOriginWrites);
    router.use(path, apiOnlyWrites);
  }

  router.openapi(create, async (c) => {
    const sellerRef = c.req.valid("query")._seller;
    const body = c.req.valid("json");
    const who = await requestCaller(c);
    const envelope = await modifyWithCodeBrake(c, { sellerRef }, body, () =>
      createCart(c.get("deps"), sellerRef, who, body, { asked: c.req.query("_lang") }),
    );
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
  router.openapi(modify, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const who = await requestCaller(c);
    const envelope = await modifyWithCodeBrake(c, { cartId: id }, body, () =>
      modifyCart(c.get("deps"), id, who, body),
    );
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
  router.openapi(readMine, async (c) => {
    const envelope = await getCart(c.get("deps"), c.req.valid("param").id, await requestCaller(c));
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
  router.openapi(readAny, async (c) => {
    const envelope = await cartInCallLanguage(
      c,
      c.get("deps").db,
      await getCart(c.get("deps"), c.req.valid("param").id, await requestCaller(c)),
    );
    const { embed, _embed } = c.req.valid("query");
    if (!wantsTicketOrder(embed, _embed)) return c.json(envelope, 200);
    return c.json(await withEditedOrder(c.get("deps").db, envelope), 200);
  });
  router.openapi(remove, async (c) => {
    await deleteCart(c.get("deps"), c.req.valid("param").id, await requestCaller(c));
    return c.body(null, 204);
  });
  router.openapi(extend, async (c) => {
    const { id } = c.req.valid("param");
    const envelope = await extendCart(
      c.get("deps"),
      id,
      await requestCaller(c),
      c.req.valid("json").expires_at,
    );
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
  router.openapi(apply, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const who = await requestCaller(c);
    const envelope = await applyWithCodeBrake(c, id, body.code, () =>
      applyCode(c.get("deps"), id, who, body),
    );
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
}
