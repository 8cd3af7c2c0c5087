/**
 * GET my/membership (spec 1 §7): the logged-in identity's own memberships at the seller
 * (401 for anyone else; a session of another seller is not logged in here). Member IDs and names
 * are personal: `Cache-Control: private, no-store`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { myMembershipEnvelope } from "../../../api/membership/schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { authCall, loggedInAt } from "../../services/auth/context.ts";
import { notLoggedIn } from "../../services/auth/errors.ts";
import { myMemberships } from "../../services/membership/read.ts";
import type { ApiRouter } from "../router.ts";
import { json } from "./_shared.ts";

const myMembership = createRoute({
  method: "get",
  path: "/my/membership",
  request: {
    query: z.object({ _seller: z.string().max(200).optional(), _embed: z.string().max(500).optional() }),
  },
  responses: {
    ...json(myMembershipEnvelope, "The logged-in identity's memberships with their embeds."),
    401: { description: "Not logged in.", content: { "application/json": { schema: apiErrorBody } } },
  },
});

export function registerMembership(router: ApiRouter): void {
  router.openapi(myMembership, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const identityId = await loggedInAt(call);
    if (!identityId) throw notLoggedIn();
    c.header("Cache-Control", "private, no-store");
    return c.json(await myMemberships(call.db, call.seller.id, identityId, call.now), 200);
  });
}
