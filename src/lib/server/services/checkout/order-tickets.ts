/**
 * An order's live (not cancelled) tickets of some ticket group handlers, in the order they were
 * added: what an order's completion delivers (membership tickets become memberships, ledger tickets
 * gift cards), read once for all of them.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/executor.ts";
import { runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";

export type OrderTicket = { ticket: typeof s.ticket.$inferSelect };

export async function orderTicketsByHandler<H extends string>(
  tx: Tx,
  orderId: string,
  handlers: readonly H[],
): Promise<Record<H, OrderTicket[]>> {
  // Built once per list of handlers: every completion asks.
  const rows = await runShaped(
    tx,
    `order_tickets_by_handler:${handlers.join(",")}`,
    () =>
      tx
        .select({ ticket: s.ticket, handler: s.ticketGroup.handler })
        .from(s.ticket)
        .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
        .where(
          and(
            eq(s.ticket.ticketOrderId, sql.placeholder("order")),
            inArray(s.ticketGroup.handler, [...handlers]),
            ne(s.ticket.state, "cancelled"),
          ),
        )
        .orderBy(asc(s.ticket.createdAt), asc(s.ticket.id)),
    { order: orderId },
  );
  const byHandler = Object.fromEntries(handlers.map((h) => [h, [] as OrderTicket[]])) as Record<
    H,
    OrderTicket[]
  >;
  for (const { ticket, handler } of rows) byHandler[handler as H]?.push({ ticket });
  return byHandler;
}
