/**
 * Gifts of membership:
 * - POST giftee (spec 1 §7): the gift's recipient as an identity; anonymous callers may gift, so
 *   it is rate limited per address (GIFTEE_LIMIT) and checks its origin like every write.
 * - GET membership/redeem/{code} (spec 2 §2 /membership/redeem, §3 code lookup, §9): the gift
 *   code's state and the levels its redeemer may choose (at most 3), under the code guessing brake
 *   (security/lookup-limits.ts). An invalid, expired or used code is a 422 with the spec's text.
 * Both exist under /api only and are never cached (the answers are personal or secret).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { gifteeAnswer, gifteeBody, redeemAnswer } from "../../../api/membership/gift-schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { fail } from "../../errors/api-error.ts";
import { clientAddress } from "../../request/client-address.ts";
import type { ApiEnv } from "../../request/env.ts";
import { lookupWithCodeBrake } from "../../security/code-brake.ts";
import { addressBucket, hitRateLimit, perAddress, rateLimited } from "../../security/rate-limit.ts";
import { cachedSeller } from "../../services/cart/static-rows.ts";
import { resolveCaller, SESSION_COOKIE } from "../../services/identity/identity.ts";
import { createGiftee } from "../../services/membership/giftee.ts";
import { lookupRedeem } from "../../services/membership/redeem.ts";
import type { ApiRouter } from "../router.ts";
import { json, sameOriginWrites } from "./_shared.ts";

/** POST giftee per address: 30 in 15 minutes (scaled by RATE_LIMIT_ADDRESS_FACTOR). */
export const GIFTEE_LIMIT = { limit: 30, windowSeconds: 15 * 60 };

const sellerQuery = z.object({
  _seller: z.string().min(1).max(200).openapi({ description: "Seller slug or id (required)." }),
});
const errors = (...codes: (403 | 422 | 429)[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      { description: "Error.", content: { "application/json": { schema: apiErrorBody } } },
    ]),
  );

const giftee = createRoute({
  method: "post",
  path: "/giftee",
  description: "The recipient of a gift of membership (identity kind giftee).",
  request: {
    query: sellerQuery,
    body: { required: true, content: { "application/json": { schema: gifteeBody } } },
  },
  responses: { ...json(gifteeAnswer, "The giftee's identity id."), ...errors(403, 422, 429) },
});

const redeem = createRoute({
  method: "get",
  path: "/membership/redeem/{code}",
  description: "A gift-of-membership code and the levels its redeemer may choose.",
  request: { params: z.object({ code: z.string().min(1).max(100) }), query: sellerQuery },
  responses: { ...json(redeemAnswer, "The code and at most 3 levels."), ...errors(422, 429) },
});

const apiOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("cached")) throw fail("not_found");
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};

export function registerMembershipGift(router: ApiRouter): void {
  for (const path of ["/giftee", "/membership/redeem/*"]) {
    router.use(path, sameOriginWrites);
    router.use(path, apiOnly);
  }

  router.openapi(giftee, async (c) => {
    const { db, clock } = c.get("deps");
    const now = clock.now();
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const hit = await hitRateLimit(
      db,
      `giftee:addr:${addressBucket(clientAddress(c))}`,
      perAddress(GIFTEE_LIMIT),
      now,
    );
    if (!hit.allowed) {
      c.header("Retry-After", String(hit.retryAfterSeconds));
      throw rateLimited(hit.retryAfterSeconds);
    }
    const caller = await resolveCaller(db, getCookie(c, SESSION_COOKIE), now);
    const loggedIn = caller.identityId && caller.sellerId === seller.id ? caller.identityId : null;
    const identityId = await createGiftee(db, seller.id, loggedIn, c.req.valid("json"), now);
    return c.json({ identity_id: identityId }, 200);
  });

  router.openapi(redeem, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const found = await lookupWithCodeBrake(c, seller.id, () =>
      lookupRedeem(db, seller.id, c.req.valid("param").code, clock.now()),
    );
    const resource = {
      code: found.code,
      valid_from: found.validFrom?.toISOString() ?? null,
      valid_to: found.validTo?.toISOString() ?? null,
      exhausted: false,
      ticket_group_id: found.ticketGroupId,
      event_template_id: found.eventTemplateId,
      value: toMoneyString(found.value, seller.currencyCode),
      choices: found.choices.map((choice) => ({
        ticket_type_id: choice.ticketTypeId,
        name: choice.name,
        summary: found.descriptions.get(choice.ticketTypeId) ?? null,
        price: toMoneyString(choice.price, seller.currencyCode),
        discounted: toMoneyString(choice.discounted, seller.currencyCode),
        _rank: choice.rank,
      })),
    };
    return c.json({ redeem_membership: { _count: 1, _data: [resource] } }, 200);
  });
}
