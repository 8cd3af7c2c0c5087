/**
 * The back office's own tables: staff accounts (separate from shoppers' identities), their login
 * sessions and setup links, per-tenant API keys, and the audit log of every staff change. Secrets
 * are never stored as given: passwords and API keys as argon2id hashes, session and setup tokens
 * as SHA-256 hashes.
 */

import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { seller } from "./schema-catalogue.ts";

export const staffAccount = pgTable(
  "staff_account",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** admin | box_office | gate | viewer */
    role: text("role").notNull(),
    /** Null until the setup link is followed. */
    passwordHash: text("password_hash"),
    /** The TOTP secret (base32), set when the second factor is turned on. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true, mode: "date" }),
    /** argon2id hashes of the unused recovery codes. */
    recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
    /** Box office: the largest refund, in minor units, without an admin; null is no limit. */
    refundLimit: integer("refund_limit"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("staff_account_seller_email_idx").on(t.sellerId, sql`lower(${t.email})`)],
);

/** A staff login. The cookie carries a random token; only its SHA-256 is stored. */
export const staffSession = pgTable(
  "staff_session",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffAccount.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The idle timeout counts from here; every request moves it. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Set when the password was right and a second factor is still owed. */
    pendingSecondFactor: timestamp("pending_second_factor", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("staff_session_staff_idx").on(t.staffId)],
);

/** A link that lets a new staff member set a password (the invite or the first admin's mail). */
export const staffSetupToken = pgTable("staff_setup_token", {
  tokenHash: text("token_hash").primaryKey(),
  staffId: text("staff_id")
    .notNull()
    .references(() => staffAccount.id),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
});

/** A per-tenant key for the admin API, with a role; shown once, stored as an argon2id hash. */
export const apiKey = pgTable(
  "api_key",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    name: text("name").notNull(),
    role: text("role").notNull(),
    /** The key's first characters, to find its row and to show which key it is. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("api_key_prefix_idx").on(t.prefix)],
);

/** Every staff action that changes something: who, when, what and why. Never updated or deleted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** staff | api_key | system */
    actorKind: text("actor_kind").notNull(),
    actorId: text("actor_id").notNull(),
    /** The staff member's name or the key's, as it was then. */
    actorName: text("actor_name").notNull(),
    /** refund | cancel | resend | session.close | session.reopen | session.capacity | staff.invite … */
    action: text("action").notNull(),
    /** What it acted on: ticket_order, event_session, staff_account … and its id. */
    resource: text("resource").notNull(),
    resourceId: text("resource_id").notNull(),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("audit_log_seller_time_idx").on(t.sellerId, t.createdAt),
    index("audit_log_resource_idx").on(t.resource, t.resourceId),
  ],
);
