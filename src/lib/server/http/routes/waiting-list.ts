/**
 * A sold-out session's waiting list (services/waiting-list): join it (an e-mail, how many, which
 * ticket types; rate limited per address), leave it with the token of the leave link, and read a
 * place in the line. Under /api only, never cached, and writes check their origin.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { localizedTenant } from "../../../tenant/languages.ts";
import { getTenant } from "../../../tenant/load.ts";
import { t } from "../../../tenant/strings.ts";
import * as s from "../../db/schema.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import { clientAddress } from "../../request/client-address.ts";
import type { ApiEnv } from "../../request/env.ts";
import { cachedSeller } from "../../services/cart/static-rows.ts";
import { joinWaitingList, leaveWaitingList, waitingPosition } from "../../services/waiting-list/join.ts";
import { declineOffer } from "../../services/waiting-list/offers.ts";
import { offerView } from "../../services/waiting-list/view.ts";
import { requestCaller } from "../request-caller.ts";
import { requestLanguage, requestTenant } from "../request-language.ts";
import type { ApiRouter } from "../router.ts";
import { apiOnly, jsonBody, sameOriginWrites } from "./_shared.ts";
import { answer, idParam, one, sellerQuery } from "./admin/shapes.ts";

const routes = {
  join: createRoute({
    method: "post",
    path: "/waiting_list",
    request: {
      query: sellerQuery,
      body: jsonBody(
        z.object({
          event_session_id: z.string().max(100),
          email: z.string().max(254).optional(),
          tickets: z
            .array(z.object({ ticket_type_id: z.string().max(100), quantity: z.number().int() }))
            .max(20),
        }),
      ),
    },
    responses: answer(
      "The entry, its place in the line, and the token of its leave link (shown once). A logged-in member may leave out the e-mail: the account's is used.",
    ),
  }),
  offer: createRoute({
    method: "post",
    path: "/waiting_list/offer",
    request: { query: sellerQuery, body: jsonBody(z.object({ token: z.string().max(200) })) },
    responses: answer("The offer the offer link's token opens: its state, held cart and expiry."),
  }),
  decline: createRoute({
    method: "post",
    path: "/waiting_list/offer/decline",
    request: { query: sellerQuery, body: jsonBody(z.object({ token: z.string().max(200) })) },
    responses: answer("The offer is declined; its places go to the next person on the list."),
  }),
  leave: createRoute({
    method: "post",
    path: "/waiting_list/leave",
    request: { query: sellerQuery, body: jsonBody(z.object({ token: z.string().max(200) })) },
    responses: answer("The entry has left the list."),
  }),
  position: createRoute({
    method: "get",
    path: "/waiting_list/{id}",
    request: { query: sellerQuery, params: idParam },
    responses: answer("A place in the line; null once the entry no longer waits."),
  }),
};

/** The logged-in identity of this seller, with its e-mail, or null. */
async function memberOf(c: Context<ApiEnv>, sellerId: string) {
  const caller = await requestCaller(c);
  if (!caller.identityId || caller.sellerId !== sellerId) return null;
  const [member] = await c
    .get("deps")
    .db.select({ id: s.identity.id, email: s.identity.email, kind: s.identity.kind })
    .from(s.identity)
    .where(eq(s.identity.id, caller.identityId));
  return member?.kind === "user" ? member : null;
}

export function registerWaitingList(router: ApiRouter): void {
  for (const path of ["/waiting_list", "/waiting_list/*"]) {
    router.use(path, sameOriginWrites);
    router.use(path, apiOnly());
  }
  router.openapi(routes.join, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const tenant = getTenant(seller.slug);
    if (!tenant) throw fail("not_found");
    const body = c.req.valid("json");
    const member = await memberOf(c, seller.id);
    const email = body.email ?? member?.email;
    if (!email) {
      throw validationFailed(t(requestTenant(c, tenant), "waitingList.join.emailRequired"), {
        field: "email",
      });
    }
    // The entry keeps the visitor's language; the joined mail is written in it.
    const language = requestLanguage(c, tenant);
    const joined = await joinWaitingList(
      db,
      localizedTenant(tenant, language),
      {
        sessionId: body.event_session_id,
        email,
        tickets: body.tickets.map((l) => ({ ticketTypeId: l.ticket_type_id, quantity: l.quantity })),
        // One click for a member: the entry is the account's when the e-mail is the account's.
        ...(member && member.email?.toLowerCase() === email.toLowerCase() ? { identityId: member.id } : {}),
      },
      clientAddress(c),
      clock.now(),
      language,
    );
    return c.json(one("waiting_list_entry", joined), 200);
  });
  router.openapi(routes.leave, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const left = await leaveWaitingList(db, seller.id, c.req.valid("json").token, clock.now());
    return c.json(one("waiting_list_entry", left), 200);
  });
  router.openapi(routes.offer, async (c) => {
    const { db } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const offer = await offerView(db, seller.id, c.req.valid("json").token);
    return c.json(one("waiting_list_entry", offer), 200);
  });
  router.openapi(routes.decline, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const declined = await declineOffer(db, seller.id, c.req.valid("json").token, clock.now());
    return c.json(one("waiting_list_entry", declined), 200);
  });
  router.openapi(routes.position, async (c) => {
    const { db } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const id = c.req.valid("param").id;
    const position = await waitingPosition(db, seller.id, id);
    return c.json(one("waiting_list_entry", { entryId: id, position }), 200);
  });
}
