/**
 * The waiting lists of sold-out sessions: one entry per person (e-mail) and session, in the order
 * people joined. An entry waits, is offered places (held in a cart until the offer expires), and
 * ends converted (an order), expired, declined, removed by staff, or left by the person. Its leave
 * link carries a random token; only its SHA-256 is stored.
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { eventSession, seller } from "./schema-catalogue.ts";

export interface WaitingListLine {
  ticketTypeId: string;
  quantity: number;
}

export const waitingListEntry = pgTable(
  "waiting_list_entry",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    eventSessionId: text("event_session_id")
      .notNull()
      .references(() => eventSession.id),
    /** As given; compared lower-cased. */
    email: text("email").notNull(),
    /** A logged-in member who joined with one click. */
    identityId: text("identity_id"),
    quantity: integer("quantity").notNull(),
    /** The tickets the person would take, per type (of the session's event); `quantity` is their sum. */
    lines: jsonb("lines").$type<WaitingListLine[]>().notNull(),
    /** waiting | offered | converted | expired | declined | removed | left */
    state: text("state").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The language they joined in (one of the tenant's): the list's mails speak it. */
    language: text("language"),
    offeredAt: timestamp("offered_at", { withTimezone: true, mode: "date" }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true, mode: "date" }),
    offerCartId: text("offer_cart_id"),
    /** The offer link's token (SHA-256): it opens the held cart and declines the offer. */
    offerTokenHash: text("offer_token_hash"),
    leaveTokenHash: text("leave_token_hash").notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // One live entry per e-mail and session.
    uniqueIndex("waiting_list_live_email_idx")
      .on(t.eventSessionId, sql`lower(${t.email})`)
      .where(sql`${t.state} in ('waiting', 'offered')`),
    index("waiting_list_session_idx").on(t.eventSessionId, t.joinedAt),
  ],
);
