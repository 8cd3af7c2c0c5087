/**
 * What a seller sells and how: sellers, venues, events, sessions, ticket groups and types, seats,
 * meta and config, message and membership rules, codes and ledgers (gift cards). Money is integer
 * minor units; percentages are basis points. Ids are text so demo data can use readable ids and
 * production can use UUIDs.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import type { ContentTranslations } from "../../domain/content-language.ts";

/**
 * A catalogue row's texts in the tenant's other languages, by language: only the fields given
 * (name, subtitle, summary, description; an event's category label); the row's own columns are the
 * default language's.
 */
export type { ContentTranslations };

export const seller = pgTable("seller", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  timezone: text("timezone").notNull(),
  currencyCode: text("currency_code").notNull(),
});

export const venue = pgTable("venue", {
  id: text("id").primaryKey(),
  sellerId: text("seller_id")
    .notNull()
    .references(() => seller.id),
  name: text("name").notNull(),
  timezone: text("timezone").notNull(),
  address: text("address"),
  /** Its name and address in the tenant's other languages: `{ "en": { "name": … } }`. */
  translations: jsonb("translations").$type<Partial<Record<string, { name?: string; address?: string }>>>(),
  /** WGS 84 degrees, for a wallet pass's location; null when unknown. */
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
});

export const eventTemplate = pgTable(
  "event_template",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    venueId: text("venue_id")
      .notNull()
      .references(() => venue.id),
    name: text("name").notNull(),
    subtitle: text("subtitle"),
    summary: text("summary"),
    description: text("description"),
    category: text("category"),
    /**
     * The catalogue's words in other languages: `{ "es": { "name": …, "summary": … } }`, each field
     * falling back to the column (the default language's).
     */
    translations: jsonb("translations").$type<ContentTranslations>(),
    /** single | repeating | other */
    eventType: text("event_type").notNull(),
    /** public_browsable | public_link_only | public_member_only */
    hiddenType: text("hidden_type").notNull(),
    rank: integer("rank").notNull().default(0),
    /** Set when the catalogue no longer has it but tickets do: no longer sold, never deleted. */
    retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("event_template_seller_idx").on(t.sellerId)],
);

/** Key-value metadata of a resource (event_template, ticket_group, seller), one row per resource. */
export const meta = pgTable(
  "meta",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    resource: text("resource").notNull(),
    resourceId: text("resource_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex("meta_resource_idx").on(t.resource, t.resourceId)],
);

/** Configuration entries keyed by dotted key (web.price_display, web.session_picker_tabs, ...). */
export const config = pgTable(
  "config",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    resource: text("resource").notNull(),
    resourceId: text("resource_id").notNull(),
    key: text("key").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
  },
  (t) => [uniqueIndex("config_resource_key_idx").on(t.resourceId, t.key)],
);

export const ticketGroup = pgTable(
  "ticket_group",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    eventTemplateId: text("event_template_id")
      .notNull()
      .references(() => eventTemplate.id),
    name: text("name").notNull(),
    description: text("description"),
    /** The group's words in other languages (as event_template.translations). */
    translations: jsonb("translations").$type<ContentTranslations>(),
    /** passes | codes | seated | membership | tickets | ledger | donation */
    handler: text("handler").notNull(),
    hiddenType: text("hidden_type").notNull(),
    /** fixedfrom | fixedto | null */
    startPolicy: text("start_policy"),
    startPolicyDate: timestamp("start_policy_date", { withTimezone: true, mode: "date" }),
    /** ISO-8601 duration such as P1Y for memberships and flexible tickets */
    durationNew: text("duration_new"),
    minTicketsPerOrder: integer("min_tickets_per_order"),
    maxTicketsPerOrder: integer("max_tickets_per_order"),
    /** -1 is unlimited */
    capacity: integer("capacity").notNull().default(-1),
    oversellCapacity: integer("oversell_capacity").notNull().default(0),
    usedCapacity: integer("used_capacity").notNull().default(0),
    excludeFromEventCapacity: boolean("exclude_from_event_capacity").notNull().default(false),
    color: text("color"),
    additionalInfoSpec: jsonb("additional_info_spec").$type<Record<string, unknown>>(),
    rank: integer("rank").notNull().default(0),
    /** Set when the catalogue no longer has it but tickets do: no longer sold, never deleted. */
    retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("ticket_group_event_idx").on(t.eventTemplateId)],
);

