/**
 * The on-sale waiting rooms' line, in the database so every server sees one line. A room is a
 * tenant's `web.waiting_room` entry, keyed by the events it guards (domain/waiting-room/rules.ts
 * roomKey). `waiting_room_state` is what staff change (paused, the rate) and the admission pass's
 * bookkeeping (its credit, when it last counted); `waiting_room_visitor` is one shopper in the line:
 * when they came, their random key (the order of everyone who came before the on-sale), their rank
 * (their place in the line's order, given by the admission pass once the line is open), and when
 * they were let in and until when they may stay. Those let in are always ranks 1 to
 * `admitted_through`, so a shopper's place is their rank less it: no counting per question.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { seller } from "./schema-catalogue.ts";

export const waitingRoomState = pgTable(
  "waiting_room_state",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    roomKey: text("room_key").notNull(),
    paused: boolean("paused").notNull().default(false),
    /** Staff's rate (per minute) over the tenant file's; null: the file's. */
    rateOverride: integer("rate_override"),
    credit: doublePrecision("credit").notNull().default(0),
    countedAt: timestamp("counted_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The highest rank given: visitors ranked so far. */
    rankedThrough: integer("ranked_through").notNull().default(0),
    /** The highest rank let in: everyone ranked up to it has been. */
    admittedThrough: integer("admitted_through").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.roomKey] })],
);

export const waitingRoomVisitor = pgTable(
  "waiting_room_visitor",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    roomKey: text("room_key").notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true, mode: "date" }).notNull(),
    randomKey: text("random_key").notNull(),
    /** The place in the line's order from 1 (domain/waiting-room/rules.ts); null until ranked. */
    lineRank: integer("line_rank"),
    admittedAt: timestamp("admitted_at", { withTimezone: true, mode: "date" }),
    /** The end of the admitted shopper's stay. */
    leavesAt: timestamp("leaves_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("waiting_room_line_rank_idx").on(t.sellerId, t.roomKey, t.lineRank)],
);
