/**
 * Serializers from db rows to the API resources of src/lib/api/schemas.ts (snake_case, money as
 * "25.00" strings, -1 unlimited capacities).
 */
import type {
  Code,
  ConfigEntry,
  EventSession,
  EventTemplate,
  MembershipRule,
  MessageRule,
  Meta,
  Seller,
  TicketGroup,
  TicketType,
  Venue,
} from "../../../api/schemas.ts";
import { availableCapacity, isSoldOut } from "../../../domain/availability.ts";
import { inLanguage } from "../../../domain/content-language.ts";
import { basisPointsToPercentString, toMoneyString } from "../../../domain/money.ts";
import type * as s from "../../db/schema.ts";

type Sel<T extends { $inferSelect: unknown }> = T["$inferSelect"];

/**
 * The call's language (DESIGN §13): the texts of a catalogue row in it, each falling back to the
 * default language's column; absent (or the default language) gives the columns as they are.
 */
export interface InLanguage {
  language?: string | null | undefined;
}

/** Minor units -> "25.00" in the currency's places ("2.500" in KWD), null stays null. */
export function moneyOrNull(minor: number | null | undefined, currency: string): string | null {
  return minor == null ? null : toMoneyString(minor, currency);
}

export function serializeSeller(r: Sel<typeof s.seller>): Seller {
  return { id: r.id, slug: r.slug, name: r.name, timezone: r.timezone, currency_code: r.currencyCode };
}

export function serializeVenue(r: Sel<typeof s.venue>, options: InLanguage = {}): Venue {
  // The call's language's name and address where the venue gives them, else the default's.
  const own = options.language ? r.translations?.[options.language] : undefined;
  return {
    id: r.id,
    name: own?.name || r.name,
    timezone: r.timezone,
    address: own?.address || r.address,
  };
}

/** A seller's thank-you texts in other languages (catalogue settings.completed_order.translations). */
const COMPLETED_TRANSLATIONS = "completed_order_translations";
const COMPLETED_FIELDS = { message: "completed_order_message", links: "completed_order_links" } as const;

/**
 * A meta row's data in the call's language: the thank-you message and links are the language's
 * where it gives them; the translations themselves are never answered (the answer is one language's).
 */
function metaInLanguage(
  data: Record<string, unknown>,
  language: string | null | undefined,
): Record<string, unknown> {
  if (!(COMPLETED_TRANSLATIONS in data)) return data;
  const { [COMPLETED_TRANSLATIONS]: translations, ...rest } = data;
  const own = language
    ? (translations as Record<string, Record<string, unknown> | undefined>)?.[language]
    : undefined;
  for (const [field, key] of Object.entries(COMPLETED_FIELDS)) {
    if (own?.[field] !== undefined && key in rest) rest[key] = own[field];
  }
  return rest;
}

/** One row per key (the original API's shape); the row id is `{meta id}:{key}`. */
export function serializeMeta(r: Sel<typeof s.meta>, options: InLanguage = {}): Meta[] {
  return Object.entries(metaInLanguage(r.data, options.language)).map(([metakey, value]) => ({
    id: `${r.id}:${metakey}`,
    resource: r.resource,
    resource_id: r.resourceId,
    metakey,
    value,
  }));
}

/**
 * A config value in the call's language: a value with `translations` (the price display's prefix)
 * takes the language's fields over its own; the translations themselves are never answered.
 */
function configInLanguage(value: unknown, language: string | null | undefined): unknown {
  if (typeof value !== "object" || value === null || !("translations" in value)) return value;
  const { translations, ...rest } = value as Record<string, unknown>;
  const own = language
    ? (translations as Record<string, Record<string, unknown> | undefined>)?.[language]
    : undefined;
  return { ...rest, ...own };
}

export function serializeConfig(r: Sel<typeof s.config>, options: InLanguage = {}): ConfigEntry {
  return {
    id: r.id,
    resource: r.resource,
    resource_id: r.resourceId,
    key: r.key,
    value: configInLanguage(r.value, options.language),
  };
}

export function serializeEvent(row: Sel<typeof s.eventTemplate>, options: InLanguage = {}): EventTemplate {
  const r = inLanguage(row, row.translations, options.language);
  const label = options.language ? row.translations?.[options.language]?.category : undefined;
  return {
    id: r.id,
    seller_id: r.sellerId,
    venue_id: r.venueId,
    name: r.name,
    subtitle: r.subtitle,
    summary: r.summary,
    description: r.description,
    category: r.category,
    // The category stays the filter value (it is in the listing's addresses); its label is the language's.
    ...(label ? { category_label: label } : {}),
    event_type: r.eventType as EventTemplate["event_type"],
    hidden_type: r.hiddenType as EventTemplate["hidden_type"],
    _rank: r.rank,
  };
}

