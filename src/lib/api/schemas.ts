/**
 * The ticketing API contract as zod schemas: the single source of the resource shapes that the
 * embedded server sends and that SSR pages and islands read. Field names are the API's (snake_case).
 * Money leaves the API as decimal strings with the seller's currency's own places ("25.00" in USD,
 * "2.500" in KWD, "1500" in JPY); inside the server it is integer minor units (see
 * src/lib/domain/money.ts).
 */
import { z } from "zod";

/** No places (JPY), two (USD) or three (KWD): which one a currency has, the server checks. */
export const moneyString = z.string().regex(/^-?\d+(?:\.\d{2,3})?$/);
export const isoDateTime = z.string(); // ISO-8601 with offset, e.g. 2026-11-22T15:00:00.000Z
export const hiddenType = z.enum(["public_browsable", "public_link_only", "public_member_only"]);
export const handler = z.enum(["passes", "codes", "seated", "membership", "tickets", "ledger", "donation"]);

export const sellerResource = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  currency_code: z.string(),
});

export const venueResource = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
});

/**
 * Meta in the original API's shape: one row per key of a resource. Readers fold the rows of a
 * resource into one object with foldMeta (api/meta.ts).
 */
export const metaResource = z.object({
  id: z.string(),
  resource: z.string(),
  resource_id: z.string(),
  metakey: z.string(),
  value: z.unknown(),
});

/** Well-known event_template meta keys (all optional). */
export const eventMetaData = z.object({
  reserve_flow: z.enum(["date_first", "quantity_first", "single", "one_ticket", "membership"]).optional(),
  ticket_date_time: z.string().optional(),
  pad_pre_start: z.number().optional(),
  pad_post_end: z.number().optional(),
  tickets_must_match_anchor_tickets: z.boolean().optional(),
  is_anchor: z.boolean().optional(),
  requires_anchor: z.boolean().optional(),
  hide_event_details: z.boolean().optional(),
  /** The custom identity fields its buyers give: see domain/identity-custom-fields.ts parseIdentityForm. */
  identity_form: z.unknown().optional(),
  image_profile: z.string().optional(),
  image_profile_alt: z.string().optional(),
  image_cover: z.string().optional(),
  image_cover_alt: z.string().optional(),
  image_profile_no_crop: z.boolean().optional(),
  image_cover_no_crop: z.boolean().optional(),
});

export const configResource = z.object({
  id: z.string(),
  resource: z.string(),
  resource_id: z.string(),
  key: z.string(),
  value: z.unknown(),
});

export const eventTemplateResource = z.object({
  id: z.string(),
  seller_id: z.string(),
  venue_id: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  /** The category in the call's language, when the event gives one (the filter stays `category`). */
  category_label: z.string().optional(),
  event_type: z.enum(["single", "repeating", "other"]),
  hidden_type: hiddenType,
  _rank: z.number(),
});

export const ticketGroupResource = z.object({
  id: z.string(),
  event_template_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  handler,
  hidden_type: hiddenType,
  start_policy: z.enum(["fixedfrom", "fixedto"]).nullable(),
  start_policy_date: isoDateTime.nullable(),
  duration_new: z.string().nullable(),
  min_tickets_per_order: z.number().int().nullable(),
  max_tickets_per_order: z.number().int().nullable(),
  /** -1 is unlimited */
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  used_capacity: z.number().int(),
  exclude_from_event_capacity: z.boolean(),
  color: z.string().nullable(),
  sold_out: z.boolean(),
  additional_info_spec: z.record(z.string(), z.unknown()).nullable(),
  _rank: z.number(),
});

export const outsideFee = z.object({
  type: z.enum(["fee_fixed_outside", "fee_percent_outside"]),
  /** fixed: money string; percent: a percentage string such as "2.50" */
  fee: z.string(),
});

export const ticketTypeResource = z.object({
  id: z.string(),
  ticket_group_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  summary: z.string().nullable(),
  _rank: z.number(),
  currency_amount: moneyString,
  currency_amount_min: moneyString.nullable(),
  currency_amount_max: moneyString.nullable(),
  discounted_amount: moneyString.nullable(),
  outside_fees: z.array(outsideFee),
});

export const eventSessionResource = z.object({
  id: z.string(),
  event_template_id: z.string(),
  start_datetime: isoDateTime,
  end_datetime: isoDateTime,
  /** -1 is unlimited */
  capacity: z.number().int(),
  used_capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  /** capacity + oversell - used, or -1 when unlimited */
  available_capacity: z.number().int(),
  sold_out: z.boolean(),
  price_tier: z.string().nullable(),
  /** Places taken (sold and held), as the original API's clients read it. */
  sold_quantity: z.number().int(),
  /** Tickets scanned at the door; Foyer does not scan, so 0. */
  redeemed_count: z.number().int(),
  /** The oversell allowance is used up as well (capacity + oversell_capacity taken). */
  oversold_out: z.boolean(),
  /**
   * Spec 1 §9: the session is all day (its repeating event's only session that local date, longer
   * than five hours). Sent in cart answers, which carry no list of the date's sessions.
   */
  all_day: z.boolean().optional(),
});

