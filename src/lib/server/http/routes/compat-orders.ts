/**
 * GET ticket_order/{id} is the 'view ticket' link clients of the API family open in a
 * browser (usually under /cached_api). A request that accepts text/html is sent (303) to the
 * storefront's tickets page of the order (/{seller}/checkout/complete/tickets?orderIds={id}),
 * which reads the order under the same rules as the API: a guest order by the holder of its id, a
 * member's order by that member (anyone else gets its not-found page). The redirect names only the
 * order's seller, and is never cached. JSON clients keep the JSON answer (orders.ts).
 * Registered before registerOrders, so this runs first on GET ticket_order/{id}.
 */
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import { ticketsPagePath } from "../../services/ticket-cards/links.ts";
import type { ApiRouter } from "../router.ts";
import { ORDER_CACHE_CONTROL } from "./orders.ts";

/** True when the client asks for a page (a browser's navigation), not for JSON. */
export function wantsPage(accept: string | undefined): boolean {
  return (accept ?? "").toLowerCase().includes("text/html");
}

const viewTicketLink: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.method !== "GET" || !wantsPage(c.req.header("accept"))) return next();
  const id = c.req.param("id") ?? "";
  const [order] = await c
    .get("deps")
    .db.select({ id: s.ticketOrder.id, slug: s.seller.slug })
    .from(s.ticketOrder)
    .innerJoin(s.seller, eq(s.seller.id, s.ticketOrder.sellerId))
    .where(eq(s.ticketOrder.id, id))
    .limit(1);
  if (!order) throw notFound("ticket_order", id);
  return c.body(null, 303, {
    Location: ticketsPagePath(order.slug, [order.id]),
    "Cache-Control": ORDER_CACHE_CONTROL,
    Vary: "Accept",
  });
};

export function registerCompatOrders(router: ApiRouter): void {
  router.use("/ticket_order/:id", viewTicketLink);
}
