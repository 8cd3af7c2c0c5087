/**
 * The cart calls existing clients of the API family send (api/compat-cart-schemas.ts):
 * POST my/cart creates an empty cart, POST my/cart/{id}/reserve adds one ticket per row. Both run
 * the storefront's modify path (services/cart/service.ts), so holds, limits, the code brake and
 * errors are the same. Registered after registerCart: its same-origin and /api-only checks apply.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { cartEnvelope, cartModifyBody } from "../../../api/cart/schemas.ts";
import {
  cartCreateBody,
  cartReserveBody,
  createdCartAnswer,
  withCartAtTop,
} from "../../../api/compat/cart-schemas.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import { modifyWithCodeBrake } from "../../security/code-brake.ts";
import { createCart, modifyCart } from "../../services/cart/service.ts";
import { cachedSeller } from "../../services/cart/static-rows.ts";
import { cartInCallLanguage } from "../content-language.ts";
import { requestCaller } from "../request-caller.ts";
import type { ApiRouter } from "../router.ts";
import { errorBodies, json, jsonBody, sameOriginWrites } from "./_shared.ts";

const errors = errorBodies;
const sellerQuery = z.object({ _seller: z.string().max(200).optional() });

const createEmpty = createRoute({
  method: "post",
  path: "/my/cart",
  description:
    "An empty cart of the seller (body seller_id, or _seller), owned like POST my/cart/modify's. " +
    "The answer is the cart envelope (cart, cart_fees, ticket, ...) as POST my/cart/modify answers it, " +
    "and, for clients that read the new cart at the top level, the cart's own fields there too: " +
    "id, seller_id, cart_number, state, expires_at, expires_in and identity_id (the same values as cart._data[0]).",
  request: { query: sellerQuery, body: jsonBody(cartCreateBody) },
  responses: {
    ...json(createdCartAnswer, "The new, empty cart: its envelope, and its id and expiry at the top level."),
    ...errors(403),
  },
});
const reserve = createRoute({
  method: "post",
  path: "/my/cart/{id}/reserve",
  description: "Adds one ticket per row, as POST my/cart/{id}/modify adds them.",
  request: { params: z.object({ id: z.string().min(1).max(200) }), body: jsonBody(cartReserveBody) },
  responses: {
    ...json(cartEnvelope, "The cart after the reserve."),
    ...errors(403, 409, 410, 422, 429),
  },
});

/** POST my/cart exists under /api only and answers no-store (the cart.ts rule; its `/my/cart/*` misses this path). */
const apiOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("cached")) throw fail("not_found");
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};

export function registerCompatCart(router: ApiRouter): void {
  router.use("/my/cart", sameOriginWrites);
  router.use("/my/cart", apiOnly);

  router.openapi(createEmpty, async (c) => {
    const { seller_id } = c.req.valid("json");
    const { _seller } = c.req.valid("query");
    if (seller_id && _seller && seller_id !== _seller) {
      // Both may name one seller (its id and its slug, or the `_seller` a tenant host name adds).
      const { db } = c.get("deps");
      const [byBody, byQuery] = await Promise.all([cachedSeller(db, seller_id), cachedSeller(db, _seller)]);
      if (byBody.id !== byQuery.id) {
        throw validationFailed("seller_id and _seller name different sellers.", { field: "seller_id" });
      }
    }
    const envelope = await createCart(c.get("deps"), seller_id ?? _seller, await requestCaller(c), {});
    return c.json(withCartAtTop(await cartInCallLanguage(c, c.get("deps").db, envelope)), 200);
  });
  router.openapi(reserve, async (c) => {
    const { id } = c.req.valid("param");
    const { tickets, additional_info } = c.req.valid("json");
    const body = cartModifyBody.parse({
      add: tickets.map((row) => ({ ...row, quantity: 1 })),
      ...(additional_info ? { additionalInfo: additional_info } : {}),
    });
    const who = await requestCaller(c);
    const envelope = await modifyWithCodeBrake(c, { cartId: id }, body, () =>
      modifyCart(c.get("deps"), id, who, body),
    );
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
}
