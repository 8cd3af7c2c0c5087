/**
 * Editing an order (spec 2 §4, §7): POST ticket_order/{id}/edit_cart (the manage token
 * opens the order), GET ticket_order/{id}/reschedule_quote (the reschedule preview's price), POST
 * cart/{id}/remove, POST cart/{id}/modify and DELETE cart/{id}. Checking out
 * an edit cart is the ordinary POST cart/{id}/guest_checkout (checkout.ts), and GET cart/{id} with
 * `embed=ticket_order` is cart.ts's read. Registered after the cart routes, so the same-origin and
 * /api-only checks of cart.ts apply to the /cart/* calls here.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { cartEnvelope, cartModifyBody } from "../../../api/cart/schemas.ts";
import { cartRemoveBody, editCartBody, rescheduleQuoteAnswer } from "../../../api/manage/edit-schemas.ts";
import { fail } from "../../errors/api-error.ts";
import { modifyWithCodeBrake } from "../../security/code-brake.ts";
import { authCall } from "../../services/auth/context.ts";
import { deleteCart } from "../../services/cart/service.ts";
import {
  createEditCart,
  modifyAnyCart,
  pendingEditCart,
  removeTickets,
} from "../../services/manage/edit/cart.ts";
import { rescheduleQuote } from "../../services/manage/edit/quote.ts";
import { requestCaller } from "../request-caller.ts";
import type { ApiRouter } from "../router.ts";
import { errorBodies, json, jsonBody, sameOriginWrites } from "./_shared.ts";

const idParam = z.object({ id: z.string().min(1).max(200) });
const errors = errorBodies;

const editCart = createRoute({
  method: "post",
  path: "/ticket_order/{id}/edit_cart",
  description: "A new edit cart for the order the manage token opens (self-edit on).",
  request: { params: idParam, body: jsonBody(editCartBody) },
  responses: { ...json(cartEnvelope, "The new edit cart."), ...errors(403, 409) },
});
const readEditCart = createRoute({
  method: "get",
  path: "/ticket_order/{id}/edit_cart",
  description: "The order's pending edit cart (the newest, or `cart`), for the confirm page.",
  request: {
    params: idParam,
    query: z.object({ token: z.string().max(200).optional(), cart: z.string().max(200).optional() }),
  },
  responses: { ...json(cartEnvelope, "The pending edit cart."), ...errors(403, 410) },
});
/** The reschedule preview's query: the order's token, the new session, the moved tickets' ids. */
const rescheduleQuoteQuery = z.object({
  token: z.string().max(200).optional(),
  event_session_id: z.string().min(1).max(200),
  tickets: z
    .string()
    .max(20_000)
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .pipe(z.array(z.string().min(1).max(200)).min(1).max(500)),
  _seller: z.string().max(200).optional(),
});
const quoteRoute = createRoute({
  method: "get",
  path: "/ticket_order/{id}/reschedule_quote",
  description:
    "What moving `tickets` of the order the token opens to `event_session_id` would cost, priced as the edit cart and its checkout price it.",
  request: { params: idParam, query: rescheduleQuoteQuery },
  responses: { ...json(rescheduleQuoteAnswer, "The price of the change."), ...errors(403, 409) },
});
const removeRoute = createRoute({
  method: "post",
  path: "/cart/{id}/remove",
  description: "Removes tickets: the order's tickets on an edit cart, else the cart's own holds.",
  request: { params: idParam, body: jsonBody(cartRemoveBody) },
  responses: { ...json(cartEnvelope, "The cart after the change."), ...errors(403, 409, 410) },
});
const modifyRoute = createRoute({
  method: "post",
  path: "/cart/{id}/modify",
  description: "Removes and adds tickets (on an edit cart, removed ids may be the order's tickets).",
  request: { params: idParam, body: jsonBody(cartModifyBody) },
  responses: { ...json(cartEnvelope, "The cart after the change."), ...errors(403, 409, 410, 422, 429) },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/cart/{id}",
  description: "Discards a cart: every hold released; an edit cart's order is left as it was.",
  request: { params: idParam },
  responses: { 204: { description: "Deleted." }, ...errors(403, 409, 410) },
});

export function registerManageEdit(router: ApiRouter): void {
  router.use("/ticket_order/:id/edit_cart", sameOriginWrites);
  router.use("/ticket_order/:id/edit_cart", async (c, next) => {
    if (c.get("cached")) throw fail("not_found");
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  router.use("/ticket_order/:id/reschedule_quote", async (c, next) => {
    if (c.get("cached")) throw fail("not_found");
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  router.openapi(quoteRoute, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const quote = await rescheduleQuote(c.get("deps"), {
      orderId: c.req.valid("param").id,
      token: query.token ?? "",
      sellerId: call.seller.id,
      ticketIds: query.tickets,
      sessionId: query.event_session_id,
    });
    return c.json({ reschedule_quote: { _count: 1, _data: [quote] } }, 200);
  });
  router.openapi(editCart, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await createEditCart(c.get("deps"), id, c.req.valid("json").manage_token), 200);
  });
  router.openapi(readEditCart, async (c) => {
    const { id } = c.req.valid("param");
    const { token, cart } = c.req.valid("query");
    return c.json(await pendingEditCart(c.get("deps"), id, token ?? "", await requestCaller(c), cart), 200);
  });
  router.openapi(removeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const who = await requestCaller(c);
    return c.json(await removeTickets(c.get("deps"), id, who, c.req.valid("json").tickets), 200);
  });
  router.openapi(modifyRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const who = await requestCaller(c);
    return c.json(
      await modifyWithCodeBrake(c, { cartId: id }, body, () => modifyAnyCart(c.get("deps"), id, who, body)),
      200,
    );
  });
  router.openapi(deleteRoute, async (c) => {
    await deleteCart(c.get("deps"), c.req.valid("param").id, await requestCaller(c));
    return c.body(null, 204);
  });
}
