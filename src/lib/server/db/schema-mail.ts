/**
 * The e-mail outbox (DESIGN §1 "e-mail"): every mail the server sends is written here first, in
 * the same transaction as the change it reports, then delivered by SMTP when SMTP_URL is set. The
 * mailbox page (/_mail, outside production) lists it.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { seller } from "./schema-catalogue.ts";

export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** order_confirmation | passcode | password_reset | resend | ... */
    kind: text("kind").notNull(),
    /** The id of what the mail is about (ticket order, identity, ...). */
    relatedId: text("related_id"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Inline images: [{ cid, filename, contentType, base64 }]. */
    attachments: jsonb("attachments")
      .$type<{ cid: string; filename: string; contentType: string; base64: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** queued | sending (claimed; sent_at is the claim time) | sent | failed | kept (no SMTP configured: the mailbox page is the delivery) */
    state: text("state").notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
  },
  (t) => [index("outbox_state_idx").on(t.state, t.createdAt), index("outbox_to_idx").on(t.toAddress)],
);