export function serializeGroup(row: Sel<typeof s.ticketGroup>, options: InLanguage = {}): TicketGroup {
  const r = inLanguage(row, row.translations, options.language);
  return {
    id: r.id,
    event_template_id: r.eventTemplateId,
    name: r.name,
    description: r.description,
    handler: r.handler as TicketGroup["handler"],
    hidden_type: r.hiddenType as TicketGroup["hidden_type"],
    start_policy: (r.startPolicy as TicketGroup["start_policy"]) ?? null,
    start_policy_date: r.startPolicyDate?.toISOString() ?? null,
    duration_new: r.durationNew,
    min_tickets_per_order: r.minTicketsPerOrder,
    max_tickets_per_order: r.maxTicketsPerOrder,
    capacity: r.capacity,
    oversell_capacity: r.oversellCapacity,
    used_capacity: r.usedCapacity,
    exclude_from_event_capacity: r.excludeFromEventCapacity,
    color: r.color,
    sold_out: isSoldOut(r),
    additional_info_spec: r.additionalInfoSpec ?? null,
    _rank: r.rank,
  };
}

/** The price of a ticket type for a session price tier (the base price without a tier). */
export function tierPrice(r: Sel<typeof s.ticketType>, tier: string | null | undefined): number {
  return (tier ? r.tierAmounts?.[tier] : undefined) ?? r.currencyAmount;
}

export function serializeTicketType(
  row: Sel<typeof s.ticketType>,
  /** `currency`: the seller's, whose places the money strings have ("2.500" in KWD). */
  options: { currency: string; tier?: string | null; discounted?: number | null } & InLanguage,
): TicketType {
  const { currency } = options;
  const r = inLanguage(row, row.translations, options.language);
  const outside: TicketType["outside_fees"] = [];
  if (r.feeFixedOutside) {
    outside.push({ type: "fee_fixed_outside", fee: toMoneyString(r.feeFixedOutside, currency) });
  }
  if (r.feePercentOutside) {
    outside.push({ type: "fee_percent_outside", fee: basisPointsToPercentString(r.feePercentOutside) });
  }
  return {
    id: r.id,
    ticket_group_id: r.ticketGroupId,
    name: r.name,
    description: r.description,
    summary: r.summary,
    _rank: r.rank,
    currency_amount: toMoneyString(tierPrice(r, options.tier), currency),
    currency_amount_min: moneyOrNull(r.currencyAmountMin, currency),
    currency_amount_max: moneyOrNull(r.currencyAmountMax, currency),
    discounted_amount: moneyOrNull(options.discounted, currency),
    outside_fees: outside,
  };
}

export function serializeSession(r: Sel<typeof s.eventSession>, soldOutOverride?: boolean): EventSession {
  return {
    id: r.id,
    event_template_id: r.eventTemplateId,
    start_datetime: r.startDatetime.toISOString(),
    end_datetime: r.endDatetime.toISOString(),
    capacity: r.capacity,
    used_capacity: r.usedCapacity,
    oversell_capacity: r.oversellCapacity,
    available_capacity: availableCapacity(r),
    sold_out: soldOutOverride ?? isSoldOut(r),
    price_tier: r.priceTier,
    sold_quantity: r.usedCapacity,
    redeemed_count: r.redeemedCount,
    oversold_out: r.capacity >= 0 && r.usedCapacity >= r.capacity + r.oversellCapacity,
  };
}

export function serializeMessageRule(r: Sel<typeof s.messageRule>, options: InLanguage = {}): MessageRule {
  // The call's language's words where the rule gives them, each falling back to the default's.
  const own = options.language ? r.translations?.[options.language] : undefined;
  return {
    id: r.id,
    event_template_id: r.eventTemplateId,
    _rank: r.rank,
    actions: (own ? { ...r.actions, ...own } : r.actions) as MessageRule["actions"],
    triggers: r.triggers as MessageRule["triggers"],
  };
}

export function serializeMembershipRule(r: Sel<typeof s.membershipRule>): MembershipRule {
  return {
    id: r.id,
    ticket_type_id: r.ticketTypeId,
    ticket_group_id: r.ticketGroupId,
    party_role: r.partyRole,
    named: r.named as MembershipRule["named"],
    min: r.min,
    max: r.max,
  };
}

export function serializeCode(r: Sel<typeof s.code>): Code {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind as Code["kind"],
    description: r.description,
    valid_from: r.validFrom?.toISOString() ?? null,
    valid_to: r.validTo?.toISOString() ?? null,
    exhausted: r.maxUses >= 0 && r.uses >= r.maxUses,
  };
}
