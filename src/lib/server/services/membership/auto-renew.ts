/**
 * Automatic renewal of an order's memberships (spec 2 §3, §4, §7, §8):
 * - enrolment: a completed order whose checkout kept a card (saved-payment.ts) and whose cart asked
 *   for auto-renew, not a gift, gets its new memberships `scheduled` with the saved method;
 * - the read and the cancel of `ticket_order/{id}/auto_renew`, for the order's logged-in owner only
 *   (401 not logged in at this seller, 404 unknown order, 403 someone else's). Cancelling moves
 *   `scheduled` to `cancelled`; with nothing scheduled it is 400 with spec 2 §8's text.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AutoRenewEnvelope } from "../../../api/membership/renew-schemas.ts";
import {
  AUTO_RENEW_CANCELLED,
  AUTO_RENEW_SCHEDULED,
  canCancelAny,
} from "../../../domain/membership/auto-renew.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail, notFound } from "../../errors/api-error.ts";
import { notLoggedIn } from "../auth/errors.ts";
import type { Caller } from "../identity/identity.ts";
import { savedMethodIdForCart } from "./saved-payment.ts";

type MembershipRow = typeof s.membership.$inferSelect;
type OrderRow = typeof s.ticketOrder.$inferSelect;

export const notEnrolled = () => fail("not_enrolled");

const forbiddenOrder = () =>
  fail("forbidden", { description: "You are not allowed to change this order.", context: "auto_renew" });

/**
 * After createOrderMemberships: enrols the order's new memberships when its checkout saved a card
 * for auto-renew (the cart option autoRenewMembership) and the order is not a gift.
 */
export async function enrolOrderMemberships(
  tx: Tx,
  orderId: string,
  created: MembershipRow[],
): Promise<MembershipRow[]> {
  if (!created.length) return created;
  const [order] = await tx.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  if (!order || order.gifteeIdentityId) return created;
  const [cart] = await tx
    .select({ options: s.cart.membershipOptions })
    .from(s.cart)
    .where(eq(s.cart.id, order.cartId));
  if (cart?.options.autoRenewMembership !== true) return created;
  const [method] = await tx
    .select()
    .from(s.savedPaymentMethod)
    .where(eq(s.savedPaymentMethod.id, savedMethodIdForCart(order.cartId)));
  if (!method || method.deletedAt) return created;
  await tx
    .update(s.membership)
    .set({ autoRenewState: AUTO_RENEW_SCHEDULED, savedPaymentMethodId: method.id })
    .where(
      inArray(
        s.membership.id,
        created.map((m) => m.id),
      ),
    );
  return created.map((m) => ({
    ...m,
    autoRenewState: AUTO_RENEW_SCHEDULED,
    savedPaymentMethodId: method.id,
  }));
}

/** The order when the caller is its logged-in owner at the order's seller. */
async function ownedOrder(
  ex: Executor,
  orderId: string,
  caller: Caller,
  sellerId: string,
): Promise<OrderRow> {
  if (!caller.identityId || caller.sellerId !== sellerId) throw notLoggedIn();
  const [order] = await ex
    .select()
    .from(s.ticketOrder)
    .where(and(eq(s.ticketOrder.id, orderId), eq(s.ticketOrder.sellerId, sellerId)));
  if (!order) throw notFound("ticket_order", orderId);
  if (order.identityId !== caller.identityId) throw forbiddenOrder();
  return order;
}

async function envelopeOf(ex: Executor, order: OrderRow): Promise<AutoRenewEnvelope> {
  const rows = await ex
    .select({ membership: s.membership, levelName: s.ticketType.name })
    .from(s.membership)
    .leftJoin(s.ticketType, eq(s.ticketType.id, s.membership.ticketTypeId))
    .where(eq(s.membership.ticketOrderId, order.id))
    .orderBy(asc(s.membership.scanCode), asc(s.membership.id));
  const methodIds = [
    ...new Set(
      rows.flatMap((r) => (r.membership.savedPaymentMethodId ? [r.membership.savedPaymentMethodId] : [])),
    ),
  ];
  const methods = methodIds.length
    ? await ex.select().from(s.savedPaymentMethod).where(inArray(s.savedPaymentMethod.id, methodIds))
    : [];
  return {
    ticket_order: { _count: 1, _data: [{ id: order.id, order_number: order.orderNumber }] },
    membership: {
      _count: rows.length,
      _data: rows.map(({ membership: m, levelName }) => ({
        id: m.id,
        scan_code: m.scanCode,
        role: m.role,
        name: m.name,
        ticket_order_id: m.ticketOrderId,
        auto_renew_state: m.autoRenewState,
        valid_from: m.validFrom.toISOString(),
        valid_to: m.validTo.toISOString(),
        level_name: levelName,
        saved_payment_method_id: m.savedPaymentMethodId,
      })),
    },
    saved_payment_method: {
      _count: methods.length,
      _data: methods.map((p) => ({ id: p.id, identifier: p.identifier })),
    },
  };
}

/** GET ticket_order/{id}/auto_renew: the order's memberships and their auto-renew state. */
export async function readAutoRenew(
  db: Executor,
  orderId: string,
  caller: Caller,
  sellerId: string,
): Promise<AutoRenewEnvelope> {
  return envelopeOf(db, await ownedOrder(db, orderId, caller, sellerId));
}

/** DELETE ticket_order/{id}/auto_renew: scheduled → cancelled, else 400 not enrolled. */
export async function cancelAutoRenew(
  db: { transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> },
  orderId: string,
  caller: Caller,
  sellerId: string,
): Promise<AutoRenewEnvelope> {
  return db.transaction(async (tx) => {
    const order = await ownedOrder(tx, orderId, caller, sellerId);
    // Locked, so the renewal job (which locks them too) never charges a membership cancelled here.
    const memberships = await tx
      .select({ state: s.membership.autoRenewState })
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order.id))
      .for("update");
    if (!canCancelAny(memberships.map((m) => m.state))) throw notEnrolled();
    await tx
      .update(s.membership)
      .set({ autoRenewState: AUTO_RENEW_CANCELLED })
      .where(
        and(eq(s.membership.ticketOrderId, order.id), eq(s.membership.autoRenewState, AUTO_RENEW_SCHEDULED)),
      );
    return envelopeOf(tx, order);
  });
}
