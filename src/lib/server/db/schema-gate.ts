/**
 * The gate's tables. A ticket is admitted once: `ticket_admission` has one row per admitted ticket
 * (its primary key is the ticket), so two gates admitting the same ticket at the same moment give
 * one row and one "already admitted". Every scan, online or synced from an offline gate, is a
 * `gate_scan` row keyed by the id the gate gave it, so a scan sent twice is recorded once. An
 * offline admission the server had already given to another scan is kept as a conflict, for the
 * back office to see, never dropped.
 */

import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ticket } from "./schema-cart.ts";
import { seller } from "./schema-catalogue.ts";

export const ticketAdmission = pgTable(
  "ticket_admission",
  {
    ticketId: text("ticket_id")
      .primaryKey()
      .references(() => ticket.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** Null for a pass (a flexible ticket). */
    eventSessionId: text("event_session_id"),
    /** When the gate scanned it (an offline gate's own clock, as it synced). */
    admittedAt: timestamp("admitted_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The gate's name, as its staff member set it ("North gate"). */
    gate: text("gate").notNull(),
    /** staff | api_key, and who. */
    actorKind: text("actor_kind").notNull(),
    actorId: text("actor_id").notNull(),
    /** The gate_scan that admitted it. */
    scanId: text("scan_id").notNull(),
    /** Admitted although not for today or this session: staff chose to (logged). */
    overridden: boolean("overridden").notNull().default(false),
  },
  (t) => [index("ticket_admission_session_idx").on(t.eventSessionId)],
);

export const gateScan = pgTable(
  "gate_scan",
  {
    /** Given by the gate (a UUID), so a scan synced twice is one row. */
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    actorKind: text("actor_kind").notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    gate: text("gate").notNull(),
    /** What the code was found to be: a ticket, a membership, or neither (both null). */
    ticketId: text("ticket_id"),
    membershipId: text("membership_id"),
    /** The verdict's kind (domain/gate/verdict.ts) and light. */
    verdict: text("verdict").notNull(),
    light: text("light").notNull(),
    /** When the gate scanned (its own clock) and when the server recorded it. */
    scannedAt: timestamp("scanned_at", { withTimezone: true, mode: "date" }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull(),
    offline: boolean("offline").notNull().default(false),
    /** An offline gate admitted a ticket the server had already admitted from another scan. */
    conflict: boolean("conflict").notNull().default(false),
  },
  (t) => [
    index("gate_scan_seller_recorded_idx").on(t.sellerId, t.recordedAt),
    index("gate_scan_conflict_idx").on(t.sellerId, t.recordedAt).where(sql`${t.conflict}`),
  ],
);
