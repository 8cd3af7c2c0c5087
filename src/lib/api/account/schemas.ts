/**
 * My account, orders and upcoming tickets (spec 2 §3, §7): the `_data` envelopes of
 * GET my/ticket_order, GET my/order_session, the order page's payments (payment audit and
 * scheduled payments) and POST ticket_order/{id}/email.
 */
import { z } from "zod";
import {
  orderMembershipResource,
  orderTicketResource,
  scheduledPaymentResource,
  ticketOrderResource,
} from "../checkout/schemas.ts";
import {
  collection,
  eventSessionResource,
  eventTemplateResource,
  isoDateTime,
  moneyString,
  ticketGroupResource,
  ticketTypeResource,
  venueResource,
} from "../schemas.ts";

/** Spec 2 §3 Order session: one session of one of the caller's orders. */
export const orderSessionResource = z.object({
  id: z.string(),
  ticket_order_id: z.string(),
  order_number: z.string(),
  purchased_on: isoDateTime,
  num_tickets: z.number().int().min(0),
  event_name: z.string(),
  event_template_id: z.string(),
  event_session_id: z.string(),
  start_datetime: isoDateTime,
  /** The venue's time zone: dates are shown in it. */
  timezone: z.string(),
});

/** GET my/order_session answers `search_result` (spec 2 §7). */
export const orderSessionAnswer = z.object({ search_result: collection(orderSessionResource) });

export const orderSessionQuery = z.object({
  _seller: z.string().max(200).optional(),
  /** upcoming (default: sessions not started yet, soonest first) | past (most recent first) | all */
  when: z.enum(["upcoming", "past", "all"]).optional(),
  "event_session_id._in": z.string().max(5_000).optional(),
});

/** Spec 2 §3 Payment audit: capture (Paid), refund (Refund), dispute_opened, dispute_closed, dispute_fee. */
export const paymentAuditResource = z.object({
  id: z.string(),
  ticket_order_id: z.string(),
  action: z.enum(["capture", "refund", "dispute_opened", "dispute_closed", "dispute_fee"]),
  amount: moneyString,
  occurred_on: isoDateTime,
  gateway_id: z.string(),
});

/** GET my/ticket_order and GET ticket_order/{id}: the order envelope with its embeds. */
export const myOrderEnvelope = z.object({
  ticket_order: collection(ticketOrderResource),
  ticket: collection(orderTicketResource).optional(),
  ticket_type: collection(ticketTypeResource).optional(),
  ticket_group: collection(ticketGroupResource).optional(),
  event_template: collection(eventTemplateResource).optional(),
  event_session: collection(eventSessionResource).optional(),
  venue: collection(venueResource).optional(),
  membership: collection(orderMembershipResource).optional(),
  payment_audit: collection(paymentAuditResource).optional(),
  scheduled_payment: collection(scheduledPaymentResource).optional(),
});

export const myOrderQuery = z.object({
  _seller: z.string().max(200).optional(),
  _embed: z.string().max(500).optional(),
  "id._in": z.string().max(20_000).optional(),
});

/** POST ticket_order/{id}/email (spec 2 §7): empty for a plain resend, else the log context. */
export const orderEmailBody = z.strictObject({
  log_context: z.enum(["order_update", "order_cancel"]).optional(),
});

export type OrderSession = z.infer<typeof orderSessionResource>;
export type OrderSessionAnswer = z.infer<typeof orderSessionAnswer>;
export type PaymentAuditItem = z.infer<typeof paymentAuditResource>;
export type MyOrderEnvelope = z.infer<typeof myOrderEnvelope>;
export type OrderEmailBody = z.infer<typeof orderEmailBody>;
