/**
 * Scheduled payments of a cart (spec 2 §3, §4): a ticket group's meta `payment_plan` puts the
 * whole cart total on the plan (domain/payment-plan.ts), dated from when the cart was started.
 * The cart answer lists the rows (scheduled_payment); pay takes between due and outstanding.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ScheduledPayment } from "../../../api/checkout-schemas.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { type PlanState, planInstalments, planState, readPaymentPlan } from "../../../domain/payment-plan.ts";
import * as s from "../../db/schema.ts";
import type { CartRow, TicketRow, Tx } from "../cart/types.ts";

type MetaLike = { resource: string; resourceId: string; data: Record<string, unknown> };

/** The plan of the first held ticket's group that has one, over the cart total; null without one. */
export function cartPlanState(
  cart: Pick<CartRow, "createdAt">,
  tickets: readonly Pick<TicketRow, "ticketGroupId">[],
  metas: readonly MetaLike[],
  total: number,
  paid: number,
  now: Date,
): PlanState | null {
  const groupIds = new Set(tickets.map((t) => t.ticketGroupId));
  for (const meta of metas) {
    if (meta.resource !== "ticket_group" || !groupIds.has(meta.resourceId)) continue;
    const plan = readPaymentPlan(meta.data);
    if (plan) return planState(planInstalments(total, plan, cart.createdAt), paid, now);
  }
  return null;
}

export function serializeScheduled(cartId: string, state: PlanState | null): ScheduledPayment[] {
  return (state?.rows ?? []).map((row) => ({
    id: `${cartId}-instalment-${row.index}`,
    cart_id: cartId,
    due_date: row.dueDate.toISOString(),
    amount: toMoneyString(row.amount),
    status: row.status,
  }));
}

/** The group metas of the held tickets, read inside the checkout transaction. */
export async function groupMetas(
  tx: Tx,
  sellerId: string,
  tickets: readonly TicketRow[],
): Promise<MetaLike[]> {
  const ids = [...new Set(tickets.map((t) => t.ticketGroupId))];
  if (!ids.length) return [];
  return tx
    .select()
    .from(s.meta)
    .where(
      and(
        eq(s.meta.sellerId, sellerId),
        eq(s.meta.resource, "ticket_group"),
        inArray(s.meta.resourceId, ids),
      ),
    );
}
