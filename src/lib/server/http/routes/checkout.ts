/**
 * The checkout calls (spec 2 §7): POST cart/{id}/guest_checkout, my/cart/{id}/checkout,
 * my/cart/{id}/gift_checkout, cart/{id}/pay, my/cart/{id}/pay, and GET ledger/{type}/{number}.
 * Registered after the cart routes, so the same-origin and /api-only checks of cart.ts apply.
 * The Idempotency-Key header (or idempotency_key in the body) makes a retry return the same answer.
 *
 * Before any payment is taken: the captcha check (spec 2 §5, security/captcha.ts) for callers not
 * logged in at the cart's seller when its tenant has web.captcha_public_key, and the gift-card
 * guessing brake (security/lookup-limits.ts) on ledger lookups and ledger-gateway attempts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { checkoutAnswer, checkoutBody, ledgerAnswer, payBody } from "../../../api/checkout/schemas.ts";
import { getTenant } from "../../../tenant/load.ts";
import { runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import { clientAddress } from "../../request/client-address.ts";
import type { ApiEnv } from "../../request/env.ts";
import { captchaError, captchaRequired, httpCaptchaVerifier } from "../../security/captcha.ts";
import { GIFT_CARD_LOOKUPS, giftCardMisses, withLookupBrake } from "../../security/lookup-limits.ts";
import { cachedSeller, cachedSellerById } from "../../services/cart/static-rows.ts";
import { getLedger } from "../../services/checkout/ledger.ts";
import { checkout, pay } from "../../services/checkout/service.ts";
import type { Caller } from "../../services/identity/identity.ts";
import { requestCaller } from "../request-caller.ts";
import { requestLanguage } from "../request-language.ts";
import type { ApiRouter } from "../router.ts";
import { errorBodies, json, jsonBody } from "./_shared.ts";

const cartId = z.object({ id: z.string().min(1).max(200) });
const errors = errorBodies;

const checkoutRoute = (path: string, description: string) =>
  createRoute({
    method: "post",
    path,
    description,
    request: { params: cartId, body: jsonBody(checkoutBody) },
    responses: {
      ...json(checkoutAnswer, "The checkout result."),
      ...errors(402, 403, 409, 410, 422, 429, 503),
    },
  });
const payRoute = (path: string) =>
  createRoute({
    method: "post",
    path,
    description: "A partial payment (gift cards first).",
    request: { params: cartId, body: jsonBody(payBody) },
    responses: {
      ...json(checkoutAnswer, "The partial result."),
      ...errors(402, 403, 409, 410, 422, 429, 503),
    },
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
  responses: { ...json(ledgerAnswer, "A gift card's number, state and balance."), ...errors(429) },
});

function headerKey(c: Context<ApiEnv>): string | undefined {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return undefined;
  if (key.length < 8 || key.length > 200) {
    throw validationFailed("Idempotency-Key must be 8 to 200 characters.", { field: "Idempotency-Key" });
  }
  return key;
}

/** The cart's seller (id and slug); undefined when there is no such cart (the service answers 404). */
async function cartSeller(c: Context<ApiEnv>, id: string) {
  const { db } = c.get("deps");
  const [row] = await runShaped(
    db,
    "checkout_cart_seller",
    () =>
      db
        .select({ id: s.seller.id, slug: s.seller.slug })
        .from(s.cart)
        .innerJoin(s.seller, eq(s.seller.id, s.cart.sellerId))
        .where(eq(s.cart.id, sql.placeholder("cart")))
        .limit(1),
    { cart: id },
  );
  return row;
}

/** A stored answer for this key: the retry is replayed, its captcha was checked the first time. */
async function isReplay(c: Context<ApiEnv>, cartId: string, key: string | null): Promise<boolean> {
  if (!key) return false;
  const rows = await c
    .get("deps")
    .db.select({ key: s.checkoutIdempotency.key })
    .from(s.checkoutIdempotency)
    .where(and(eq(s.checkoutIdempotency.cartId, cartId), eq(s.checkoutIdempotency.key, key)))
    .limit(1);
  return rows.length > 0;
}

/** Runs a gift-card attempt under the guessing brake (429 with Retry-After); a miss is counted. */
function giftCardBrake<T>(
  c: Context<ApiEnv>,
  sellerId: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!sellerId) return run();
  return withLookupBrake(c, { policy: GIFT_CARD_LOOKUPS, sellerId, run, missesOfError: giftCardMisses });
}

interface PaymentCall {
  cartId: string;
  who: Caller;
  gatewayId: string;
  captcha: string | undefined;
  key: string | null;
}

