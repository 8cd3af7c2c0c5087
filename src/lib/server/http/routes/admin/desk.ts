/**
 * The admin API's desk sale (services/admin/desk): the sessions the box office can sell on a
 * venue-local day with their places left and ticket types, the sale itself (paid on the desk's
 * card terminal or in cash), and an order's tickets as cards to print. Answers are objects keyed
 * by resource type with `{ _count, _data }`, field names in snake_case; the services check the
 * role and the tenant again below the route's check.
 */
import { createRoute, z } from "@hono/zod-openapi";
import * as A from "../../../../api/admin/schemas.ts";
import { deskDay, deskTickets, sellAtDesk } from "../../../services/admin/desk/index.ts";
import type { ApiRouter } from "../../router.ts";
import { jsonBody } from "../_shared.ts";
import { requireActor } from "./access.ts";
import { answer, one, sellerQuery } from "./shapes.ts";

const saleBody = z.object({
  session_id: z.string().max(100),
  lines: z
    .array(z.object({ ticket_type_id: z.string().max(100), quantity: z.number().int() }))
    .max(20)
    .openapi({ description: "Quantities per ticket type (timed-entry tickets; seats are not chosen here)." }),
  buyer: z
    .object({
      first_name: z.string().max(100).optional(),
      last_name: z.string().max(100).optional(),
      email: z.string().max(254).optional(),
    })
    .optional(),
  payment: z.discriminatedUnion("method", [
    z.object({
      method: z.literal("card"),
      last4: z.string().max(4).optional(),
      reference: z.string().max(100).optional(),
    }),
    z.object({ method: z.literal("cash"), tendered: z.string().max(20).optional() }),
  ]),
  email_tickets: z.boolean().optional(),
});

const routes = {
  day: createRoute({
    method: "get",
    path: "/admin/desk/sessions",
    request: { query: sellerQuery.extend({ date: z.string().max(10).optional() }) },
    responses: answer(
      "A venue-local day's sessions the desk can sell, with places left and ticket types.",
      A.deskDayAnswer,
    ),
  }),
  sell: createRoute({
    method: "post",
    path: "/admin/desk/sales",
    request: { query: sellerQuery, body: jsonBody(saleBody) },
    responses: answer("The desk sale: a paid order with its tickets, the change for cash.", A.deskSaleAnswer),
  }),
  tickets: createRoute({
    method: "get",
    path: "/admin/orders/{id}/ticket_cards",
    request: { query: sellerQuery, params: z.object({ id: z.string().max(200) }) },
    responses: answer("An order's tickets as cards to print, each with its scan code.", A.ticketCardsAnswer),
  }),
};

export function registerAdminDesk(router: ApiRouter): void {
  router.openapi(routes.day, async (c) => {
    const { db, clock } = c.get("deps");
    const q = c.req.valid("query");
    const actor = await requireActor(c, "desk.sell", q._seller);
    return c.json(
      one("desk_day", await deskDay(db, actor, q.date ? { date: q.date } : {}, clock.now())),
      200,
    );
  });
  router.openapi(routes.sell, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "desk.sell", c.req.valid("query")._seller);
    const body = c.req.valid("json");
    const { buyer, payment } = body;
    const sale = await sellAtDesk(
      db,
      actor,
      {
        sessionId: body.session_id,
        lines: body.lines.map((l) => ({ ticketTypeId: l.ticket_type_id, quantity: l.quantity })),
        buyer: buyer && { firstName: buyer.first_name, lastName: buyer.last_name, email: buyer.email },
        payment,
        emailTickets: body.email_tickets,
      },
      clock.now(),
    );
    return c.json(one("desk_sale", sale), 200);
  });
  router.openapi(routes.tickets, async (c) => {
    const { db } = c.get("deps");
    const actor = await requireActor(c, "orders.read", c.req.valid("query")._seller);
    return c.json(
      one("ticket_cards", await deskTickets(db, actor, { orderId: c.req.valid("param").id })),
      200,
    );
  });
}
