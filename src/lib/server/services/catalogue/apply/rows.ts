/**
 * The database rows a tenant's catalogue files describe: what `catalogue apply` makes the
 * database hold. Pure: the same files, tenant and day give the same rows, so applying twice
 * changes nothing.
 *
 * Money is converted to minor units with the tenant's currency (3.125 dinars is 3125), and
 * percentages to basis points. Dates written as today+N are the venue's local date N days from
 * `now`: a code's validity starts at the start of its first day and ends at the end of its last.
 */

import { toBasisPoints, toMinorUnits } from "../../../../catalogue/money.ts";
import type { CatalogueCode } from "../../../../catalogue/schema/code.ts";
import type { CatalogueEvent } from "../../../../catalogue/schema/event.ts";
import type { CatalogueMessageRule } from "../../../../catalogue/schema/message-rule.ts";
import { WEEKDAYS } from "../../../../catalogue/schema/schedule.ts";
import type { CatalogueSeatMap } from "../../../../catalogue/schema/seat-map.ts";
import type { TenantCatalogue } from "../../../../catalogue/tenant-catalogue.ts";
import { addDays, localDate, startOfLocalDay } from "../../../../domain/calendar.ts";
import { GIFT_RECIPIENT_TITLES, giftRecipientSurvey } from "../../../../domain/gift-recipient.ts";
import { generateTenantSessions, type PlannedSession } from "../../../../domain/schedule/sessions.ts";
import type {
  code,
  config,
  eventTemplate,
  ledger,
  membershipRule,
  messageRule,
  meta,
  seatMap,
  seatTemplate,
  seller,
  ticketGroup,
  ticketType,
  venue,
} from "../../../db/schema.ts";

export type SellerRow = typeof seller.$inferInsert;
export type VenueRow = typeof venue.$inferInsert;
export type EventRow = typeof eventTemplate.$inferInsert;
export type MetaRow = typeof meta.$inferInsert;
export type ConfigRow = typeof config.$inferInsert;
export type GroupRow = typeof ticketGroup.$inferInsert;
export type TypeRow = typeof ticketType.$inferInsert;
export type MessageRuleRow = typeof messageRule.$inferInsert;
export type MembershipRuleRow = typeof membershipRule.$inferInsert;
export type CodeRow = typeof code.$inferInsert;
export type LedgerRow = typeof ledger.$inferInsert;
export type SeatMapRow = typeof seatMap.$inferInsert;
export type SeatRow = typeof seatTemplate.$inferInsert;

/** The tenant file's part the catalogue needs. */
export interface CatalogueTenant {
  slug: string;
  name: string;
  timezone: string;
  currency: string;
  /** The tenant file's `web` settings as written (a few become config rows). */
  web: Record<string, unknown>;
}

export interface CatalogueRows {
  seller: SellerRow;
  venues: VenueRow[];
  events: EventRow[];
  metas: MetaRow[];
  configs: ConfigRow[];
  groups: GroupRow[];
  types: TypeRow[];
  messageRules: MessageRuleRow[];
  membershipRules: MembershipRuleRow[];
  codes: CodeRow[];
  /** Codes whose validity is written relative to today: an existing code keeps its dates. */
  relativeCodes: Set<string>;
  ledgers: LedgerRow[];
  seatMaps: SeatMapRow[];
  seats: SeatRow[];
  sessions: PlannedSession[];
}

/** Days ahead an event's sessions are planned when its file does not say. */
export const DEFAULT_HORIZON_DAYS = 90;

const HIDDEN = {
  public: "public_browsable",
  members: "public_member_only",
  link: "public_link_only",
} as const;

/** The tenant's seller id: its slug, so a tenant's rows are found from its files alone. */
export function sellerIdOf(slug: string): string {
  return slug;
}

