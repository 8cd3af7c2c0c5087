/**
 * The event detail page's data and the reserve island's props built from it. The loader that reads
 * the data is the door's (server/page-data/events/event-detail.ts); this module reads nothing.
 */

import { z } from "zod";
import type {
  ReserveFlow,
  ReserveGroup,
  ReserveIslandProps,
  ReserveType,
} from "../../islands/reserve/props.ts";
import { configOf, type eventListEnvelope, metaOf, ticketTypesOf, venueOf } from "../api/envelopes.ts";
import type { EventTemplate, TicketGroup, TicketType } from "../api/schemas.ts";
import { addOnRuleOf } from "../domain/add-on-offer.ts";
import { admitMode } from "../domain/admit-fields.ts";
import { flexibleBounds } from "../domain/flexible-price.ts";
import { memberMayBuyGroup } from "../domain/member-roles.ts";
import { type RemainingBenefit, remainingForType } from "../domain/membership/benefits.ts";
import type { FormRule } from "../domain/membership/form.ts";
import type { RenewalNotice } from "../domain/membership/renewal.ts";
import { apiMoneyMinor } from "../domain/money.ts";
import { includesFees, isFlexiblePrice, outsideFeesOf } from "../domain/price-display.ts";
import { listIsOn } from "../domain/waiting-list/rules.ts";
import type { Role } from "../tenant/blocks.ts";
import type { Tenant } from "../tenant/schema.ts";
import { reserveStrings } from "../tenant/strings.ts";

type EventEnvelope = z.infer<typeof eventListEnvelope>;

export const EVENT_ACTIONS = ["gift", "renew"] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** What the event detail page shows: the event read, and the visitor's side of it. */
export interface EventDetailData {
  tenant: Tenant;
  envelope: EventEnvelope;
  event: EventTemplate;
  groups: TicketGroup[];
  action: EventAction | undefined;
  /** Content blocks' role: logged_in for any logged-in visitor. */
  viewerRole: Role;
  /** The roles of the visitor's current memberships: they open members-only groups (spec 1 §6). */
  memberRoles: string[];
  /** 'expired' or 'expires' before the event's first date (spec 1 §6), else null. */
  renewal: RenewalNotice | null;
  /** The member's remaining benefits per pool (empty: no limit). */
  memberBenefits: RemainingBenefit[];
  /** What remains of the member's per-event limit for this event's members-only groups (null: none). */
  memberEventRemaining: number | null;
  /** The logged-in visitor's e-mail (the membership form refuses a gift to oneself); null for guests. */
  ownEmail: string | null;
  /** A membership event's form: its group's level rules, read on the server; null when unread. */
  membershipRules: FormRule[] | null;
  /** The tenant's external login for the login forms (returning to this page); null when not configured. */
  externalLogin: { label: string; returnPath: string } | null;
}

/** The event's reserve flow: its meta, else its config, else date first. */
export function reserveFlowOf(data: Pick<EventDetailData, "envelope" | "event">): string {
  const { meta } = metaOf(data.envelope, data.event.id);
  const config = configOf(data.envelope, data.event.id);
  return (
    meta.reserve_flow ??
    (typeof config.get("reserve_flow") === "string" ? String(config.get("reserve_flow")) : "date_first")
  );
}

export type { ReserveFlow, ReserveGroup, ReserveIslandProps, ReserveType };

/** The lower of two caps (null: no cap). */
const lowestCap = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

const priceDisplayConfig = z.object({
  primary_ticket_type_id: z.string().optional(),
  prefix: z.string().optional(),
});
/** An event's own web.session_picker_tabs overrides the tenant's (spec §3 event config). */
const sessionTabsConfig = z.object({
  first_tab_threshold: z.string().regex(/^\d{4}$/),
  second_tab_threshold: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  first_tab_name: z.string(),
  second_tab_name: z.string(),
  third_tab_name: z.string().optional(),
});
const sellerPads = z.object({
  default_pad_pre_start: z.number().optional(),
  default_pad_post_end: z.number().optional(),
});

function reserveType(type: TicketType): ReserveType {
  const flexible = isFlexiblePrice(type);
  const bounds = flexibleBounds(type);
  return {
    id: type.id,
    name: type.name,
    summary: type.summary,
    amount: apiMoneyMinor(type.currency_amount),
    min: bounds.min,
    max: bounds.max,
    flexible,
    fees: outsideFeesOf(type),
  };
}

const FLOWS: readonly string[] = ["date_first", "quantity_first", "single", "one_ticket"];

/**
 * The reserve island's props from the loaded event: the groups the visitor may buy (members-only
 * groups only when a member role opens them; `tg` narrows them), their types, group meta and the
 * configuration.
 */