export const messageRuleResource = z.object({
  id: z.string(),
  event_template_id: z.string(),
  _rank: z.number(),
  actions: z.object({
    date_message: z.string().optional(),
    date_annotation: z.string().optional(),
    session_message: z.string().optional(),
    session_annotation: z.string().optional(),
    quantity_message: z.string().optional(),
  }),
  triggers: z.object({
    dateOrSession: z
      .object({
        dateInterval: z.object({ start: z.string().optional(), end: z.string().optional() }).optional(),
        /** 0 = Sunday ... 6 = Saturday */
        weekdays: z.array(z.number().int().min(0).max(6)).optional(),
        time_of_day: z.object({ start: z.string().optional(), end: z.string().optional() }).optional(),
      })
      .optional(),
    quantity: z
      .object({
        min: z.number().int().optional(),
        max: z.number().int().optional(),
        ticket_type_ids: z.array(z.string()).optional(),
        ticket_type_names: z.array(z.string()).optional(),
        ticket_group_ids: z.array(z.string()).optional(),
        ticket_group_names: z.array(z.string()).optional(),
      })
      .optional(),
  }),
});

/** The calendar's statuses: the set the original API uses. */
export const calendarStatus = z.enum(["available", "sold_out", "unreleased"]);

export const calendarDayResource = z.object({
  date: z.string(), // YYYY-MM-DD in the venue's time zone
  status: calendarStatus,
  available: z.number().int(), // -1 unlimited
  /** Lowest ticket price on the day (price or extended format). */
  min_price: moneyString.nullable(),
  /** Lowest of (price + outside fees) over the fixed-price types on the day. */
  min_price_fees: moneyString.nullable(),
  price: moneyString.nullable(),
  /** extended format only: per ticket group availability */
  ticket_groups: z
    .array(z.object({ ticket_group_id: z.string(), available: z.number().int(), sold_out: z.boolean() }))
    .optional(),
});

export const seatMapResource = z.object({
  id: z.string(),
  event_template_id: z.string(),
  map_geometry: z
    .object({ width: z.number(), height: z.number(), other_elements: z.array(z.unknown()) })
    .optional(),
});

export const seatResource = z.object({
  id: z.string(),
  seat_template_id: z.string(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  radius: z.number(),
  state: z.enum(["available", "booked", "unavailable"]),
  previous_id: z.string().nullable(),
  next_id: z.string().nullable(),
  ticket_group_ids: z.array(z.string()),
});

export const membershipRuleResource = z.object({
  id: z.string(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  party_role: z.string(),
  named: z.enum(["yes", "no", "other"]),
  min: z.number().int(),
  max: z.number().int(),
});

export const codeResource = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(["promo", "voucher", "gift_membership"]),
  description: z.string().nullable(),
  valid_from: isoDateTime.nullable(),
  valid_to: isoDateTime.nullable(),
  exhausted: z.boolean(),
});

export const priceScheduleResource = z.object({
  event_session_id: z.string(),
  ticket_type_id: z.string(),
  currency_amount: moneyString,
});

/** The read envelope: { [resource]: { _count, _data } }. */
export const collection = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ _count: z.number().int(), _data: z.array(item) });

/** GET events/{id}/calendar without `_format`: the original API's map of date to status. */
export const calendarStatusMap = z.object({ calendar: z.record(z.string(), calendarStatus) });

/** events/{id}/calendar with `_format=extended` or `_format=price`: one row per venue-local date. */
export const calendarRows = z.object({ calendar: collection(calendarDayResource) });

export const apiErrorBody = z.object({
  _data: z.array(
    z.object({
      _code: z.string(),
      _context: z.string(),
      _description: z.string(),
      _extra: z.record(z.string(), z.unknown()),
    }),
  ),
});

export type Seller = z.infer<typeof sellerResource>;
export type Venue = z.infer<typeof venueResource>;
export type Meta = z.infer<typeof metaResource>;
export type EventMeta = z.infer<typeof eventMetaData>;
export type ConfigEntry = z.infer<typeof configResource>;
export type EventTemplate = z.infer<typeof eventTemplateResource>;
export type TicketGroup = z.infer<typeof ticketGroupResource>;
export type TicketType = z.infer<typeof ticketTypeResource>;
export type EventSession = z.infer<typeof eventSessionResource>;
export type MessageRule = z.infer<typeof messageRuleResource>;
export type CalendarDay = z.infer<typeof calendarDayResource>;
export type SeatMap = z.infer<typeof seatMapResource>;
export type Seat = z.infer<typeof seatResource>;
export type MembershipRule = z.infer<typeof membershipRuleResource>;
export type Code = z.infer<typeof codeResource>;
export type PriceSchedule = z.infer<typeof priceScheduleResource>;
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