export const ticketType = pgTable(
  "ticket_type",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    ticketGroupId: text("ticket_group_id")
      .notNull()
      .references(() => ticketGroup.id),
    name: text("name").notNull(),
    description: text("description"),
    summary: text("summary"),
    /** The type's words in other languages (as event_template.translations). */
    translations: jsonb("translations").$type<ContentTranslations>(),
    rank: integer("rank").notNull().default(0),
    currencyAmount: integer("currency_amount").notNull(),
    currencyAmountMin: integer("currency_amount_min"),
    currencyAmountMax: integer("currency_amount_max"),
    /** Fixed fee added on top of the price, minor units. */
    feeFixedOutside: integer("fee_fixed_outside").notNull().default(0),
    /** Percent fee added on top of the price, in basis points (250 = 2.5 %). */
    feePercentOutside: integer("fee_percent_outside").notNull().default(0),
    /** Prices per session price tier, e.g. { "peak": 2600 }. */
    tierAmounts: jsonb("tier_amounts").$type<Record<string, number>>(),
    /** Set when the catalogue no longer has it but tickets do: no longer sold, never deleted. */
    retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("ticket_type_group_idx").on(t.ticketGroupId)],
);

export const eventSession = pgTable(
  "event_session",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    eventTemplateId: text("event_template_id")
      .notNull()
      .references(() => eventTemplate.id),
    startDatetime: timestamp("start_datetime", { withTimezone: true, mode: "date" }).notNull(),
    endDatetime: timestamp("end_datetime", { withTimezone: true, mode: "date" }).notNull(),
    /** -1 is unlimited */
    capacity: integer("capacity").notNull().default(-1),
    usedCapacity: integer("used_capacity").notNull().default(0),
    oversellCapacity: integer("oversell_capacity").notNull().default(0),
    /**
     * Tickets of the session scanned in at the gate (state redeemed), kept by whatever redeems them
     * (gate scanning is outside the storefront); read by API clients as `redeemed_count`.
     */
    redeemedCount: integer("redeemed_count").notNull().default(0),
    /**
     * Places given back while people were waiting on the session's list: still counted in
     * used_capacity, so nobody else can take them, until an offer takes them (a held cart) or
     * nobody waits any more (services/waiting-list/offers.ts).
     */
    waitingListPlaces: integer("waiting_list_places").notNull().default(0),
    /** Closed by the operator regardless of capacity. */
    soldOut: boolean("sold_out").notNull().default(false),
    /** Selects ticket_type.tier_amounts (peak, off_peak); null uses the base price. */
    priceTier: text("price_tier"),
    /**
     * The capacity the catalogue's schedule gave when it was last applied: a capacity that differs
     * from it was set by staff for this session, and an apply keeps it.
     */
    plannedCapacity: integer("planned_capacity"),
    /** Set when the catalogue no longer has it but tickets do: no longer sold, never deleted. */
    retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("event_session_event_start_idx").on(t.eventTemplateId, t.startDatetime)],
);

export const messageRule = pgTable("message_rule", {
  id: text("id").primaryKey(),
  sellerId: text("seller_id")
    .notNull()
    .references(() => seller.id),
  eventTemplateId: text("event_template_id")
    .notNull()
    .references(() => eventTemplate.id),
  rank: integer("rank").notNull().default(0),
  /** { date_message?, date_annotation?, session_message?, session_annotation?, quantity_message? } */
  actions: jsonb("actions").$type<Record<string, string>>().notNull(),
  /** { dateOrSession?: {...}, quantity?: {...} } */
  triggers: jsonb("triggers").$type<Record<string, unknown>>().notNull(),
  /** The actions' texts in the tenant's other languages: `{ "es": { "date_message": … } }`. */
  translations: jsonb("translations").$type<Partial<Record<string, Record<string, string>>>>(),
});

