/**
 * Orders and payments: a ticket order per booked cart, the payments taken on a cart
 * (gift cards first, the checkout last), the stored answers of idempotent checkout calls, and the
 * scan codes of booked tickets. Money is integer minor units.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cart, identity, ticket } from "./schema-cart.ts";
import { seller } from "./schema-catalogue.ts";

export const ticketOrder = pgTable(
  "ticket_order",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** Human friendly, unique per seller (the cart's number: one order per cart). */
    orderNumber: text("order_number").notNull(),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    cartId: text("cart_id")
      .notNull()
      .references(() => cart.id),
    /** completed | pending (a payment still clearing) */
    state: text("state").notNull(),
    /** Checked out through the public identity's cart: readable by holders of its id. */
    guest: boolean("guest").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    total: integer("total").notNull(),
    /** A gift of membership: the giftee identity the memberships are for. */
    gifteeIdentityId: text("giftee_identity_id"),
    /** Where it was sold: web (the shop, its API and renewals) or desk (staff at the box office). */
    channel: text("channel").notNull().default("web"),
    /** The language it was bought in (one of the tenant's): its mails, tickets and passes speak it. */
    language: text("language"),
  },
  (t) => [
    uniqueIndex("ticket_order_cart_idx").on(t.cartId),
    uniqueIndex("ticket_order_seller_number_idx").on(t.sellerId, t.orderNumber),
    index("ticket_order_identity_idx").on(t.identityId),
  ],
);

export const payment = pgTable(
  "payment",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    cartId: text("cart_id")
      .notNull()
      .references(() => cart.id),
    /** test | stripe | ledger | free */
    gatewayId: text("gateway_id").notNull(),
    /** succeeded | pending | refunded */
    state: text("state").notNull(),
    amount: integer("amount").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Gift cards: the card number and its balance after this payment. Never a bank card number. */
    cardNumber: text("card_number"),
    remainingBalance: integer("remaining_balance"),
    /** The provider's reference (payment intent id, ...). */
    providerReference: text("provider_reference"),
    /** A bank card's last four digits, as the gateway reports them (staff find orders by them). */
    cardLast4: text("card_last4"),
    idempotencyKey: text("idempotency_key"),
    /** A `refund` row (part of a lower-priced edit given back) names the payment it refunds. */
    refundOfPaymentId: text("refund_of_payment_id"),
  },
  (t) => [
    index("payment_cart_idx").on(t.cartId),
    uniqueIndex("payment_cart_key_idx")
      .on(t.cartId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** The stored answer of a checkout or pay call, replayed for the same key on the same cart. */
export const checkoutIdempotency = pgTable(
  "checkout_idempotency",
  {
    cartId: text("cart_id")
      .notNull()
      .references(() => cart.id),
    key: text("key").notNull(),
    /** SHA-256 of the call and its body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.key] })],
);

/** The scan code of a booked ticket (random, unique), printed as its QR code. */
export const ticketScan = pgTable(
  "ticket_scan",
  {
    ticketId: text("ticket_id")
      .primaryKey()
      .references(() => ticket.id),
    ticketOrderId: text("ticket_order_id")
      .notNull()
      .references(() => ticketOrder.id),
    scanCode: text("scan_code").notNull(),
  },
  (t) => [
    uniqueIndex("ticket_scan_code_idx").on(t.scanCode),
    index("ticket_scan_order_idx").on(t.ticketOrderId),
  ],
);

/**
 * A payment method stored for later (auto-renew, spec 2 §3 "saved payment method"): the provider's
 * reference (a Stripe payment method, or the test gateway's stored test card) and how it is shown.
 */
export const savedPaymentMethod = pgTable(
  "saved_payment_method",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    /** test | stripe */
    gatewayId: text("gateway_id").notNull(),
    /** What the shopper sees, e.g. "Visa ending 4242". Never a card number. */
    identifier: text("identifier").notNull(),
    providerReference: text("provider_reference").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("saved_payment_method_identity_idx").on(t.identityId)],
);

/**
 * One automatic renewal of one membership term: the key (membership, term end) makes the renewal
 * job charge once however often and wherever it runs.
 */
export const membershipRenewal = pgTable(
  "membership_renewal",
  {
    membershipId: text("membership_id").notNull(),
    termEnd: timestamp("term_end", { withTimezone: true, mode: "date" }).notNull(),
    /** claimed | renewed | failed */
    state: text("state").notNull(),
    paymentReference: text("payment_reference"),
    newMembershipId: text("new_membership_id"),
    ticketOrderId: text("ticket_order_id"),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.termEnd] })],
);
