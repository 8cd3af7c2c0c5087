/**
 * The checkout part of the ticketing API contract (spec 2 §3, §4 and §7): checkout and pay bodies,
 * the checkout result, gift-card ledgers and ticket orders. Money leaves the API as decimal
 * strings with two places; wallet amounts (gateway_data) are minor units.
 */
import { z } from "zod";
import {
  CUSTOM_FIELD_MAX,
  PHONE_MAX,
  POST_CODE_INVALID,
  POST_CODE_MAX,
  POST_CODE_MIN,
  POST_CODE_PATTERN,
} from "../../domain/identity-custom-fields.ts";
import { collection, isoDateTime, moneyString } from "../schemas.ts";

/** Spec 2 §5: 0.50 to 999999.99, GBP 0.30 to 999999.99 (one source: domain/payment-amount.ts). */
export { PAYMENT_MAX_MINOR, paymentMinMinor } from "../../domain/payment-amount.ts";
/** The message of a refused zip or post code (spec 1 §5), shown by the checkout form as well. */
export { POST_CODE_INVALID };
/** Spec 2 §5/§9: gift card numbers up to 70 characters. */
export const GIFT_CARD_NUMBER_MAX = 70;

export const gatewayId = z.enum(["test", "stripe", "ledger", "free"]);

/** Spec 1 §5: a zip or post code is letters and digits with an optional space or hyphen, 4 to 10. */
const postCode = z
  .string()
  .trim()
  .min(POST_CODE_MIN, POST_CODE_INVALID)
  .max(POST_CODE_MAX, POST_CODE_INVALID)
  .regex(POST_CODE_PATTERN, POST_CODE_INVALID);
const customText = (max: number) => z.string().trim().max(max);

/**
 * The identity's custom fields (spec 1 §3 Identity, §5 "Custom identity fields") as they travel in
 * `additional_info`: the defined keys are checked (phone max 50, the others max 1000, zip_code and
 * post_code by their pattern); any other key passes as before (the survey-style extras).
 */
export const identityAdditionalInfo = z
  .object({
    email: z.email().max(254).optional(),
    phone: customText(PHONE_MAX).optional(),
    address: customText(CUSTOM_FIELD_MAX).optional(),
    city: customText(CUSTOM_FIELD_MAX).optional(),
    region: customText(CUSTOM_FIELD_MAX).optional(),
    state: customText(CUSTOM_FIELD_MAX).optional(),
    country: customText(CUSTOM_FIELD_MAX).optional(),
    zip_code: postCode.optional(),
    post_code: postCode.optional(),
  })
  .catchall(z.unknown())
  .refine(
    (info) => Object.keys(info).every((key) => key.length <= 100),
    "additional_info keys are at most 100 characters.",
  );

/** The purchaser identity of a guest checkout (spec 1 §5 identity form, already trimmed). */
export const checkoutIdentity = z.strictObject({
  first_name: z.string().trim().min(1).max(50),
  last_name: z.string().trim().min(1).max(50),
  email: z.email().max(254),
  additional_info: identityAdditionalInfo.optional(),
});

/**
 * gateway_data per gateway:
 * - test: { card_number, exp_month, exp_year, cvc, postal_code? } or, to finish a
 *   requires_action payment, { payment_intent_id };
 * - stripe: { payment_method_id } or { payment_intent_id };
 * - ledger: { number } (a gift card);
 * - free: {}.
 */
export const gatewayData = z.record(z.string().max(100), z.union([z.string().max(500), z.number()]));

/** POST cart/{id}/guest_checkout, my/cart/{id}/checkout, my/cart/{id}/gift_checkout. */
export const checkoutBody = z.strictObject({
  gateway_id: gatewayId,
  gateway_data: gatewayData.default({}),
  /** Amount to charge now (decimal string); defaults to the outstanding total. */
  amount: moneyString.optional(),
  identity: checkoutIdentity.optional(),
  /**
   * In place of `identity`, a guest identity of the cart's seller made by POST user
   * without a password (never a user account: 422 guest_identity_invalid). Its stored custom fields
   * count as given; `additional_info` adds to them.
   */
  guest_identity_id: z.string().min(1).max(200).optional(),
  /**
   * A logged-in buyer's custom identity fields the cart asks for (spec 2 §5 identity form), merged
   * into their identity's additional_info (a guest sends them in `identity.additional_info`). A
   * field the cart requires that the purchaser neither sends nor (logged in) has stored is refused:
   * 400 validation_failed, `_extra.field` its path (services/checkout/required-fields.ts).
   */
  additional_info: identityAdditionalInfo.optional(),
  send_email: z.boolean().default(true),
  captcha: z.string().max(4000).optional(),
  /** Also accepted as the Idempotency-Key header; the same key always gives the same result. */
  idempotency_key: z.string().min(8).max(200).optional(),
});

