/**
 * The cart part of the ticketing API contract (spec 1 §3 and §7): the request bodies of the cart
 * calls and the resources their answers carry. One schema gives the server its input check and
 * the storefront its types. Money leaves the API as decimal strings with two places.
 */
import { z } from "zod";
import { PROMO_CODE_MAX, PROMO_CODE_MIN } from "../../domain/promo-input.ts";
import { paymentResource, scheduledPaymentResource, ticketOrderResource } from "../checkout/schemas.ts";
import {
  collection,
  configResource,
  eventSessionResource,
  eventTemplateResource,
  isoDateTime,
  metaResource,
  moneyString,
  seatResource,
  sellerResource,
  ticketGroupResource,
  ticketTypeResource,
  venueResource,
} from "../schemas.ts";

/** Spec §5 and §9: a promo code is trimmed, 2 to 35 characters (domain/promo-input.ts). */
export { PROMO_CODE_MAX, PROMO_CODE_MIN };
/** Spec §9: max quantity per ticket type. */
export const MAX_QUANTITY_PER_TYPE = 1000;

const id = z.string().min(1).max(200);
const codeList = z.array(z.string().trim().min(PROMO_CODE_MIN).max(PROMO_CODE_MAX)).max(20);

/** One ticket to reserve (spec §3 "Reserve ticket payload"); `quantity` repeats it. */
export const reserveTicket = z.strictObject({
  ticket_type_id: id,
  /** The session; omitted for flexible tickets, passes, donations, gift cards and memberships. */
  event_session_id: id.optional(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_TYPE).default(1),
  /** Flexible price (decimal string), checked against currency_amount_min/max. */
  face_value: moneyString.optional(),
  admit_name: z.string().trim().max(101).optional(),
  admit_email: z.string().trim().max(254).optional(),
  /** Seated groups: one seat per ticket, so quantity must be 1 when a seat is given. */
  seat_template_id: id.optional(),
  /** Code-required groups (handler codes): the voucher this ticket is reserved with. */
  code: z.string().trim().min(PROMO_CODE_MIN).max(PROMO_CODE_MAX).optional(),
  /** Membership groups: the member's party role from the level's membership rules (spec 1 §3). */
  party_role: z.string().trim().min(1).max(50).optional(),
});

/** Spec §3 "Cart modify payload". */
export const cartModifyBody = z.strictObject({
  add: z.array(reserveTicket).max(100).optional(),
  /** Ticket ids to remove. */
  remove: z.array(id).max(1000).optional(),
  /** Codes applied before the add (code-required groups, member codes). */
  preReservePromoCodes: codeList.optional(),
  /** Codes applied after the add. */
  postReservePromoCodes: codeList.optional(),
  /** Survey answers keyed by ticket group id. */
  additionalInfo: z.record(id, z.record(z.string().max(200), z.unknown())).optional(),
  /** The visit's query parameters (utm_source, ...). */
  campaign: z.record(z.string().max(100), z.string().max(500)).optional(),
  /** Codes carried from the page (the tenant's default promo code, a `code` query parameter). */
  preloadedPromoCodes: codeList.optional(),
  /** Membership cart options (spec 1 §3): enrol the bought membership in automatic renewal. */
  autoRenewMembership: z.boolean().optional(),
  /** Renewal: the new term starts where the current membership ends (spec 1 §9, on by default). */
  extendMembership: z.boolean().optional(),
  /** Gift of membership: the giftee identity from POST giftee. */
  giftee: id.optional(),
  /** Redeem a gift of membership: its 10-character code (spec 2 §5). */
  redeemMembership: z.string().trim().max(50).optional(),
});

export const applyCodeBody = z.strictObject({
  /** One code or a comma-separated list (spec §5). */
  code: z.string().max(1000),
  /** When true (default) a code that gives no benefit on this cart is `no_code_benefit`. */
  require_benefit: z.boolean().optional(),
});

export const extendCartBody = z.strictObject({ expires_at: isoDateTime });

export const cartState = z.enum(["pending", "expired", "booked", "deleted"]);

export const cartMod = z.object({
  name: z.string(),
  /** Positive money string taken off the total. */
  discount: moneyString,
  blocking_checkout: z.boolean(),
  resource: z.string(),
  resource_id: z.string(),
});

export const cartTotals = z.object({
  face_value: moneyString,
  fee_fixed: moneyString,
  fee_percent: moneyString,
  promo_discount: moneyString,
  /** face_value + fees - promo_discount */
  total: moneyString,
});

