/**
 * A sold-out session's waiting list (services/waiting-list): join it (an e-mail, how many, which
 * ticket types; rate limited per address), leave it with the token of the leave link, and read a
 * place in the line. Under /api only, never cached, and writes check their origin.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { getTenant } from "../../../tenant/load.ts";
import { fail } from "../../errors/api-error.ts";
import { clientAddress } from "../../request/client-address.ts";
import type { ApiEnv } from "../../request/env.ts";
import { cachedSeller } from "../../services/cart/static-rows.ts";
import { joinWaitingList, leaveWaitingList, waitingPosition } from "../../services/waiting-list/join.ts";
import type { ApiRouter } from "../router.ts";
import { jsonBody, sameOriginWrites } from "./_shared.ts";
import { answer, idParam, one, sellerQuery } from "./admin/shapes.ts";

const apiOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("cached")) throw fail("not_found");
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};

const routes = {
  join: createRoute({
    method: "post",
    path: "/waiting_list",
    request: {
      query: sellerQuery,
      body: jsonBody(
        z.object({
          event_session_id: z.string().max(100),
          email: z.string().max(254),
          quantity: z.number().int(),
          ticket_type_ids: z.array(z.string().max(100)).max(20),
        }),
      ),
    },
    responses: answer("The entry, its place in the line, and the token of its leave link (shown once)."),
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

export function registerWaitingList(router: ApiRouter): void {
  for (const path of ["/waiting_list", "/waiting_list/*"]) {
    router.use(path, sameOriginWrites);
    router.use(path, apiOnly);
  }
  router.openapi(routes.join, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const tenant = getTenant(seller.slug);
    if (!tenant) throw fail("not_found");
    const body = c.req.valid("json");
    const joined = await joinWaitingList(
      db,
      tenant,
      {
        sessionId: body.event_session_id,
        email: body.email,
        quantity: body.quantity,
        ticketTypeIds: body.ticket_type_ids,
      },
      clientAddress(c),
      clock.now(),
    );
    return c.json(one("waiting_list_entry", joined), 200);
  });
  router.openapi(routes.leave, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const left = await leaveWaitingList(db, seller.id, c.req.valid("json").token, clock.now());
    return c.json(one("waiting_list_entry", left), 200);
  });
  router.openapi(routes.position, async (c) => {
    const { db } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const id = c.req.valid("param").id;
    const position = await waitingPosition(db, seller.id, id);
    return c.json(one("waiting_list_entry", { entryId: id, position }), 200);
  });
}
