/**
 * The admin API's on-sale waiting rooms (services/admin/waiting-room): the tenant's rooms with their
 * live figures, and pausing, resuming and setting a room's rate. A room is named by its key (the
 * events it guards, sorted and joined by commas; `*` for every event). Answers are objects keyed
 * by resource type with `{ _count, _data }`, field names in snake_case; the services check the role
 * and the tenant again below the route's check.
 */
import { createRoute, z } from "@hono/zod-openapi";
import * as A from "../../../../api/admin/schemas.ts";
import {
  pauseWaitingRoom,
  resumeWaitingRoom,
  setWaitingRoomRate,
  waitingRoomsOf,
} from "../../../services/admin/waiting-room/index.ts";
import type { ApiRouter } from "../../router.ts";
import { jsonBody } from "../_shared.ts";
import { requireActor } from "./access.ts";
import { answer, idParam, many, one, sellerQuery } from "./shapes.ts";

const keyParam = z.object({ key: idParam.shape.id });

const routes = {
  list: createRoute({
    method: "get",
    path: "/admin/waiting_rooms",
    request: { query: sellerQuery },
    responses: answer(
      "The tenant's on-sale waiting rooms: settings, what staff changed, and the live figures (waiting, let in, in the shop, sold since the on-sale, let in over the last minute).",
      A.waitingRoomsAnswer,
    ),
  }),
  pause: createRoute({
    method: "post",
    path: "/admin/waiting_rooms/{key}/pause",
    request: { query: sellerQuery, params: keyParam, body: jsonBody(z.object({})) },
    responses: answer(
      "Nobody more is let in from the room's line until it is resumed.",
      A.waitingRoomChangeAnswer,
    ),
  }),
  resume: createRoute({
    method: "post",
    path: "/admin/waiting_rooms/{key}/resume",
    request: { query: sellerQuery, params: keyParam, body: jsonBody(z.object({})) },
    responses: answer("The room's line moves again.", A.waitingRoomChangeAnswer),
  }),
  rate: createRoute({
    method: "put",
    path: "/admin/waiting_rooms/{key}/rate",
    request: { query: sellerQuery, params: keyParam, body: jsonBody(A.waitingRoomRateBody) },
    responses: answer(
      "The room lets this many in per minute from now on (null: the tenant file's rate again).",
      A.waitingRoomChangeAnswer,
    ),
  }),
};

export function registerAdminWaitingRoom(router: ApiRouter): void {
  router.openapi(routes.list, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "waiting_room.read", c.req.valid("query")._seller);
    return c.json(many("waiting_room", await waitingRoomsOf(db, actor, clock.now())), 200);
  });
  router.openapi(routes.pause, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "waiting_room.change", c.req.valid("query")._seller);
    const done = await pauseWaitingRoom(db, actor, { roomKey: c.req.valid("param").key }, clock.now());
    return c.json(one("waiting_room", done), 200);
  });
  router.openapi(routes.resume, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "waiting_room.change", c.req.valid("query")._seller);
    const done = await resumeWaitingRoom(db, actor, { roomKey: c.req.valid("param").key }, clock.now());
    return c.json(one("waiting_room", done), 200);
  });
  router.openapi(routes.rate, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "waiting_room.change", c.req.valid("query")._seller);
    const done = await setWaitingRoomRate(
      db,
      actor,
      { roomKey: c.req.valid("param").key, ratePerMinute: c.req.valid("json").rate_per_minute },
      clock.now(),
    );
    return c.json(one("waiting_room", done), 200);
  });
}
