/**
 * Who may manage an order without an account: the holder of its manage-link token.
 * Unknown orders, another seller's orders and a missing, forged, expired or other order's token
 * all answer the same 404 "We could not find that order." (spec 2 §8), so a stranger learns
 * nothing about which order ids exist.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail } from "../../errors/api-error.ts";
import type { OrderRow } from "../checkout/orders.ts";
import { verifyManageToken } from "./token.ts";

export const ORDER_NOT_FOUND_TEXT = "We could not find that order.";

export const orderNotFound = (context = "manage") =>
  fail("not_found", { description: ORDER_NOT_FOUND_TEXT, context });

/** The order the token opens, or 404. `sellerId` narrows it to the tenant of the request. */
export async function managedOrder(
  ex: Executor,
  orderId: string,
  token: string | null | undefined,
  now: Date,
  sellerId?: string,
): Promise<OrderRow> {
  const [order] = await ex.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  if (!order || (sellerId && order.sellerId !== sellerId)) throw orderNotFound();
  if (!(await verifyManageToken(ex, order.id, token, now))) throw orderNotFound();
  return order;
}
