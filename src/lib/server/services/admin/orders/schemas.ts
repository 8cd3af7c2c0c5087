/**
 * The inputs of the back office's order services, checked here for the admin API and the pages
 * alike (the types come from these schemas). Amounts are money strings in the seller's currency
 * ("12.50"), as everywhere in the API; the service reads them in the currency's own places.
 */
import { z } from "zod";

/** Text PostgreSQL can store: no NUL, no lone surrogate (DESIGN §5). */
const storable = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(
      (text) => !text.includes("\0") && text.isWellFormed(),
      "Text holds a character that cannot be stored.",
    );

const id = storable(100);

export const MONEY_PATTERN = /^\d{1,13}(\.\d{1,3})?$/;

export const orderSearchInput = z.object({
  /** An order number, an e-mail, a buyer's name, a ticket's or membership card's scan code, or a card's last four digits. */
  q: storable(200),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderSearchInput = z.input<typeof orderSearchInput>;

export const orderDetailInput = z.object({ orderId: id });
export type OrderDetailInput = z.input<typeof orderDetailInput>;

export const refundScope = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("order") }),
  z.object({ kind: z.literal("tickets"), ticketIds: z.array(id).min(1).max(500) }),
  z.object({
    kind: z.literal("amount"),
    amount: z.string().regex(MONEY_PATTERN, "An amount such as 12.50."),
  }),
]);
export type RefundScopeInput = z.input<typeof refundScope>;

export const refundOrderInput = z.object({
  orderId: id,
  scope: refundScope,
  /** Why: kept in the audit log. */
  reason: storable(500),
});
export type RefundOrderInput = z.input<typeof refundOrderInput>;

export const cancelOrderInput = z.object({
  orderId: id,
  /** The tickets to cancel; absent: every booked ticket of the order. */
  ticketIds: z.array(id).min(1).max(500).optional(),
  reason: storable(500),
});
export type CancelOrderInput = z.input<typeof cancelOrderInput>;

export const resendOrderInput = z.object({
  orderId: id,
  /** Another address to send the confirmation to; absent: the buyer's. */
  to: z.email().max(254).optional(),
});
export type ResendOrderInput = z.input<typeof resendOrderInput>;