/** POST cart/{id}/pay, my/cart/{id}/pay: a partial payment (gift card first, or an instalment). */
export const payBody = z.strictObject({
  gateway_id: gatewayId,
  gateway_data: gatewayData.default({}),
  amount: moneyString,
  /** Spec 2 §5: required for guests when the tenant has a captcha key (as on checkout). */
  captcha: z.string().max(4000).optional(),
  idempotency_key: z.string().min(8).max(200).optional(),
});

export const checkoutStatus = z.enum(["completed", "pending", "partial"]);

export const paymentResource = z.object({
  id: z.string(),
  cart_id: z.string(),
  gateway_id: gatewayId,
  /** succeeded | pending | requires_action | failed | refunded */
  state: z.string(),
  amount: moneyString,
  occurred_at: isoDateTime,
  /** Gift cards: the card number masked to its last 4 ("****0001") and its balance after this payment. */
  card_number: z.string().nullable(),
  remaining_balance: moneyString.nullable(),
});

export const scheduledPaymentResource = z.object({
  id: z.string(),
  cart_id: z.string(),
  due_date: isoDateTime,
  amount: moneyString,
  /** Upcoming when due is in the future, else Overdue (spec 2 §4). */
  status: z.enum(["Upcoming", "Overdue", "Paid"]),
  /** Unpaid and dated today in the venue's zone: shown 'Due today', never 'Overdue' (payment-plan.ts). */
  due_today: z.boolean().optional(),
});

export const checkoutResultResource = z.object({
  cart_id: z.string(),
  status: checkoutStatus,
  ticket_order_ids: z.array(z.string()),
  amount_paid: moneyString,
  total_outstanding: moneyString,
  next_due_date: isoDateTime.nullable(),
  /** Pending payments: the reference shown on /checkout/pending/{cartId}. */
  reference: z.string().nullable(),
});

export const ticketOrderResource = z.object({
  id: z.string(),
  seller_id: z.string(),
  order_number: z.string(),
  identity_id: z.string(),
  cart_id: z.string(),
  created_at: isoDateTime,
  /** completed | pending */
  state: z.string(),
  ticket_order_fees: z.object({
    total_after_fees_price: moneyString,
    /**
     * The fee lines of an order's total (order reads only): face value, outside fees and
     * promo discount, from the booked tickets (see domain/fee-lines.ts).
     */
    subtotal_price: moneyString.optional(),
    fees_price: moneyString.optional(),
    discount_price: moneyString.optional(),
  }),
  /** The cart's survey answers keyed by ticket group id (a gift card's recipient). */
  additional_info: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  /** A gift of membership's recipient (order reads only). */
  giftee: z.object({ name: z.string(), email: z.string().nullable() }).nullable().optional(),
});

/** A booked ticket as orders show it (spec 2 §3 Ticket). */
export const orderTicketResource = z.object({
  id: z.string(),
  state: z.string(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  event_template_id: z.string(),
  event_session_id: z.string().nullable(),
  ticket_order_id: z.string().nullable(),
  face_value: moneyString,
  adjusted_value: moneyString,
  admit_name: z.string().nullable(),
  admit_email: z.string().nullable(),
  /** The seat of a seated ticket (the `seat` embed names it), as in the cart's ticket. */
  seat_template_id: z.string().nullable(),
  scan_code: z.string().nullable(),
  start_datetime: isoDateTime.nullable(),
  timezone: z.string().nullable(),
  /** The end of a ticket's validity (tickets without a session); null when open-ended. */
  valid_to: isoDateTime.nullable().optional(),
});

export const checkoutAnswer = z.object({
  checkout_result: collection(checkoutResultResource),
  ticket_order: collection(ticketOrderResource).optional(),
  payment: collection(paymentResource).optional(),
  /** A plan's first payment booked the order (spec 2 §4 partial): its schedule after this payment. */
  scheduled_payment: collection(scheduledPaymentResource).optional(),
});

export const ledgerResource = z.object({
  type: z.string(),
  number: z.string(),
  state: z.enum(["active", "inactive"]),
  balance: moneyString,
});

export const ledgerAnswer = z.object({ ledger: collection(ledgerResource) });

export type CheckoutBody = z.input<typeof checkoutBody>;
export type PayBody = z.input<typeof payBody>;
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;
export type CheckoutResult = z.infer<typeof checkoutResultResource>;
export type TicketOrder = z.infer<typeof ticketOrderResource>;
export type OrderTicket = z.infer<typeof orderTicketResource>;
export type Payment = z.infer<typeof paymentResource>;
export type ScheduledPayment = z.infer<typeof scheduledPaymentResource>;
export type Ledger = z.infer<typeof ledgerResource>;

/** A membership an order created, as the order read embeds it for the completion page. */
export const orderMembershipResource = z.object({
  id: z.string(),
  ticket_order_id: z.string().nullable(),
  scan_code: z.string(),
  role: z.string(),
  name: z.string(),
  last_name: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  /** Spec 2 §3, §4: scheduled (Enrolled), cancelled (Cancelled), anything else Not enrolled. */
  auto_renew_state: z.string().nullable().optional(),
});