export function catalogueRows(cat: TenantCatalogue, tenant: CatalogueTenant, now: Date): CatalogueRows {
  const sellerId = sellerIdOf(tenant.slug);
  const minor = (amount: number): number => {
    const value = toMinorUnits(amount, tenant.currency);
    // The check refuses such an amount before anything is applied.
    if (value === null) throw new Error(`${amount} has more decimals than ${tenant.currency} allows.`);
    return value;
  };
  const optionalMinor = (amount: number | undefined) => (amount === undefined ? null : minor(amount));
  const image = (name: string) => ({
    profile: `${tenant.slug}/${name}.jpg`,
    cover: `${tenant.slug}/${name}-cover.jpg`,
  });
  const onlyVenue = cat.venues[0]?.id;

  const metas: MetaRow[] = [];
  const configs: ConfigRow[] = [];
  const addMeta = (resource: string, resourceId: string, data: Record<string, unknown>) => {
    if (Object.keys(data).length > 0) {
      metas.push({ id: `meta-${resource}-${resourceId}`, sellerId, resource, resourceId, data });
    }
  };
  const addConfig = (resource: string, resourceId: string, key: string, value: unknown) => {
    configs.push({ id: `config-${resourceId}-${key}`, sellerId, resource, resourceId, key, value });
  };

  for (const key of ["price_display", "session_picker_tabs", "show_remaining_session_capacity_threshold"]) {
    if (tenant.web[key] !== undefined) addConfig("seller", sellerId, `web.${key}`, tenant.web[key]);
  }
  addMeta("seller", sellerId, sellerMeta(cat, image));

  const events: EventRow[] = [];
  const groups: GroupRow[] = [];
  const types: TypeRow[] = [];
  cat.events.forEach((e, i) => {
    events.push({
      id: e.id,
      sellerId,
      venueId: e.venue ?? onlyVenue ?? "",
      name: e.name,
      subtitle: e.subtitle ?? null,
      summary: e.summary ?? null,
      description: e.description ?? null,
      category: e.category,
      translations: translationsRow(e.translations),
      eventType: e.type,
      hiddenType: HIDDEN[e.visibility ?? "public"],
      rank: i * 10,
    });
    addMeta("event_template", e.id, eventMeta(e, image));
    eventConfigs(e, image).forEach(([key, value]) => {
      addConfig("event_template", e.id, key, value);
    });
    e.groups.forEach((g, gi) => {
      const program = cat.memberships.find((m) => m.group === g.id);
      groups.push({
        id: g.id,
        sellerId,
        eventTemplateId: e.id,
        name: g.name,
        description: g.description ?? null,
        translations: translationsRow(g.translations),
        handler: g.kind === "gift_card" ? "ledger" : g.kind,
        hiddenType: HIDDEN[g.visibility ?? "public"],
        startPolicy: null,
        durationNew: g.valid_for ?? null,
        minTicketsPerOrder: g.min_per_order ?? null,
        maxTicketsPerOrder: g.max_per_order ?? null,
        additionalInfoSpec: g.gift_recipient
          ? giftRecipientSurvey(GIFT_RECIPIENT_TITLES)
          : (g.survey ?? null),
        rank: gi * 10,
      });
      addMeta("ticket_group", g.id, {
        ...(g.admit_names ? { admit_names: g.admit_names } : {}),
        ...(g.admit_emails ? { admit_emails: g.admit_emails } : {}),
        ...(g.checkout_code_required ? { checkout_code_required: true } : {}),
        ...(program?.payment_plan
          ? {
              payment_plan: {
                instalments: program.payment_plan.instalments,
                interval_days: program.payment_plan.interval_days,
                deposit_percent: toBasisPoints(program.payment_plan.deposit_percent),
              },
            }
          : {}),
        ...(program?.auto_renew ? { auto_renew: program.auto_renew } : {}),
        ...(program?.identity_form ? { identity_form: program.identity_form } : {}),
      });
      g.types.forEach((t, ti) => {
        types.push({
          id: t.id,
          sellerId,
          ticketGroupId: g.id,
          name: t.name,
          summary: t.summary ?? null,
          description: t.description ?? null,
          translations: translationsRow(t.translations),
          rank: ti * 10,
          currencyAmount: minor(t.price),
          currencyAmountMin: optionalMinor(t.min_price),
          currencyAmountMax: optionalMinor(t.max_price),
          feeFixedOutside: optionalMinor(t.fee) ?? 0,
          feePercentOutside: t.fee_percent === undefined ? 0 : toBasisPoints(t.fee_percent),
          tierAmounts: t.tiers
            ? Object.fromEntries(Object.entries(t.tiers).map(([tier, amount]) => [tier, minor(amount)]))
            : null,
        });
      });
    });
  });

  const membershipRules: MembershipRuleRow[] = cat.memberships.flatMap((program) =>
    program.levels.flatMap((level) =>
      level.roles.map((r) => ({
        id: `${level.type}-${r.role}`,
        sellerId,
        ticketGroupId: program.group,
        ticketTypeId: level.type,
        partyRole: r.role,
        named: r.named,
        min: r.min,
        max: r.max,
      })),
    ),
  );
  for (const program of cat.memberships) {
    for (const level of program.levels) {
      if (level.benefits) addMeta("ticket_type", level.type, { member_benefits: level.benefits });
    }
  }

  const { seatMaps, seats } = seatRows(cat.seat_maps, sellerId);
  const codes = cat.codes.map((c) => codeRow(c, sellerId, tenant.timezone, now, optionalMinor));
  const relativeCodes = new Set(
    cat.codes
      .filter((c) => [c.valid_from, c.valid_until].some((d) => d?.startsWith("today")))
      .map((c) => c.code.toUpperCase()),
  );

  return {
    seller: {
      id: sellerId,
      slug: tenant.slug,
      name: tenant.name,
      timezone: tenant.timezone,
      currencyCode: tenant.currency,
    },
    venues: cat.venues.map((v) => ({
      id: v.id,
      sellerId,
      name: v.name,
      timezone: tenant.timezone,
      address: v.address ?? null,
      translations: v.translations ?? null,
      latitude: v.latitude ?? null,
      longitude: v.longitude ?? null,
    })),
    events,
    metas,
    configs,
    groups,
    types,
    messageRules: messageRuleRows(cat.message_rules, sellerId),
    membershipRules,
    codes,
    relativeCodes,
    ledgers: cat.gift_cards.map((g) => ({
      id: `ledger-${g.number.toLowerCase()}`,
      sellerId,
      type: "gift_card",
      number: g.number,
      balance: minor(g.balance),
      state: g.active === false ? "inactive" : "active",
    })),
    seatMaps,
    seats,
    sessions: plannedSessions(cat, tenant.timezone, now),
  };
}

