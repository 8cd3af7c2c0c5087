/**
 * A member's tickets that count against their limits: held in their pending carts, or sold on their
 * orders, created since a moment (a term's start), of some types or events. Every members-only
 * reserve of a presale asks, so the read starts from the member's own carts and orders (indexed by
 * identity), never from the seller's tickets: it was one query over every ticket the seller sold
 * since the term began, a scan that grows with the venue.
 */
import { and, eq, gte, inArray, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { SOLD_TICKET_STATES } from "../../../domain/account/orders.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export interface MemberTicketsInput {
  identityId: string;
  sellerId: string;
  since: Date;
  /** Which tickets count (on `ticket` and `ticket_group`): types, events, members-only groups. */
  which?: SQL | undefined;
}

const columns = {
  id: s.ticket.id,
  ticketTypeId: s.ticket.ticketTypeId,
  eventTemplateId: s.ticket.eventTemplateId,
  hiddenType: s.ticketGroup.hiddenType,
};

/**
 * The member's counted tickets, as a query to await (its plan is tested:
 * tests/integration/server/order-reads-indexed.test.ts).
 */
export function memberTickets(ex: Executor, input: MemberTicketsInput) {
  // From the member's own rows (`owned`, found by their identity) to their tickets in `state`.
  const counted = (
    from: typeof s.cart | typeof s.ticketOrder,
    toTickets: SQL,
    owned: SQL | undefined,
    state: SQL,
  ) =>
    ex
      .select(columns)
      .from(from)
      .innerJoin(s.ticket, toTickets)
      .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticket.ticketGroupId))
      .where(
        and(
          owned,
          state,
          eq(s.ticket.sellerId, input.sellerId),
          gte(s.ticket.createdAt, input.since),
          input.which,
        ),
      );
  const held = counted(
    s.cart,
    eq(s.ticket.cartId, s.cart.id),
    and(eq(s.cart.identityId, input.identityId), eq(s.cart.state, "pending")),
    eq(s.ticket.state, "held"),
  );
  const sold = counted(
    s.ticketOrder,
    eq(s.ticket.ticketOrderId, s.ticketOrder.id),
    eq(s.ticketOrder.identityId, input.identityId),
    inArray(s.ticket.state, SOLD_TICKET_STATES),
  );
  // A ticket is held or sold, never both: the two halves do not overlap.
  return unionAll(held, sold);
}