export const cartResource = z.object({
  id: z.string(),
  seller_id: z.string(),
  cart_number: z.string(),
  state: cartState,
  expires_at: isoDateTime.nullable(),
  /** Seconds until expiry, from the server's clock; null when not pending. */
  expires_in: z.number().int().nullable(),
  identity_id: z.string(),
  /** The anchor (admission) ticket's event and session when the cart holds one. */
  anchor: z.object({ event_template_id: z.string(), event_session_id: z.string().nullable() }).nullable(),
  visit_window: z.object({ start: isoDateTime, end: isoDateTime }).nullable(),
  codes: z.array(z.object({ code: z.string(), description: z.string().nullable() })),
  cart_mods: z.array(cartMod),
  blocking_rules: z.array(z.object({ code: z.string(), description: z.string() })),
  totals: cartTotals,
  outstanding_balance: moneyString,
  ticket_order_id: z.string().nullable(),
  additional_info: z.record(z.string(), z.record(z.string(), z.unknown())),
  /** Spec 1 §3: the gift of membership's recipient, and the gift code being redeemed. */
  giftee: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable().optional(),
  redeemMembership: z.string().nullable().optional(),
  /** An edit cart names the order it changes and the order's tickets it removes. */
  edits_ticket_order_id: z.string().nullable().optional(),
  removed_ticket_ids: z.array(z.string()).optional(),
  /** What the removed tickets are worth: the total less this is what the change costs, and charges. */
  edit_credit: moneyString.optional(),
});

export const ticketResource = z.object({
  id: z.string(),
  cart_id: z.string(),
  state: z.enum(["held", "booked", "cancelled"]),
  ticket_order_id: z.string().nullable(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  event_template_id: z.string(),
  event_session_id: z.string().nullable(),
  valid_from: isoDateTime.nullable(),
  valid_to: isoDateTime.nullable(),
  face_value: moneyString,
  fee_fixed_outside: moneyString,
  fee_percent_outside: moneyString,
  /** Promo discount on this ticket. */
  discount: moneyString,
  admit_name: z.string().nullable(),
  admit_email: z.string().nullable(),
  seat_template_id: z.string().nullable(),
  code: z.string().nullable(),
});

export const cartFeesResource = z.object({
  cart_id: z.string(),
  gateway_id: z.string(),
  account_id: z.string(),
  grand_totals: z.object({
    total_before_cartmod_price: moneyString,
    total_fee_fixed_outside: moneyString,
    total_fee_percent_outside: moneyString,
    total_cartmod_amount: moneyString,
    total_payments: moneyString,
    total_outstanding: moneyString,
    /** Clients of the API family: the total after promo discounts, before outside fees. */
    total_before_fees_price: moneyString,
    /** The total after promo discounts with outside fees (the cart's `totals.total`). */
    total_after_fees_price: moneyString,
  }),
});

/**
 * A seat a ticket holds (spec 1 §3 "Seat": seat_template_id and name), so the cart can show it
 * again; the ticket's seat_template_id points at it.
 */
export const ticketSeatResource = seatResource.pick({ id: true, seat_template_id: true, name: true });

const optionalCollection = <T extends z.ZodTypeAny>(item: T) => collection(item).optional();

/**
 * The answer of every cart call (modify, get, apply_code): the cart plus its embeds as sibling
 * collections. `ticket` holds the cart's held tickets.
 */
export const cartEnvelope = z.object({
  cart: collection(cartResource),
  cart_fees: collection(cartFeesResource),
  ticket: collection(ticketResource),
  ticket_type: optionalCollection(ticketTypeResource),
  ticket_group: optionalCollection(ticketGroupResource),
  event_session: optionalCollection(eventSessionResource),
  event_template: optionalCollection(eventTemplateResource),
  venue: optionalCollection(venueResource),
  meta: optionalCollection(metaResource),
  config: optionalCollection(configResource),
  seller: optionalCollection(sellerResource),
  /** The seats the held tickets hold (chosen seats are shown again). */
  seat: optionalCollection(ticketSeatResource),
  /** Payments taken on the cart so far (gift cards first, spec 2 §4). */
  payment: optionalCollection(paymentResource),
  scheduled_payment: optionalCollection(scheduledPaymentResource),
  /** GET cart/{id}?embed=ticket_order, the order an edit cart changes. */
  ticket_order: optionalCollection(ticketOrderResource),
});

/** PATCH my/cart/{id}: the new expiry. */
export const extendCartAnswer = z.object({
  cart: collection(cartResource.pick({ id: true, expires_at: true, expires_in: true })),
});

export type ReserveTicket = z.input<typeof reserveTicket>;
export type CartModifyBody = z.input<typeof cartModifyBody>;
export type ApplyCodeBody = z.input<typeof applyCodeBody>;
export type CartResource = z.infer<typeof cartResource>;
export type TicketResource = z.infer<typeof ticketResource>;
export type CartFees = z.infer<typeof cartFeesResource>;
export type CartEnvelope = z.infer<typeof cartEnvelope>;
export type TicketSeat = z.infer<typeof ticketSeatResource>;
