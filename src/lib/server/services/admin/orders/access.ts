/**
 * What every back office order service checks first: the actor's role allows the action, the input
 * is what its schema says, and the order is the actor's seller's. Another seller's order answers
 * exactly like an order that does not exist, so an id never tells a staff member of one tenant
 * that another tenant has it.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { type AdminAction, allows, type StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor, Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../../errors/api-error.ts";
import { lockOrderAndTickets, type OrderRow } from "../../checkout/orders.ts";

export function assertAllowed(actor: StaffActor, action: AdminAction): void {
  if (!allows(actor.role, action)) throw fail("forbidden_for_role", { extra: { action } });
}

/** The input as its schema reads it, or 400 validation_failed naming the first issue. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw validationFailed(issues[0]?.message ?? "Invalid request.", { issues });
}

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
