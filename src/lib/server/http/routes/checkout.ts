/**
 * The checkout calls (spec 2 §7): POST cart/{id}/guest_checkout, my/cart/{id}/checkout,
 * my/cart/{id}/gift_checkout, cart/{id}/pay, my/cart/{id}/pay, and GET ledger/{type}/{number}.
 * Registered after the cart routes, so the same-origin and /api-only checks of cart.ts apply.
 * The Idempotency-Key header (or idempotency_key in the body) makes a retry return the same answer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { checkoutAnswer, checkoutBody, ledgerAnswer, payBody } from "../../../api/checkout-schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { getLedger } from "../../services/checkout/ledger.ts";
import { checkout, pay } from "../../services/checkout/service.ts";
import { type Caller, resolveCaller, SESSION_COOKIE } from "../../services/identity/identity.ts";
import type { ApiEnv, ApiRouter } from "../app.ts";
import { ApiError, validationFailed } from "../errors.ts";
import { json } from "./_shared.ts";

const cartId = z.object({ id: z.string().min(1).max(200) });
const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
const errors = (...codes: (402 | 403 | 409 | 410 | 422)[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      { description: "Error.", content: { "application/json": { schema: apiErrorBody } } },
    ]),
  );

const checkoutRoute = (path: string, description: string) =>
  createRoute({
    method: "post",
    path,
    description,
    request: { params: cartId, body: jsonBody(checkoutBody) },
    responses: { ...json(checkoutAnswer, "The checkout result."), ...errors(402, 403, 409, 410, 422) },
  });
const payRoute = (path: string) =>
  createRoute({
    method: "post",
    path,
    description: "A partial payment (gift cards first).",
    request: { params: cartId, body: jsonBody(payBody) },
    responses: { ...json(checkoutAnswer, "The partial result."), ...errors(402, 403, 409, 410, 422) },
  });
const ledgerRoute = createRoute({
  method: "get",
  path: "/ledger/{type}/{number}",
  request: {
    params: z.object({ type: z.string().min(1).max(50), number: z.string().min(1).max(70) }),
    query: z.object({
      _seller: z.string().min(1).max(200).openapi({ description: "Seller slug or id (required)." }),
    }),
  },
  responses: json(ledgerAnswer, "A gift card's number, state and balance."),
});

async function caller(c: Context<ApiEnv>): Promise<Caller> {
  const { db, clock } = c.get("deps");
  return resolveCaller(db, getCookie(c, SESSION_COOKIE), clock.now());
}

function headerKey(c: Context<ApiEnv>): string | undefined {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return undefined;
  if (key.length < 8 || key.length > 200) {
    throw validationFailed("Idempotency-Key must be 8 to 200 characters.", { field: "Idempotency-Key" });
  }
  return key;
}

export function registerCheckout(router: ApiRouter): void {
  const routes = [
    { route: checkoutRoute("/cart/{id}/guest_checkout", "Guest checkout."), kind: "guest" as const },
    { route: checkoutRoute("/my/cart/{id}/guest_checkout", "Guest checkout."), kind: "guest" as const },
    { route: checkoutRoute("/my/cart/{id}/checkout", "Member checkout."), kind: "member" as const },
    {
      route: checkoutRoute("/my/cart/{id}/gift_checkout", "Gift checkout (owner identity)."),
      kind: "member" as const,
    },
  ];
  for (const { route, kind } of routes) {
    router.openapi(route, async (c) => {
      const answer = await checkout(
        c.get("deps"),
        c.req.valid("param").id,
        await caller(c),
        kind,
        c.req.valid("json"),
        headerKey(c),
      );
      return c.json(answer, 200);
    });
  }
  for (const path of ["/cart/{id}/pay", "/my/cart/{id}/pay"]) {
    router.openapi(payRoute(path), async (c) => {
      const answer = await pay(
        c.get("deps"),
        c.req.valid("param").id,
        await caller(c),
        c.req.valid("json"),
        headerKey(c),
      );
      return c.json(answer, 200);
    });
  }
  router.openapi(ledgerRoute, async (c) => {
    if (c.get("cached")) throw new ApiError(404, "not_found", "Resource route not found.");
    const { type, number } = c.req.valid("param");
    const answer = await getLedger(c.get("deps").db, c.req.valid("query")._seller, type, number);
    c.header("Cache-Control", "no-store");
    return c.json(answer, 200);
  });
}
