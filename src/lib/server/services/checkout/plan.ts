/**
 * Scheduled payments of a cart (spec 2 §3, §4): a ticket group's meta `payment_plan` puts the
 * whole cart total on the plan (domain/payment-plan.ts), dated from when the cart was started.
 * The cart answer lists the rows (scheduled_payment); pay takes between due and outstanding.
 * Once a payment toward the plan has succeeded, the cart has no expiry any more (keepPlanCart):
 * later instalments are paid on later visits, so the hold must outlive the first one. The sweeper
 * and the lazy expiry only release carts with an expiry (cart/release.ts), so its tickets stay
 * held and counted until the cart is checked out or deleted.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ScheduledPayment } from "../../../api/checkout/schemas.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { isDueToday, type PlanState, planInstalments, planState } from "../../../domain/payment-plan.ts";
import { type PaymentPlanMeta, readPaymentPlan } from "../../../domain/payment-plan-meta.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { heldTickets } from "../cart/release.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";

type MetaLike = { resource: string; resourceId: string; data: Record<string, unknown> };

/** The plan of the first held ticket's group that has one; null without one. */
export function planOf(
  tickets: readonly Pick<TicketRow, "ticketGroupId">[],
  metas: readonly MetaLike[],
): PaymentPlanMeta | null {
  const groupIds = new Set(tickets.map((t) => t.ticketGroupId));
  for (const meta of metas) {
    if (meta.resource !== "ticket_group" || !groupIds.has(meta.resourceId)) continue;
    const plan = readPaymentPlan(meta.data);
    if (plan) return plan;
  }
  return null;
}

/** The plan state over the cart total (planOf); null without a plan. */
export function cartPlanState(
  cart: Pick<CartRow, "createdAt">,
  tickets: readonly Pick<TicketRow, "ticketGroupId">[],
  metas: readonly MetaLike[],
  total: number,
  paid: number,
  now: Date,
  currency: string,
): PlanState | null {
  const plan = planOf(tickets, metas);
  return plan ? planState(planInstalments(total, plan, cart.createdAt, currency), paid, now) : null;
}

/** The rows as the cart answers them; `due_today` by the clock in the seller's zone (isDueToday). */
export function serializeScheduled(
  cartId: string,
  state: PlanState | null,
  now: Date,
  seller: { timezone: string; currencyCode: string },
): ScheduledPayment[] {
  return (state?.rows ?? []).map((row) => ({
    id: `${cartId}-instalment-${row.index}`,
    cart_id: cartId,
    due_date: row.dueDate.toISOString(),
    amount: toMoneyString(row.amount, seller.currencyCode),
    status: row.status,
    due_today: isDueToday(row, now, seller.timezone),
  }));
}

/** The group metas of the held tickets, read inside the checkout transaction. */
export async function groupMetas(
  tx: Executor,
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

/** The hold of a locked, pending plan cart no longer expires (see the file comment). */
export async function liftPlanExpiry(tx: Tx, cartId: string): Promise<void> {
  await tx
    .update(s.cart)
    .set({ expiresAt: null })
    .where(and(eq(s.cart.id, cartId), eq(s.cart.state, "pending")));
}

/** Whether the held tickets put the cart on a plan. */
export async function hasPlan(tx: Tx, cart: CartRow, tickets: readonly TicketRow[]): Promise<boolean> {
  return planOf(tickets, await groupMetas(tx, cart.sellerId, tickets)) !== null;
}

/**
 * After a payment toward a locked, pending cart succeeded outside a pay call (a webhook): a cart
 * with a plan keeps its hold. Answers whether it had a plan.
 */
export async function keepPlanCart(tx: Tx, cart: CartRow): Promise<boolean> {
  if (cart.state !== "pending" || !(await hasPlan(tx, cart, await heldTickets(tx, cart.id)))) return false;
  await liftPlanExpiry(tx, cart.id);
  return true;
}
