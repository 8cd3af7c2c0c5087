/**
 * Identities, login sessions, carts and their tickets. Holds are rows of `ticket` in state
 * `held`; the counters on event_session.used_capacity and ticket_group.used_capacity always equal
 * the held plus booked tickets that count against them (DESIGN §4).
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { eventSession, eventTemplate, seller, ticketGroup, ticketType } from "./schema-catalogue.ts";

/** Membership cart options as stored on the cart (spec 1 §3 "Membership cart options"). */
export interface MembershipCartOptions {
  autoRenewMembership?: boolean;
  /** Renew by extending the current membership: the new term starts at its valid_to. */
  extendMembership?: boolean;
  /** The giftee identity of a gift of membership. */
  gifteeIdentityId?: string;
  /** The gift-of-membership code being redeemed (upper-case). */
  redeemMembership?: string;
}

/** A person (or the seller's public identity, kind `public`). Passwords are argon2id hashes. */
export const identity = pgTable(
  "identity",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** public | user | guest | giftee (the recipient of a gift of membership) */
    kind: text("kind").notNull(),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    passwordHash: text("password_hash"),
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("identity_seller_email_idx")
      .on(t.sellerId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);

/** A login session. The cookie carries a random token; only its SHA-256 is stored here. */
export const authSession = pgTable(
  "auth_session",
  {
    tokenHash: text("token_hash").primaryKey(),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("auth_session_identity_idx").on(t.identityId)],
);

export const cart = pgTable(
  "cart",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    cartNumber: text("cart_number").notNull(),
    /** pending (the only modifiable state) | expired | booked | deleted */
    state: text("state").notNull(),
    /** The owner; the seller's public identity for guests. */
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Null once the cart is no longer pending. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    /**
     * The language the buyer shops in (one of the tenant's), kept at checkout: the order it becomes
     * takes it, also when a payment provider completes it later.
     */
    language: text("language"),
    /** Query parameters of the visit (utm_*, ...), as sent by the storefront. */
    campaign: jsonb("campaign").$type<Record<string, string>>().notNull().default({}),
    /** Survey answers keyed by ticket group id. */
    additionalInfo: jsonb("additional_info")
      .$type<Record<string, Record<string, unknown>>>()
      .notNull()
      .default({}),
    /** Applied promo and voucher codes, upper-case, in the order applied. */
    codes: jsonb("codes").$type<string[]>().notNull().default([]),
    ticketOrderId: text("ticket_order_id"),
    /** Membership cart options (spec 1 §3): autoRenewMembership, extendMembership, giftee, redeemMembership. */
    membershipOptions: jsonb("membership_options").$type<MembershipCartOptions>().notNull().default({}),
    /** An edit cart changes this order (its held tickets are added to it on checkout). */
    editsTicketOrderId: text("edits_ticket_order_id"),
    /** The order's tickets an edit cart removes (cancelled, places given back, on checkout). */
    editRemovals: jsonb("edit_removals").$type<string[]>().notNull().default([]),
  },
  (t) => [
    index("cart_state_expires_idx").on(t.state, t.expiresAt),
    uniqueIndex("cart_seller_number_idx").on(t.sellerId, t.cartNumber),
    // A member's limits count the tickets held in their own carts (membership/member-tickets.ts).
    index("cart_identity_idx").on(t.identityId),
  ],
);

export const ticket = pgTable(
  "ticket",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    cartId: text("cart_id")
      .notNull()
      .references(() => cart.id),
    /** held | booked | cancelled */
    state: text("state").notNull(),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketType.id),
    ticketGroupId: text("ticket_group_id")
      .notNull()
      .references(() => ticketGroup.id),
    eventTemplateId: text("event_template_id")
      .notNull()
      .references(() => eventTemplate.id),
    /** Null for flexible (any-date) tickets, passes, donations, gift cards and memberships. */
    eventSessionId: text("event_session_id").references(() => eventSession.id),
    /** True when the ticket took a place of the session's capacity (group not excluded). */
    countsAgainstSession: boolean("counts_against_session").notNull().default(true),
    validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }),
    validTo: timestamp("valid_to", { withTimezone: true, mode: "date" }),
    /** Minor units. */
    faceValue: integer("face_value").notNull(),
    feeFixedOutside: integer("fee_fixed_outside").notNull().default(0),
    /** Basis points of the face value. */
    feePercentOutside: integer("fee_percent_outside").notNull().default(0),
    admitName: text("admit_name"),
    admitEmail: text("admit_email"),
    seatTemplateId: text("seat_template_id"),
    /** Membership tickets: the member's party role (member, second-card, child, ...). */
    partyRole: text("party_role"),
    /** The code (upper-case) this ticket was reserved with, for code-required groups. */
    code: text("code"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    ticketOrderId: text("ticket_order_id"),
  },
  (t) => [
    index("ticket_cart_idx").on(t.cartId),
    index("ticket_session_idx").on(t.eventSessionId),
    // An order's tickets are read by every confirmation, order page, manage link and gate lookup.
    index("ticket_order_idx").on(t.ticketOrderId),
  ],
);