export function reserveIslandProps(
  data: EventDetailData,
  query: { tg: string | undefined; select: string | undefined; price: string | undefined },
  flow: string,
  /** The router base: `/{seller}`, or "" on the tenant's own host name. */
  base = `/${data.tenant.slug}`,
): ReserveIslandProps | undefined {
  const { tenant, envelope, event } = data;
  const { meta, raw: rawMeta } = metaOf(envelope, event.id);
  const config = configOf(envelope, event.id);
  const venue = venueOf(envelope, event);
  const types = ticketTypesOf(envelope, event.id);
  const groupFlow = data.groups.some((g) => g.handler === "donation" || g.handler === "ledger");
  const resolvedFlow = (groupFlow ? "one_ticket" : flow) as ReserveFlow;
  if (!FLOWS.includes(resolvedFlow)) return undefined;
  const display = priceDisplayConfig.safeParse(config.get("web.price_display"));
  const eventTabs = sessionTabsConfig.safeParse(config.get("web.session_picker_tabs"));
  const pads = sellerPads.safeParse(metaOf(envelope, event.seller_id).raw);
  const memberMayOpen = (groupId: string) =>
    memberMayBuyGroup(
      data.memberRoles,
      types.filter((t) => t.ticket_group_id === groupId).map((t) => t.name),
    );
  const groups = data.groups
    .filter(
      (g) =>
        (g.hidden_type !== "public_member_only" || memberMayOpen(g.id)) && (!query.tg || g.id === query.tg),
    )
    .map((g): ReserveGroup => {
      const { raw } = metaOf(envelope, g.id);
      return {
        id: g.id,
        name: g.name,
        description: g.description,
        handler: g.handler,
        anyDate: g.handler === "passes",
        min_tickets_per_order: g.min_tickets_per_order,
        max_tickets_per_order: g.max_tickets_per_order,
        capacity: g.capacity,
        oversell_capacity: g.oversell_capacity,
        used_capacity: g.used_capacity,
        sold_out: g.sold_out,
        additional_info_spec: g.additional_info_spec,
        admitNames: admitMode(raw.admit_names),
        admitEmails: admitMode(raw.admit_emails),
        codePerTicket: g.handler === "codes" ? { citypass: tenant.web.citypass ?? null } : null,
        types: types
          .filter((t) => t.ticket_group_id === g.id)
          .sort((a, b) => a._rank - b._rank)
          .map((t) => ({
            ...reserveType(t),
            memberRemaining: lowestCap(
              remainingForType(data.memberBenefits, t.id, g.hidden_type === "public_member_only"),
              g.hidden_type === "public_member_only" ? data.memberEventRemaining : null,
            ),
          })),
      };
    })
    .filter((g) => g.types.length > 0);
  if (groups.length === 0) return undefined;
  const rules = (envelope.message_rule?._data ?? [])
    .filter((r) => r.event_template_id === event.id)
    .sort((a, b) => a._rank - b._rank)
    .map((r) => ({ id: r.id, actions: r.actions, triggers: r.triggers }));
  return {
    seller: tenant.slug,
    currency: tenant.portal.default_currency_code,
    locale: tenant.locale,
    tagManagerId: tenant.web.tag_manager_id,
    eventId: event.id,
    eventName: event.name,
    category: event.category,
    eventType: event.event_type,
    timezone: venue?.timezone ?? tenant.timezone,
    flow: resolvedFlow,
    priceDisplay: tenant.web.price_display,
    pricePrefix: display.success ? display.data.prefix : undefined,
    primaryTypeId: display.success ? display.data.primary_ticket_type_id : undefined,
    includeFees: includesFees(tenant.web.include_fees_in_price),
    remainingThreshold: tenant.web.show_remaining_session_capacity_threshold,
    sessionTabs: eventTabs.success ? eventTabs.data : tenant.web.session_picker_tabs,
    requiresAnchor: meta.requires_anchor === true,
    addOn: addOnRuleOf(rawMeta, config.get("web.ecommerce")),
    padPreStart: meta.pad_pre_start,
    padPostEnd: meta.pad_post_end,
    defaultPadPreStart: pads.success ? pads.data.default_pad_pre_start : undefined,
    defaultPadPostEnd: pads.success ? pads.data.default_pad_post_end : undefined,
    messageRules: rules,
    groups,
    select: query.select,
    price: query.price,
    skipHref: meta.requires_anchor === true ? `${base}/checkout` : undefined,
    waitingListHref: listIsOn(tenant.web.waiting_list.events, event.id)
      ? `${base}/events/${encodeURIComponent(event.id)}/waiting-list`
      : undefined,
    strings: reserveStrings(tenant),
  };
}
