/**
 * Automatic renewal (spec 2 §7): `DELETE ticket_order/{id}/auto_renew` cancels it
 * (scheduled → cancelled; otherwise 400 "This membership does not appear to be enrolled in automatic
 * renewal."), and `GET ticket_order/{id}/auto_renew` reads the order's memberships and their state
 * for the cancel page, only for the order's logged-in owner (401, 403 and 404 otherwise); a
 * cross-site DELETE is refused (sameOriginWrites). `GET my/identity/saved_payment_method` lists the
 * logged-in caller's saved cards by identifier. Personal: `Cache-Control: private, no-store`.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  autoRenewEnvelope,
  autoRenewParams,
  autoRenewQuery,
  savedPaymentMethodEnvelope,
} from "../../../api/membership/renew-schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import type { ApiEnv } from "../../request/env.ts";
import { authCall, loggedInAt, sessionToken } from "../../services/auth/context.ts";
import { notLoggedIn } from "../../services/auth/errors.ts";
import { resolveCaller } from "../../services/identity/identity.ts";
import { cancelAutoRenew, readAutoRenew } from "../../services/membership/auto-renew.ts";
import { mySavedPaymentMethods } from "../../services/membership/saved-payment.ts";
import type { ApiRouter } from "../router.ts";
import { json, sameOriginWrites } from "./_shared.ts";

const errorBody = { content: { "application/json": { schema: apiErrorBody } } };
const responses = (description: string) => ({
  ...json(autoRenewEnvelope, description),
  401: { description: "Not logged in at this seller.", ...errorBody },
  403: { description: "Someone else's order.", ...errorBody },
});

const read = createRoute({
  method: "get",
  path: "/ticket_order/{id}/auto_renew",
  request: { params: autoRenewParams, query: autoRenewQuery },
  responses: responses("The order's memberships and their auto-renew state."),
});

const cancel = createRoute({
  method: "delete",
  path: "/ticket_order/{id}/auto_renew",
  request: { params: autoRenewParams, query: autoRenewQuery },
  responses: responses("Auto-renew cancelled: the order's memberships, now cancelled."),
});

const savedMethods = createRoute({
  method: "get",
  path: "/my/identity/saved_payment_method",
  request: { query: autoRenewQuery },
  responses: {
    ...json(savedPaymentMethodEnvelope, "The logged-in identity's saved cards, shown by identifier."),
    401: { description: "Not logged in at this seller.", ...errorBody },
  },
});

async function callOf(c: Context<ApiEnv>, sellerRef: string | undefined) {
  const call = await authCall(c, sellerRef);
  const caller = await resolveCaller(call.db, sessionToken(c), call.now);
  return { call, caller };
}

export function registerMembershipAutoRenew(router: ApiRouter): void {
  // DESIGN §5: a request that changes state checks its origin.
  router.use("/ticket_order/:id/auto_renew", sameOriginWrites);
  router.openapi(read, async (c) => {
    const { call, caller } = await callOf(c, c.req.valid("query")._seller);
    const answer = await readAutoRenew(call.db, c.req.valid("param").id, caller, call.seller.id);
    c.header("Cache-Control", "private, no-store");
    return c.json(answer, 200);
  });
  router.openapi(savedMethods, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const identityId = await loggedInAt(call);
    if (!identityId) throw notLoggedIn();
    c.header("Cache-Control", "private, no-store");
    return c.json(await mySavedPaymentMethods(call.db, call.seller.id, identityId), 200);
  });
  router.openapi(cancel, async (c) => {
    const { call, caller } = await callOf(c, c.req.valid("query")._seller);
    const answer = await cancelAutoRenew(call.db, c.req.valid("param").id, caller, call.seller.id);
    c.header("Cache-Control", "private, no-store");
    return c.json(answer, 200);
  });
}