/** Every event's sessions over its own horizon. */
export function plannedSessions(cat: TenantCatalogue, timezone: string, now: Date): PlannedSession[] {
  return cat.events.flatMap((e) => {
    const schedules = cat.schedules.filter((s) => s.event === e.id);
    if (schedules.length === 0) return [];
    return generateTenantSessions(schedules, timezone, now, e.horizon_days ?? DEFAULT_HORIZON_DAYS);
  });
}

/**
 * A concept's texts in other languages as its row's `translations` column: the languages written,
 * or null when none (so a file without translations keeps the column as it was, null).
 */
function translationsRow<T extends object>(
  translations: Record<string, T> | undefined,
): Record<string, T> | null {
  if (!translations) return null;
  const written = Object.entries(translations).filter(([, fields]) => Object.keys(fields).length > 0);
  return written.length > 0 ? Object.fromEntries(written) : null;
}

type ImageIds = (name: string) => { profile: string; cover: string };

function sellerMeta(cat: TenantCatalogue, image: ImageIds): Record<string, unknown> {
  const s = cat.settings;
  const done = s.completed_order;
  return {
    ...(s.pad_before === undefined ? {} : { default_pad_pre_start: s.pad_before }),
    ...(s.pad_after === undefined ? {} : { default_pad_post_end: s.pad_after }),
    ...(done?.message === undefined ? {} : { completed_order_message: done.message }),
    ...(done?.links === undefined ? {} : { completed_order_links: done.links }),
    ...(translationsRow(done?.translations) === null
      ? {}
      : { completed_order_translations: done?.translations }),
    ...(done?.image === undefined
      ? {}
      : {
          completed_image: image(done.image).cover,
          completed_mobile_image: image(done.image).profile,
          completed_image_alternate_text: done.image_alt ?? "",
        }),
    ...(done?.image_offset === undefined ? {} : { completed_image_offset: done.image_offset }),
    ...(done?.mobile_image_offset === undefined
      ? {}
      : { completed_mobile_image_offset: done.mobile_image_offset }),
  };
}

function eventMeta(e: CatalogueEvent, image: ImageIds): Record<string, unknown> {
  return {
    reserve_flow: e.reserve_flow,
    ...(e.anchor ? { is_anchor: true } : {}),
    ...(e.add_on ? { requires_anchor: true } : {}),
    ...(e.add_on?.match_anchor_tickets ? { tickets_must_match_anchor_tickets: true } : {}),
    ...(e.pad_before === undefined ? {} : { pad_pre_start: e.pad_before }),
    ...(e.pad_after === undefined ? {} : { pad_post_end: e.pad_after }),
    ...(e.image
      ? {
          image_profile: image(e.image.name).profile,
          image_profile_alt: e.image.alt,
          image_cover: image(e.image.name).cover,
          image_cover_alt: e.image.alt,
        }
      : {}),
  };
}

function eventConfigs(e: CatalogueEvent, image: ImageIds): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (e.price_display) {
    out.push([
      "web.price_display",
      {
        primary_ticket_type_id: e.price_display.primary,
        ...(e.price_display.secondary ? { secondary_ticket_type_id: e.price_display.secondary } : {}),
        ...(e.price_display.prefix ? { prefix: e.price_display.prefix } : {}),
        ...(translationsRow(e.price_display.translations) === null
          ? {}
          : { translations: e.price_display.translations }),
      },
    ]);
  }
  if (e.upsell || e.add_on) {
    out.push([
      "web.ecommerce",
      {
        ...(e.upsell ? { upsell_event_ids: e.upsell } : {}),
        ...(e.add_on ? { anchor_event_ids: e.add_on.anchors } : {}),
        ...(e.add_on?.visit_time ? { visit_time: e.add_on.visit_time } : {}),
      },
    ]);
  }
  if (e.image) out.push(["config.image", image(e.image.name)]);
  return out;
}

