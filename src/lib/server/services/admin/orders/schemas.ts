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

/*
 * The answers, for the admin API's OpenAPI document: dates are ISO 8601 strings, amounts money
 * strings in the order's `currency`.
 */
const money = z.string();
const isoDate = z.string();

export const orderSummary = z.object({
  id: z.string(),
  orderNumber: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  createdAt: isoDate,
  total: money,
  currency: z.string(),
  /** completed | pending (a payment still clearing). */
  state: z.string(),
  /** The order's tickets (memberships, gift cards and donations included), and how many are still booked. */
  itemCount: z.number().int(),
  bookedCount: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderDetailAnswer = z.object({
  order: z.object({
    id: z.string(),
    orderNumber: z.string(),
    state: z.string(),
    createdAt: isoDate,
    total: money,
    currency: z.string(),
    guest: z.boolean(),
    buyer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  }),
  tickets: z.array(
    z.object({
      id: z.string(),
      /** booked | redeemed (admitted at the gate) | cancelled */
      state: z.string(),
      ticketType: z.object({ id: z.string(), name: z.string() }),
      event: z.object({ id: z.string(), name: z.string() }),
      sessionId: z.string().nullable(),
      sessionStart: isoDate.nullable(),
      seatName: z.string().nullable(),
      holderName: z.string().nullable(),
      scanCode: z.string().nullable(),
      /** Face value and outside fees: what a ticket refund gives back at most. */
      price: money,
      /** When and at which gate it was admitted; null when not admitted. */
      admission: z.object({ admittedAt: isoDate, gate: z.string(), overridden: z.boolean() }).nullable(),
    }),
  ),
  memberships: z.array(
    z.object({
      id: z.string(),
      scanCode: z.string(),
      name: z.string(),
      role: z.string(),
      validFrom: isoDate,
      validTo: isoDate,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      gateway: z.string(),
      amount: money,
      /** succeeded | pending | failed | refunded (given back whole) | refund_due */
      state: z.string(),
      cardLast4: z.string().nullable(),
      giftCardNumber: z.string().nullable(),
      occurredAt: isoDate,
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      refundOfPaymentId: z.string(),
      gateway: z.string(),
      amount: money,
      /** refund (given back) | refund_due (owed: the gateway failed, to be retried) */
      state: z.string(),
      occurredAt: isoDate,
    }),
  ),
  /** What the payments took, what went back (or is owed back), and what is left to refund. */
  paid: money,
  refunded: money,
  refundable: money,
  emails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subject: z.string(),
      to: z.string(),
      state: z.string(),
      createdAt: isoDate,
    }),
  ),
  audit: z.array(
    z.object({
      id: z.string(),
      actorKind: z.string(),
      actorName: z.string(),
      action: z.string(),
      reason: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      createdAt: isoDate,
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetailAnswer>;

export const refundAnswer = z.object({
  orderId: z.string(),
  currency: z.string(),
  /** What this refund gives back. */
  amount: money,
  /** Of it, what the gateways gave back now, and what failed at a gateway and is owed (refund_due). */
  refunded: money,
  due: money,
  /** The refund rows written (one per payment the amount was split over). */
  payments: z.array(
    z.object({
      id: z.string(),
      refundOfPaymentId: z.string(),
      gateway: z.string(),
      amount: money,
      state: z.string(),
    }),
  ),
  cancelledTicketIds: z.array(z.string()),
  endedMembershipIds: z.array(z.string()),
  /** The outbox row of the buyer's mail, or null when the buyer has no e-mail. */
  mailId: z.string().nullable(),
});
export type RefundResult = z.infer<typeof refundAnswer>;

export const cancelAnswer = z.object({
  orderId: z.string(),
  cancelledTicketIds: z.array(z.string()),
  endedMembershipIds: z.array(z.string()),
  mailId: z.string().nullable(),
});
export type CancelResult = z.infer<typeof cancelAnswer>;

export const resendAnswer = z.object({
  orderId: z.string(),
  /** The outbox row queued, and the address it goes to. */
  mailId: z.string(),
  to: z.string(),
});
export type ResendResult = z.infer<typeof resendAnswer>;

export const rescheduleOrderInput = z.object({
  orderId: id,
  /** The booked tickets to move, all of one session of the order. */
  ticketIds: z.array(id).min(1).max(500),
  /** The session they move to: another of the same event. */
  sessionId: id,
  /** Why (the visitor's call, a closure): kept in the audit log. */
  reason: storable(500),
});
export type RescheduleOrderInput = z.input<typeof rescheduleOrderInput>;

export const rescheduleOptionsInput = z.object({
  orderId: id,
  /** The order's session whose tickets would move. */
  sessionId: id,
});
export type RescheduleOptionsInput = z.input<typeof rescheduleOptionsInput>;

const sessionPlace = z.object({
  id: z.string(),
  start: isoDate,
  end: isoDate,
  /** Places left for sale (capacity and oversell less taken); -1: unlimited. */
  available: z.number().int(),
});

export const rescheduleAnswer = z.object({
  orderId: z.string(),
  ticketIds: z.array(z.string()),
  from: sessionPlace,
  to: sessionPlace,
  /** The seats the moved tickets have in the new session (seated tickets only), by ticket id. */
  seats: z.record(z.string(), z.string()),
  /** The outbox row of the buyer's order_update mail, or null when the buyer has no e-mail. */
  mailId: z.string().nullable(),
});
export type RescheduleResult = z.infer<typeof rescheduleAnswer>;

export const rescheduleOptionsAnswer = z.object({
  orderId: z.string(),
  from: sessionPlace,
  /** The order's booked tickets in `from`. */
  ticketIds: z.array(z.string()),
  /** The event's sessions to come that are open, sold and have a place left, soonest first. */
  sessions: z.array(sessionPlace),
});
export type RescheduleOptions = z.infer<typeof rescheduleOptionsAnswer>;
