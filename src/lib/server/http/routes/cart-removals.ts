/**
 * Undoing what a shopper applied to a cart before checkout, each answering the cart
 * like apply_code does:
 * - DELETE my/cart/{id}/code/{code}: an applied promo code (services/cart/remove-code.ts);
 * - DELETE my/cart/{id}/payment/{paymentId} and cart/{id}/payment/{paymentId}: a gift-card payment,
 *   refunded to the card (services/checkout/remove-payment.ts).
 * Registered after the cart routes, so their same-origin and /api-only checks apply (cart.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { cartEnvelope } from "../../../api/cart/schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { removeCode } from "../../services/cart/remove-code.ts";
import { removePayment } from "../../services/checkout/remove-payment.ts";
import { cartInCallLanguage } from "../content-language.ts";
import { requestCaller } from "../request-caller.ts";
import type { ApiRouter } from "../router.ts";
import { json } from "./_shared.ts";

const errors = (...codes: (403 | 409 | 410 | 503)[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      { description: "Error.", content: { "application/json": { schema: apiErrorBody } } },
    ]),
  );

const id = z.string().min(1).max(200);

const codeRoute = createRoute({
  method: "delete",
  path: "/my/cart/{id}/code/{code}",
  description:
    "Removes an applied promo code from a pending cart. A voucher a held ticket was reserved with, or a " +
    "code that unlocked a held ticket's group, stays (409 code_needed_by_tickets); a code not on the " +
    "cart is 404.",
  request: { params: z.object({ id, code: z.string().min(1).max(35) }) },
  responses: { ...json(cartEnvelope, "The cart without the code."), ...errors(403, 409, 410) },
});

const paymentRoute = (path: string) =>
  createRoute({
    method: "delete",
    path,
    description:
      "Removes a gift-card (ledger) payment from a pending cart before checkout: the card is credited " +
      "with what the payment took, exactly once (a payment already removed answers the cart unchanged). " +
      "Other gateways' payments, and payments toward a payment plan, are 409 payment_not_removable.",
    request: { params: z.object({ id, paymentId: id }) },
    responses: { ...json(cartEnvelope, "The cart without the payment."), ...errors(403, 409, 410, 503) },
  });

export function registerCartRemovals(router: ApiRouter): void {
  router.openapi(codeRoute, async (c) => {
    const { id: cartId, code } = c.req.valid("param");
    const envelope = await removeCode(c.get("deps"), cartId, code, await requestCaller(c));
    return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
  });
  for (const path of ["/my/cart/{id}/payment/{paymentId}", "/cart/{id}/payment/{paymentId}"]) {
    router.openapi(paymentRoute(path), async (c) => {
      const { id: cartId, paymentId } = c.req.valid("param");
      const envelope = await removePayment(c.get("deps"), cartId, paymentId, await requestCaller(c));
      return c.json(await cartInCallLanguage(c, c.get("deps").db, envelope), 200);
    });
  }
}
