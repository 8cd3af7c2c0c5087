/**
 * The cart as checkout sees it: locked (SELECT ... FOR UPDATE, like access.ts), its total from the
 * held tickets and promo codes, and the payments already taken (releaseCart in cart/release.ts gives
 * them back when the cart expires or is deleted before checkout).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { computeCartTotals } from "../../../domain/cart-totals.ts";
import { readBenefit } from "../../../domain/promo-codes.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import { runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { assertCanUse, selectCartForUpdate } from "../cart/access.ts";
import { withLineKinds } from "../cart/line-kinds.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import type { Caller } from "../identity/identity.ts";
import { redeemDiscount } from "../membership/redeem.ts";

export type PaymentRow = typeof s.payment.$inferSelect;

export async function lockCart(tx: Tx, cartId: string, caller: Caller): Promise<CartRow> {
  const cart = await selectCartForUpdate(tx, cartId);
  if (!cart) throw notFound("cart", cartId);
  assertCanUse(cart, caller);
  return cart;
}

/**
 * The cart's total in minor units: held tickets with fees, less promo discounts (as the cart shows
 * it), rounded as the seller's currency is charged (`currency`, cart-totals.ts).
 */
export async function cartTotal(
  tx: Tx,
  cart: CartRow,
  tickets: readonly TicketRow[],
  currency: string,
): Promise<number> {
  const codes = cart.codes.length
    ? await tx
        .select()
        .from(s.code)
        .where(and(eq(s.code.sellerId, cart.sellerId), inArray(s.code.code, cart.codes)))
    : [];
  const byCode = new Map(codes.map((c) => [c.code, c]));
  const promos = cart.codes.flatMap((code) => {
    const row = byCode.get(code);
    return row && row.kind === "promo" ? [{ code, benefit: readBenefit(row.benefit) }] : [];
  });
  // A redeemed gift of membership takes its value off the chosen level.
  const discounts = [...promos, ...(await redeemDiscount(tx, cart))];
  // A line's kind matters only to a code (what it discounts): a cart without one reads no groups.
  if (!discounts.length) return computeCartTotals(tickets, [], currency).total;
  return computeCartTotals(await withLineKinds(tx, tickets), discounts, currency).total;
}

export async function cartPayments(tx: Executor, cartId: string): Promise<PaymentRow[]> {
  return runShaped(
    tx,
    "cart_payments",
    () =>
      tx
        .select()
        .from(s.payment)
        .where(eq(s.payment.cartId, sql.placeholder("cart")))
        .orderBy(s.payment.occurredAt),
    { cart: cartId },
  );
}

export const paidAmount = (payments: readonly PaymentRow[]) =>
  payments.filter((p) => p.state === "succeeded").reduce((sum, p) => sum + p.amount, 0);
