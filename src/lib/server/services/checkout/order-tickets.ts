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
  return ticketsByHandler(rows, handlers);
}

/**
 * An order's tickets with their group's handler, grouped by the handlers asked: the live ones
 * (not cancelled), in the order given. Also for tickets already read with their groups (the
 * confirmation mail's, complete-order.ts), so that read answers what the order delivers too.
 */
export function ticketsByHandler<H extends string>(
  rows: readonly { ticket: typeof s.ticket.$inferSelect; handler: string }[],
  handlers: readonly H[],
): Record<H, OrderTicket[]> {
  const byHandler = Object.fromEntries(handlers.map((h) => [h, [] as OrderTicket[]])) as Record<
    H,
    OrderTicket[]
  >;
  for (const { ticket, handler } of rows) {
    if (ticket.state !== "cancelled") byHandler[handler as H]?.push({ ticket });
  }
  return byHandler;
}