export const seatMap = pgTable("seat_map", {
  id: text("id").primaryKey(),
  sellerId: text("seller_id")
    .notNull()
    .references(() => seller.id),
  eventTemplateId: text("event_template_id")
    .notNull()
    .references(() => eventTemplate.id),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  otherElements: jsonb("other_elements").$type<unknown[]>().notNull(),
});

export const seatTemplate = pgTable(
  "seat_template",
  {
    id: text("id").primaryKey(),
    seatMapId: text("seat_map_id")
      .notNull()
      .references(() => seatMap.id),
    name: text("name").notNull(),
    x: integer("x").notNull(),
    y: integer("y").notNull(),
    radius: integer("radius").notNull(),
    previousId: text("previous_id"),
    nextId: text("next_id"),
    ticketGroupIds: jsonb("ticket_group_ids").$type<string[]>().notNull(),
    /** Permanently unavailable (e.g. a pillar or a house seat). */
    unavailable: boolean("unavailable").notNull().default(false),
  },
  (t) => [index("seat_template_map_idx").on(t.seatMapId)],
);

/** A seat taken in one session; absence means available. */
export const sessionSeat = pgTable(
  "session_seat",
  {
    eventSessionId: text("event_session_id")
      .notNull()
      .references(() => eventSession.id),
    seatTemplateId: text("seat_template_id")
      .notNull()
      .references(() => seatTemplate.id),
    /** booked | held */
    state: text("state").notNull(),
  },
  (t) => [uniqueIndex("session_seat_pk").on(t.eventSessionId, t.seatTemplateId)],
);

export const membershipRule = pgTable("membership_rule", {
  id: text("id").primaryKey(),
  sellerId: text("seller_id")
    .notNull()
    .references(() => seller.id),
  ticketTypeId: text("ticket_type_id")
    .notNull()
    .references(() => ticketType.id),
  ticketGroupId: text("ticket_group_id")
    .notNull()
    .references(() => ticketGroup.id),
  partyRole: text("party_role").notNull(),
  /** yes | no | other */
  named: text("named").notNull(),
  min: integer("min").notNull().default(0),
  max: integer("max").notNull().default(0),
});

/** Promo codes, CityPASS-style vouchers and gift-of-membership codes. */
export const code = pgTable(
  "code",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    /** Stored upper-case; lookups are case-insensitive. */
    code: text("code").notNull(),
    /** promo | voucher | gift_membership */
    kind: text("kind").notNull(),
    description: text("description"),
    advertise: boolean("advertise").notNull().default(false),
    validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }),
    validTo: timestamp("valid_to", { withTimezone: true, mode: "date" }),
    /** -1 is unlimited */
    maxUses: integer("max_uses").notNull().default(-1),
    uses: integer("uses").notNull().default(0),
    /** { percent_off?: basis points, amount_off?: minor, ticket_type_ids?: string[], unlocks_ticket_group_ids?: string[] } */
    benefit: jsonb("benefit").$type<Record<string, unknown>>().notNull(),
    /** Gift of membership: the order that bought it, and the cart and order that redeemed it. */
    sourceOrderId: text("source_order_id"),
    redeemedCartId: text("redeemed_cart_id"),
    redeemedOrderId: text("redeemed_order_id"),
  },
  (t) => [uniqueIndex("code_seller_code_idx").on(t.sellerId, t.code)],
);

/** Stored-value ledgers such as gift cards. */
export const ledger = pgTable(
  "ledger",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => seller.id),
    type: text("type").notNull(),
    number: text("number").notNull(),
    balance: integer("balance").notNull(),
    /** active | inactive */
    state: text("state").notNull(),
  },
  (t) => [uniqueIndex("ledger_number_idx").on(t.sellerId, t.type, t.number)],
);
