/**
 * Login and account security (DESIGN §5): one-time passcodes, password-reset links, fixed-window
 * rate-limit counters, and the members whose member ID (scan code) can be used to log in.
 * Secrets (passcodes, reset tokens) are stored only as SHA-256 hashes.
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { identity } from "./schema-cart.ts";
import { seller } from "./schema-catalogue.ts";

/**
 * A passcode login challenge (spec 1 §5, DESIGN §5): `login/request_otp` answers `token`; the
 * 6-character code is mailed. Single use, 3 attempts, a 10-minute life.
 */
export const otpChallenge = pgTable(
  "otp_challenge",
  {
    /** SHA-256 of the token handed to the browser. */
    tokenHash: text("token_hash").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** Null when the e-mail is not registered: the answer must look the same either way. */
    identityId: text("identity_id").references(() => identity.id),
    email: text("email").notNull(),
    /** SHA-256 of the upper-cased code. */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Before this the code is not usable yet (`not_available_yet`). */
    availableAt: timestamp("available_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("otp_challenge_identity_idx").on(t.identityId)],
);

/** A password-reset (or password-setup) link: single use, expires. */
export const passwordResetToken = pgTable(
  "password_reset_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    /** reset | setup (a guest account's first password) */
    purpose: text("purpose").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("password_reset_identity_idx").on(t.identityId)],
);

/**
 * A code mailed to an account's current address to confirm a change of its e-mail or password
 * (DESIGN §5 passcode rules: 6 characters, single use, 3 attempts, 10 minutes). Kept apart from
 * the login challenges, so a confirmation code can never start a session. A new request supersedes
 * the identity's older codes.
 */
export const changeCode = pgTable(
  "change_code",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    /** The lower-cased address the code went to: a code proves that address only. */
    email: text("email").notNull(),
    /** SHA-256 of the upper-cased code. */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("change_code_identity_idx").on(t.identityId)],
);

/**
 * An e-mail change, undoable from the old address: the notice mailed there carries a token (only
 * its SHA-256 is stored). Undoing restores the old e-mail and the password hash the account had
 * when the e-mail changed, and revokes every session. Single use, expires.
 */
export const emailChange = pgTable(
  "email_change",
  {
    tokenHash: text("token_hash").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    /** The argon2id hash the account had before the change (null: it had no password). */
    previousPasswordHash: text("previous_password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("email_change_identity_idx").on(t.identityId)],
);

/**
 * Fixed-window counters shared by every process (DESIGN §10: the process keeps no state).
 * `key` names the limit and its subject, e.g. `login:acct:{seller}:{email}` or `login:ip:{addr}`.
 */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  count: integer("count").notNull(),
});

/**
 * A member and their member ID (scan code), for member-ID login (spec 1 §6 scan_code modes) and
 * forgot-membership, with the order, program and level it came from and its auto-renew state.
 */
export const membership = pgTable(
  "membership",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    scanCode: text("scan_code").notNull(),
    /** The role label (spec 1 §3): member, second-card, child, ... */
    role: text("role").notNull(),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    zipCode: text("zip_code"),
    validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }).notNull(),
    validTo: timestamp("valid_to", { withTimezone: true, mode: "date" }).notNull(),
    ticketOrderId: text("ticket_order_id"),
    /** scheduled | cancelled | null (not enrolled) */
    autoRenewState: text("auto_renew_state"),
    /** The program: the membership ticket group (its name is the program's name). */
    ticketGroupId: text("ticket_group_id"),
    /** The level: the membership ticket type bought. */
    ticketTypeId: text("ticket_type_id"),
    eventTemplateId: text("event_template_id"),
    /** Member benefits (spec 1 §6): allowed counts keyed by ticket type id, "*" for the wildcard pool. */
    benefits: jsonb("benefits").$type<Record<string, number>>().notNull().default({}),
    memberEventPurchaseLimit: integer("member_event_purchase_limit"),
    /** Auto-renew: the stored payment method charged at term end. */
    savedPaymentMethodId: text("saved_payment_method_id"),
    /** A renewal's term follows this membership's (same member ID, next term). */
    renewsMembershipId: text("renews_membership_id"),
  },
  (t) => [
    // One row per term; a renewal keeps its member ID, so IDs are unique among first terms.
    uniqueIndex("membership_scan_code_idx")
      .on(t.sellerId, t.scanCode)
      .where(sql`${t.renewsMembershipId} is null`),
    index("membership_identity_idx").on(t.identityId),
  ],
);

/**
 * Keys the servers share to sign links (DESIGN §10: every process reads the same row). Created on
 * first use with a random value; `name` says what the key signs, e.g. `manage_link`.
 */
export const serverSecret = pgTable("server_secret", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});
