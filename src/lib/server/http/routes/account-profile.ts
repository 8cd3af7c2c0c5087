/**
 * The my-account profile's own route: `DELETE my/identity/saved_payment_method/{id}`
 * removes one of the logged-in caller's saved cards and answers the remaining ones (404 for an id
 * that is not theirs, 409 saved_method_in_use while an enrolled membership renews with it). The
 * read (GET my/identity/saved_payment_method) is membership-auto-renew.ts's; the profile save is
 * PATCH my/user/{id} in auth.ts with services/account/profile.ts's check. A cross-site DELETE is
 * refused (sameOriginWrites). Personal: `Cache-Control: private, no-store`.
 */
import { createRoute } from "@hono/zod-openapi";
import { savedMethodParams, sellerQuery } from "../../../api/account/profile-schemas.ts";
import { savedPaymentMethodEnvelope } from "../../../api/membership/renew-schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { removeSavedPaymentMethod } from "../../services/account/profile.ts";
import { authCall, loggedInAt } from "../../services/auth/context.ts";
import { notLoggedIn } from "../../services/auth/errors.ts";
import type { ApiRouter } from "../router.ts";
import { json, sameOriginWrites } from "./_shared.ts";

const errorBody = { content: { "application/json": { schema: apiErrorBody } } };

const removeMethod = createRoute({
  method: "delete",
  path: "/my/identity/saved_payment_method/{id}",
  request: { params: savedMethodParams, query: sellerQuery },
  responses: {
    ...json(savedPaymentMethodEnvelope, "Removed; the caller's remaining saved cards."),
    401: { description: "Not logged in at this seller.", ...errorBody },
    409: { description: "An enrolled membership renews with this card.", ...errorBody },
  },
});

export function registerAccountProfile(router: ApiRouter): void {
  router.use("/my/identity/saved_payment_method/:id", sameOriginWrites);
  router.openapi(removeMethod, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const identityId = await loggedInAt(call);
    if (!identityId) throw notLoggedIn();
    const answer = await call.db.transaction((tx) =>
      removeSavedPaymentMethod(tx, {
        sellerId: call.seller.id,
        identityId,
        methodId: c.req.valid("param").id,
        now: call.now,
      }),
    );
    c.header("Cache-Control", "private, no-store");
    return c.json(answer, 200);
  });
}