function messageRuleRows(rules: readonly CatalogueMessageRule[], sellerId: string): MessageRuleRow[] {
  const perEvent = new Map<string, number>();
  return rules.map((r) => {
    const n = perEvent.get(r.event) ?? 0;
    perEvent.set(r.event, n + 1);
    const dateOrSession = {
      ...(r.when.weekdays ? { weekdays: r.when.weekdays.map((d) => WEEKDAYS.indexOf(d)) } : {}),
      ...(r.when.time_of_day ? { time_of_day: r.when.time_of_day } : {}),
      ...(r.when.dates ? { dateInterval: { start: r.when.dates.from, end: r.when.dates.until } } : {}),
    };
    const quantity = r.when.quantity
      ? {
          min: r.when.quantity.min,
          ...(r.when.quantity.groups ? { ticket_group_ids: r.when.quantity.groups } : {}),
        }
      : undefined;
    return {
      id: `${r.event}-rule-${n + 1}`,
      sellerId,
      eventTemplateId: r.event,
      rank: n * 10,
      actions: r.show as Record<string, string>,
      translations: r.translations ? (r.translations as Record<string, Record<string, string>>) : null,
      triggers: {
        ...(Object.keys(dateOrSession).length > 0 ? { dateOrSession } : {}),
        ...(quantity ? { quantity } : {}),
      },
    };
  });
}

function seatRows(
  maps: readonly CatalogueSeatMap[],
  sellerId: string,
): { seatMaps: SeatMapRow[]; seats: SeatRow[] } {
  const seats: SeatRow[] = [];
  const seatMaps = maps.map((m) => {
    const seatId = (row: string, n: number) => `${m.seat_id_prefix}${row}${String(n).padStart(2, "0")}`;
    for (const row of m.rows) {
      for (let i = 1; i <= row.seats; i++) {
        const name = `${row.name}${i}`;
        seats.push({
          id: seatId(row.name, i),
          seatMapId: m.id,
          name,
          x: row.x + (i - 1) * row.spacing,
          y: row.y,
          radius: row.radius,
          previousId: i > 1 ? seatId(row.name, i - 1) : null,
          nextId: i < row.seats ? seatId(row.name, i + 1) : null,
          ticketGroupIds: [row.group],
          unavailable: m.unavailable?.includes(name) ?? false,
        });
      }
    }
    return {
      id: m.id,
      sellerId,
      eventTemplateId: m.event,
      width: m.width,
      height: m.height,
      otherElements: m.elements ?? [],
    };
  });
  return { seatMaps, seats };
}

/** A written validity date as an instant: the start of its first day, or the end of its last. */
function validityInstant(written: string, edge: "start" | "end", timezone: string, now: Date): Date {
  const today = localDate(now, timezone);
  const date = written.startsWith("today") ? addDays(today, Number(written.slice(5) || 0)) : written;
  if (edge === "start") return startOfLocalDay(date, timezone);
  return new Date(startOfLocalDay(addDays(date, 1), timezone).getTime() - 1000);
}

function codeRow(
  c: CatalogueCode,
  sellerId: string,
  timezone: string,
  now: Date,
  optionalMinor: (amount: number | undefined) => number | null,
): CodeRow {
  const upper = c.code.toUpperCase();
  const amountOff = optionalMinor(c.amount_off);
  return {
    id: `${sellerId}-code-${upper.toLowerCase()}`,
    sellerId,
    code: upper,
    kind: c.kind,
    description: c.description,
    advertise: c.advertise ?? false,
    validFrom: c.valid_from ? validityInstant(c.valid_from, "start", timezone, now) : null,
    validTo: c.valid_until ? validityInstant(c.valid_until, "end", timezone, now) : null,
    maxUses: c.max_uses ?? -1,
    benefit: {
      ...(c.percent_off === undefined ? {} : { percent_off: toBasisPoints(c.percent_off) }),
      ...(amountOff === null ? {} : { amount_off: amountOff }),
      ...(c.ticket_types ? { ticket_type_ids: c.ticket_types } : {}),
      ...(c.unlocks_groups ? { unlocks_ticket_group_ids: c.unlocks_groups } : {}),
    },
  };
}