type CartSeller = Awaited<ReturnType<typeof cartSeller>>;

/**
 * The seller the guard and the language go by: the storefront's the call is made in (the shop's
 * own calls name it, so no read), else the cart's. A cart of another seller is then not found by
 * the service (access.ts), after the storefront's own guard: the same answer whether it exists.
 */
async function storefrontOrCartSeller(c: Context<ApiEnv>, who: Caller, cartId: string): Promise<CartSeller> {
  const storefront = who.storefrontSellerId;
  if (storefront) {
    const seller = await cachedSellerById(c.get("deps").db, c.get("deps").db, storefront);
    if (seller) return { id: seller.id, slug: seller.slug };
  }
  return cartSeller(c, cartId);
}

/** The language of the call (`_lang`), for the cart's seller; null without such a cart. */
function cartLanguage(c: Context<ApiEnv>, seller: CartSeller): string | null {
  const tenant = seller ? getTenant(seller.slug) : undefined;
  return tenant ? requestLanguage(c, tenant) : null;
}

/**
 * Spec 2 §5: a captcha token is required for callers not logged in when the tenant has a captcha
 * public key; logged-in callers skip it. Runs before the service, so a refusal changes nothing.
 * Answers the seller whose gift-card brake the payment runs under (ledger gateway), else undefined.
 */
async function guardPayment(
  c: Context<ApiEnv>,
  call: PaymentCall,
  seller: CartSeller,
): Promise<string | undefined> {
  // No cart, or one of another storefront's seller: the service answers 404 (access.ts).
  const storefront = call.who.storefrontSellerId;
  if (!seller || (storefront !== undefined && seller.id !== storefront)) return undefined;
  const siteKey = getTenant(seller.slug)?.web.captcha_public_key?.trim();
  const loggedIn = call.who.identityId !== null && call.who.sellerId === seller.id;
  if (siteKey && !loggedIn && !(await isReplay(c, call.cartId, call.key))) {
    const verifier = c.get("deps").captcha ?? httpCaptchaVerifier;
    if (!verifier.configured()) throw captchaError({ ok: false, reason: "not_configured", errorCodes: [] });
    if (!call.captcha) throw captchaRequired();
    const address = clientAddress(c);
    const outcome = await verifier.verify(call.captcha, {
      siteKey,
      remoteIp: address === "unknown" ? undefined : address,
    });
    if (!outcome.ok) throw captchaError(outcome);
  }
  return call.gatewayId === "ledger" ? seller.id : undefined;
}

/**
 * What a checkout or a payment call starts with: the caller, the body without its captcha token
 * (single use, not part of the request's idempotency hash), the idempotency key, the guard (its
 * gift-card brake), and the buyer's language, which goes with the cart into its order (its mails,
 * tickets and passes). The cart's seller is read once for the guard and the language.
 */
async function paymentCall<
  B extends { captcha?: string | undefined; gateway_id: string; idempotency_key?: string | undefined },
>(c: Context<ApiEnv>, cartId: string, json: B) {
  const who = await requestCaller(c);
  const { captcha, ...body } = json;
  const key = headerKey(c);
  const seller = await storefrontOrCartSeller(c, who, cartId);
  const brake = await guardPayment(
    c,
    { cartId, who, gatewayId: body.gateway_id, captcha, key: key ?? body.idempotency_key ?? null },
    seller,
  );
  return { cartId, who, body, key, language: cartLanguage(c, seller), brake };
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
      const { cartId, who, body, key, language, brake } = await paymentCall(
        c,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      const answer = await giftCardBrake(c, brake, () =>
        checkout(
          { ...c.get("deps"), language: c.req.query("_lang") },
          cartId,
          who,
          kind,
          body,
          key,
          language,
        ),
      );
      return c.json(answer, 200);
    });
  }
  for (const path of ["/cart/{id}/pay", "/my/cart/{id}/pay"]) {
    router.openapi(payRoute(path), async (c) => {
      const { cartId, who, body, key, language, brake } = await paymentCall(
        c,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      const answer = await giftCardBrake(c, brake, () =>
        pay({ ...c.get("deps"), language: c.req.query("_lang") }, cartId, who, body, key, language),
      );
      return c.json(answer, 200);
    });
  }
  router.openapi(ledgerRoute, async (c) => {
    if (c.get("cached")) throw fail("not_found");
    const { type, number } = c.req.valid("param");
    const { db } = c.get("deps");
    c.header("Cache-Control", "no-store");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const answer = await giftCardBrake(c, seller.id, () => getLedger(db, seller.id, type, number));
    return c.json(answer, 200);
  });
}
