/**
 * The on-sale line (services/waiting-room): POST waiting_room/{event_id}/line joins the line of the
 * room guarding the event, or reads the caller's place in it (the visitor cookie keeps the place
 * across tabs and reloads). Once let in, the answer sets the admission cookie the reserve and
 * checkout calls ask for. Under /api only, never cached, writes checking their origin.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { getTenant } from "../../../tenant/load.ts";
import { fail } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import { secureCookies } from "../../services/auth/sessions.ts";
import { cachedSeller } from "../../services/cart/static-rows.ts";
import { ADMISSION_COOKIE } from "../../services/waiting-room/admission-token.ts";
import { arrive, lineStatus, VISITOR_COOKIE } from "../../services/waiting-room/line.ts";
import { guardingRoom } from "../../services/waiting-room/rooms.ts";
import type { ApiRouter } from "../router.ts";
import { apiOnly, sameOriginWrites } from "./_shared.ts";
import { answer, one, sellerQuery } from "./admin/shapes.ts";

/** The visitor cookie lives a day: a shopper who closes the tab comes back to their place. */
const VISITOR_MAX_S = 24 * 3600;

const line = createRoute({
  method: "post",
  path: "/waiting_room/{event_id}/line",
  request: { query: sellerQuery, params: z.object({ event_id: z.string().max(100) }) },
  responses: answer(
    "The caller's place: before the on-sale (when it opens), waiting (the place, or null for the second or two until the line ranks the caller; whether the line is paused; the estimated wait in seconds), or admitted (until when; the admission cookie is set).",
  ),
});

function setLineCookie(c: Context<ApiEnv>, name: string, value: string, maxAge: number): void {
  setCookie(c, name, value, { httpOnly: true, sameSite: "Lax", path: "/", secure: secureCookies(c), maxAge });
}

export function registerWaitingRoom(router: ApiRouter): void {
  router.use("/waiting_room/*", sameOriginWrites);
  router.use("/waiting_room/*", apiOnly());
  router.openapi(line, async (c) => {
    const { db, clock } = c.get("deps");
    const now = clock.now();
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const tenant = getTenant(seller.slug);
    const room = tenant ? guardingRoom(tenant, c.req.valid("param").event_id) : undefined;
    if (!room) throw fail("not_found");
    const visitor = await arrive(db, room, getCookie(c, VISITOR_COOKIE), now);
    setLineCookie(c, VISITOR_COOKIE, visitor.row.id, VISITOR_MAX_S);
    const status = await lineStatus(db, room, visitor, now);
    if (status.phase === "admitted") {
      const stay = Math.max(1, Math.floor((status.leavesAt.getTime() - now.getTime()) / 1000));
      setLineCookie(c, ADMISSION_COOKIE, status.token, stay);
    }
    const { token: _token, ...shown } =
      status.phase === "admitted" ? status : { ...status, token: undefined };
    // The server's time, so a page counts down by it rather than by the device's clock.
    return c.json(one("waiting_room_line", { ...shown, room: room.key, serverNow: now }), 200);
  });
}
