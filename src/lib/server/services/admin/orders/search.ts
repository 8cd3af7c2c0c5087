/**
 * Finding an order at the desk: one search box for an order number (or its beginning), a buyer's
 * e-mail or name (any part), a ticket's scan code or a membership card's member ID (whole), or a
 * card's last four digits. Only the actor's seller's orders, newest first, as a compact list.
 */
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import { toMoneyString } from "../../../../domain/money.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { type OrderSearchInput, type OrderSummary, orderSearchInput } from "./schemas.ts";

/** `text` as a LIKE pattern that matches itself only (%, _ and \ escaped). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const buyerName = (first: string | null, last: string | null): string | null =>
  [first, last].filter(Boolean).join(" ") || null;

/** The conditions one search text matches an order by (see the file comment). */
function matches(q: string, sellerId: string): SQL {
  const o = s.ticketOrder;
  const i = s.identity;
  const anywhere = `%${likeLiteral(q)}%`;
  const keys: (SQL | undefined)[] = [
    ilike(o.orderNumber, `${likeLiteral(q)}%`),
    ilike(i.email, anywhere),
    sql`(coalesce(${i.firstName}, '') || ' ' || coalesce(${i.lastName}, '')) ilike ${anywhere}`,
    sql`exists (select 1 from ${s.ticketScan} where ${s.ticketScan.ticketOrderId} = ${o.id} and upper(${s.ticketScan.scanCode}) = upper(${q}))`,
    sql`exists (select 1 from ${s.membership} where ${s.membership.ticketOrderId} = ${o.id} and ${s.membership.sellerId} = ${sellerId} and upper(${s.membership.scanCode}) = upper(${q}))`,
  ];
  if (/^\d{4}$/.test(q)) {
    // The order's own cart and the carts of its edits hold its payments.
    keys.push(
      sql`exists (select 1 from ${s.payment} where ${s.payment.cardLast4} = ${q} and (${s.payment.cartId} = ${o.cartId} or ${s.payment.cartId} in (select ${s.cart.id} from ${s.cart} where ${s.cart.editsTicketOrderId} = ${o.id})))`,
    );
  }
  return or(...keys) ?? sql`false`;
}

export async function searchOrders(
  db: Executor,
  actor: StaffActor,
  input: OrderSearchInput,
): Promise<OrderSummary[]> {
  assertAllowed(actor, "orders.read");
  const { q, limit } = parseInput(orderSearchInput, input);
  const seller = await actorSeller(db, actor);
  const rows = await db
    .select({ order: s.ticketOrder, identity: s.identity })
    .from(s.ticketOrder)
    .innerJoin(s.identity, eq(s.identity.id, s.ticketOrder.identityId))
    .where(and(eq(s.ticketOrder.sellerId, actor.sellerId), matches(q, actor.sellerId)))
    .orderBy(desc(s.ticketOrder.createdAt), desc(s.ticketOrder.id))
    .limit(limit);
  if (!rows.length) return [];
  const counts = await db
    .select({
      orderId: s.ticket.ticketOrderId,
      items: sql<number>`count(*)::int`,
      booked: sql<number>`count(*) filter (where ${s.ticket.state} = 'booked')::int`,
    })
    .from(s.ticket)
    .where(
      inArray(
        s.ticket.ticketOrderId,
        rows.map((r) => r.order.id),
      ),
    )
    .groupBy(s.ticket.ticketOrderId);
  const countOf = new Map(counts.map((c) => [c.orderId, c]));
  return rows.map(({ order, identity }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    buyerName: buyerName(identity.firstName, identity.lastName),
    buyerEmail: identity.email,
    createdAt: order.createdAt.toISOString(),
    total: toMoneyString(order.total, seller.currencyCode),
    currency: seller.currencyCode,
    state: order.state,
    itemCount: Number(countOf.get(order.id)?.items ?? 0),
    bookedCount: Number(countOf.get(order.id)?.booked ?? 0),
  }));
}
