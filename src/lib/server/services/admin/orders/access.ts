/**
 * The order a back office service acts on is the actor's seller's (the role and the input are
 * checked first, in ../permit.ts). Another seller's order answers
 * exactly like an order that does not exist, so an id never tells a staff member of one tenant
 * that another tenant has it.
 */
import { and, eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor, Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { notFound } from "../../../errors/api-error.ts";
import { lockOrderAndTickets, type OrderRow } from "../../checkout/orders.ts";

export const orderNotFound = (orderId: string) => notFound("ticket_order", orderId);

/** The actor's seller's order, or 404 (see the file comment). */
export async function sellerOrder(ex: Executor, actor: StaffActor, orderId: string): Promise<OrderRow> {
  const [order] = await ex
    .select()
    .from(s.ticketOrder)
    .where(and(eq(s.ticketOrder.id, orderId), eq(s.ticketOrder.sellerId, actor.sellerId)));
  if (!order) throw orderNotFound(orderId);
  return order;
}

/** The actor's seller's order, locked with its tickets (checkout/orders.ts lockOrderAndTickets), or 404. */
export async function lockSellerOrder(tx: Tx, actor: StaffActor, orderId: string): Promise<OrderRow> {
  const order = await lockOrderAndTickets(tx, orderId, actor.sellerId);
  if (!order) throw orderNotFound(orderId);
  return order;
}
