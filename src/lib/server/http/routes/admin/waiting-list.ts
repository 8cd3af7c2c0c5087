/**
 * The admin API's waiting lists (services/admin/waiting-list): a session's list with its counts, an
 * offer sent to an entry by hand, and an entry removed. Answers are objects keyed by resource type
 * with `{ _count, _data }`, field names in snake_case; the services check the role and the tenant
 * again below the route's check.
 */
import { createRoute, z } from "@hono/zod-openapi";
import * as A from "../../../../api/admin/schemas.ts";
import {
  removeWaitingEntry,
  sendWaitingListOffer,
  waitingListOf,
} from "../../../services/admin/waiting-list/index.ts";
import type { ApiRouter } from "../../router.ts";
import { jsonBody } from "../_shared.ts";
import { requireActor } from "./access.ts";
import { answer, idParam, one, sellerQuery } from "./shapes.ts";

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/sessions/{id}/waiting_list",
    request: { query: sellerQuery, params: idParam },
    responses: answer(
      "The session's waiting list: every entry (those waiting in the order of the line first) and the counts, with how many offers became orders.",
      A.waitingListAnswer,
    ),
  }),
  offer: createRoute({
    method: "post",
    path: "/admin/waiting_list/{id}/offer",
    request: { query: sellerQuery, params: idParam, body: jsonBody(z.object({})) },
    responses: answer(
      "The entry is offered places now, out of turn (409 waiting_list_no_places when its party does not fit).",
      A.waitingEntryChangeAnswer,
    ),
  }),
  remove: createRoute({
    method: "post",
    path: "/admin/waiting_list/{id}/remove",
    request: {
      query: sellerQuery,
      params: idParam,
      body: jsonBody(z.object({ reason: z.string().max(500).optional() })),
    },
    responses: answer(
      "The entry is removed from the list; the places its offer held go to the next person.",
      A.waitingEntryChangeAnswer,
    ),
  }),
};

export function registerAdminWaitingList(router: ApiRouter): void {
  router.openapi(routes.list, async (c) => {
    const { db } = c.get("deps");
    const actor = await requireActor(c, "waiting_list.read", c.req.valid("query")._seller);
    const list = await waitingListOf(db, actor, { sessionId: c.req.valid("param").id });
    return c.json(one("waiting_list", list), 200);
  });
  router.openapi(routes.offer, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "waiting_list.change", c.req.valid("query")._seller);
    const done = await sendWaitingListOffer(db, actor, { entryId: c.req.valid("param").id }, clock.now());
    return c.json(one("waiting_list_entry", done), 200);
  });
  router.openapi(routes.remove, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "waiting_list.change", c.req.valid("query")._seller);
    const { reason } = c.req.valid("json");
    const done = await removeWaitingEntry(
      db,
      actor,
      { entryId: c.req.valid("param").id, ...(reason ? { reason } : {}) },
      clock.now(),
    );
    return c.json(one("waiting_list_entry", done), 200);
  });
}
