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
import { basisPointsToPercentString, toMoneyString } from "../../../domain/money.ts";
import type * as s from "../../db/schema.ts";

type Sel<T extends { $inferSelect: unknown }> = T["$inferSelect"];

/** Minor units -> "25.00" in the currency's places ("2.500" in KWD), null stays null. */
export function moneyOrNull(minor: number | null | undefined, currency: string): string | null {
  return minor == null ? null : toMoneyString(minor, currency);
}

export function serializeSeller(r: Sel<typeof s.seller>): Seller {
  return { id: r.id, slug: r.slug, name: r.name, timezone: r.timezone, currency_code: r.currencyCode };
}

export function serializeVenue(r: Sel<typeof s.venue>): Venue {
  return { id: r.id, name: r.name, timezone: r.timezone, address: r.address };
}

/** One row per key (the original API's shape); the row id is `{meta id}:{key}`. */
export function serializeMeta(r: Sel<typeof s.meta>): Meta[] {
  return Object.entries(r.data).map(([metakey, value]) => ({
    id: `${r.id}:${metakey}`,
    resource: r.resource,
    resource_id: r.resourceId,
    metakey,
    value,
  }));
}

export function serializeConfig(r: Sel<typeof s.config>): ConfigEntry {
  return { id: r.id, resource: r.resource, resource_id: r.resourceId, key: r.key, value: r.value };
}

export function serializeEvent(r: Sel<typeof s.eventTemplate>): EventTemplate {
  return {
    id: r.id,
    seller_id: r.sellerId,
    venue_id: r.venueId,
    name: r.name,
    subtitle: r.subtitle,
    summary: r.summary,
    description: r.description,
    category: r.category,
    event_type: r.eventType as EventTemplate["event_type"],
    hidden_type: r.hiddenType as EventTemplate["hidden_type"],
    _rank: r.rank,
  };
}

export function serializeGroup(r: Sel<typeof s.ticketGroup>): TicketGroup {
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
  r: Sel<typeof s.ticketType>,
  /** `currency`: the seller's, whose places the money strings have ("2.500" in KWD). */
  options: { currency: string; tier?: string | null; discounted?: number | null },
): TicketType {
  const { currency } = options;
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

export function serializeMessageRule(r: Sel<typeof s.messageRule>): MessageRule {
  return {
    id: r.id,
    event_template_id: r.eventTemplateId,
    _rank: r.rank,
    actions: r.actions as MessageRule["actions"],
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
