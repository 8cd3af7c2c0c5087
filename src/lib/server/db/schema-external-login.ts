/**
 * External login with OpenID Connect (spec 1 §6 login mode `external`, spec 2 §2 login
 * callback path): the login attempts in flight and the provider accounts linked to identities.
 */
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { identity } from "./schema-cart.ts";
import { seller } from "./schema-catalogue.ts";

/**
 * One login attempt at the tenant's identity provider, from the start route to the callback.
 * Keyed by the SHA-256 of `state`; bound to the browser by the SHA-256 of its `foyer_oidc` cookie;
 * single use (`used_at`) and short-lived. The PKCE verifier and nonce never leave the server.
 */
export const externalLoginFlow = pgTable(
  "external_login_flow",
  {
    stateHash: text("state_hash").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    browserHash: text("browser_hash").notNull(),
    issuer: text("issuer").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    /** The same-site path to go to after the login (checked at start). */
    returnPath: text("return_path").notNull(),
    cartId: text("cart_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("external_login_flow_expires_idx").on(t.expiresAt)],
);

/**
 * A provider account (issuer + subject) linked to an identity of the seller: found again by its
 * subject even after the e-mail changes at the provider.
 */
export const externalIdentityLink = pgTable(
  "external_identity_link",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    identityId: text("identity_id")
      .notNull()
      .references(() => identity.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("external_identity_link_subject_idx").on(t.sellerId, t.issuer, t.subject),
    index("external_identity_link_identity_idx").on(t.identityId),
  ],
);
