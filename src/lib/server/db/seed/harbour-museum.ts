/**
 * Harbour Museum (USD, America/New_York): timed general admission (closed Mondays), a
 * special-exhibition add-on, a seated evening concert, a flexible pass, donation, gift card,
 * membership, a members-only preview and a link-only curator's tour.
 */
import tenant from "../../../../content/tenants/harbour-museum.json" with { type: "json" };
import { sellerConfigs, type TenantSeed, tenantBuilder } from "./builders.ts";
import { harbourCodes, harbourLedgers } from "./codes.ts";
import { addHarbourRestricted } from "./harbour-restricted.ts";
import { addHarbourSupport } from "./harbour-support.ts";
import { timeSlots } from "./helpers.ts";
import { coverImageId, imageMeta, profileImageId } from "./images.ts";
import {
  BALCONY_GROUP_ID,
  bookedSeats,
  concertSeatMap,
  STALLS_GROUP_ID,
  sellableSeatCount,
} from "./seats.ts";
import { applyDemoLoad, type SessionPlan } from "./sessions.ts";

export const HM = "harbour-museum";
const VENUE = "hm-venue";
const TZ = tenant.timezone;

/** Opening days: every day except Monday (closed). */
const isOpen = (weekday: number) => weekday !== 1;
/** Timed entry every 30 minutes; the last entry is 16:30 (the galleries close at 17:30). */
export const HM_GA_TIMES = timeSlots("10:00", "16:30", 30);

export function harbourMuseum(now: Date): TenantSeed {
  const b = tenantBuilder(HM);
  const base = { venueId: VENUE, subtitle: null, summary: null };

  // General admission: the anchor event.
  b.event(
    {
      ...base,
      id: "hm-general-admission",
      name: "General Admission",
      subtitle: "Timed entry to all permanent galleries",
      summary: "Three centuries of ships, sailors and the sea. Choose a date and an entry time.",
      description:
        "Entry to the permanent galleries, the lighthouse lens and the dry dock.\n\n**Timed entry:** please arrive within 30 minutes of your session. Closed on Mondays.",
      category: "Admission",
      eventType: "repeating",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "date_first", is_anchor: true, ...imageMeta(HM, "general-admission") },
  );
  b.group({
    id: "hm-ga-general",
    eventTemplateId: "hm-general-admission",
    name: "General Admission",
    description: "Timed entry tickets.",
    handler: "tickets",
    hiddenType: "public_browsable",
    maxTicketsPerOrder: 20,
  });
  b.types("hm-ga-general", [
    { id: "hm-ga-adult", name: "Adult", currencyAmount: 2500, feeFixedOutside: 150, summary: "Ages 18-64" },
    // Saturdays cost seniors more (a reschedule onto one has a difference to pay).
    {
      id: "hm-ga-senior",
      name: "Senior",
      currencyAmount: 2000,
      tierAmounts: { saturday: 2200 },
      summary: "Ages 65+",
    },
    { id: "hm-ga-student", name: "Student", currencyAmount: 1800, summary: "With a valid student ID" },
    { id: "hm-ga-child", name: "Child", currencyAmount: 1200, summary: "Ages 3-17" },
  ]);
  b.group({
    id: "hm-ga-members",
    eventTemplateId: "hm-general-admission",
    name: "Members",
    description: "Free admission for members.",
    handler: "tickets",
    hiddenType: "public_member_only",
    maxTicketsPerOrder: 20,
  });
  b.types("hm-ga-members", [
    { id: "hm-ga-member-adult", name: "Member Adult", currencyAmount: 0 },
    { id: "hm-ga-member-child", name: "Member Child", currencyAmount: 0 },
  ]);
  const weekend = { dateOrSession: { weekdays: [0, 6] } };
  b.messageRule("hm-general-admission", { date_annotation: "Weekend" }, weekend);
  b.messageRule(
    "hm-general-admission",
    { date_message: "Weekends are our busiest days: book ahead and arrive early" },
    weekend,
  );
  b.messageRule(
    "hm-general-admission",
    { quantity_message: "Visiting with a group of 10 or more? Ask about our group rates" },
    { quantity: { min: 10, ticket_group_ids: ["hm-ga-general"] } },
  );
  b.messageRule(
    "hm-general-admission",
    { session_annotation: "Last entry" },
    { dateOrSession: { time_of_day: { start: "16:30", end: "17:00" } } },
  );
  b.config("event_template", "hm-general-admission", "web.price_display", {
    primary_ticket_type_id: "hm-ga-adult",
    secondary_ticket_type_id: "hm-ga-child",
    prefix: "From",
  });
  b.config("event_template", "hm-general-admission", "web.ecommerce", {
    upsell_event_ids: ["hm-special-exhibition"],
  });

  // Special exhibition: add-on that needs an admission in the cart.
  b.event(
    {
      ...base,
      id: "hm-special-exhibition",
      name: "Special exhibition",
      subtitle: "Wrecks and Wonders",
      summary: "Treasures raised from the harbour floor. Add it to your admission.",
      description:
        "A ticketed exhibition of objects recovered from wrecks in the harbour. Requires general admission.",
      category: "Exhibitions",
      eventType: "repeating",
      hiddenType: "public_browsable",
    },
    {
      reserve_flow: "quantity_first",
      tickets_must_match_anchor_tickets: true,
      requires_anchor: true,
      ...imageMeta(HM, "special-exhibition"),
    },
  );
  // The exhibition is inside the museum: its slot is on the admission's day, at or after the time
  // the visitor enters (until_close), never before it.
  b.config("event_template", "hm-special-exhibition", "web.ecommerce", {
    anchor_event_ids: ["hm-general-admission"],
    visit_time: "until_close",
  });
  b.group({
    id: "hm-exhibition-tickets",
    eventTemplateId: "hm-special-exhibition",
    name: "Exhibition tickets",
    description: null,
    handler: "tickets",
    hiddenType: "public_browsable",
    maxTicketsPerOrder: 20,
  });
  b.types("hm-exhibition-tickets", [
    { id: "hm-exhibition-adult", name: "Adult", currencyAmount: 1200 },
    { id: "hm-exhibition-child", name: "Child", currencyAmount: 600 },
  ]);

  // Seated evening concert.
  const { map, seats } = concertSeatMap(HM, "hm-evening-concert");
  b.event(
    {
      ...base,
      id: "hm-evening-concert",
      name: "Sea Shanties by Candlelight",
      subtitle: "An evening concert in the Great Hall",
      summary: "Songs of the sea performed by the Harbour Chamber Choir. Choose your seats.",
      description: "Doors open at 19:00. The concert lasts about two hours with an interval.",
      category: "Performances",
      eventType: "single",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "date_first", pad_pre_start: 30, pad_post_end: 15, ...imageMeta(HM, "evening-concert") },
  );
  for (const [id, name, amount] of [
    [STALLS_GROUP_ID, "Stalls", 4500],
    [BALCONY_GROUP_ID, "Balcony", 3000],
  ] as const) {
    b.group({
      id,
      eventTemplateId: "hm-evening-concert",
      name,
      description: `${name} seating.`,
      handler: "seated",
      hiddenType: "public_browsable",
      maxTicketsPerOrder: 10,
    });
    b.types(id, [
      { id: `${id}-standard`, name: `${name} seat`, currencyAmount: amount, feePercentOutside: 250 },
    ]);
  }

  // Flexible pass. Choice: no sessions at all. The group has no date (start_policy null, valid
  // for P1Y from purchase), so a reserve for it carries no event_session_id.
  b.event(
    {
      ...base,
      id: "hm-flex-pass",
      name: "Flexible any-day ticket",
      summary: "Not sure when you will visit? Use this ticket on any open day within a year.",
      description: "Valid for one entry on any open day within 12 months of purchase.",
      category: "Admission",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    // Alt texts intentionally empty: exercises the 'Image for {event name}' fallback.
    { reserve_flow: "date_first", ...imageMeta(HM, "flex-pass", "") },
  );
  b.group({
    id: "hm-flex-anyday",
    eventTemplateId: "hm-flex-pass",
    name: "Any-day ticket",
    description: "Flexible date, valid for one year.",
    handler: "passes",
    hiddenType: "public_browsable",
    startPolicy: null,
    durationNew: "P1Y",
    maxTicketsPerOrder: 20,
  });
  b.types("hm-flex-anyday", [
    { id: "hm-flex-adult", name: "Adult", currencyAmount: 3000 },
    { id: "hm-flex-child", name: "Child", currencyAmount: 1500 },
  ]);

  addHarbourSupport(b);

  addHarbourRestricted(b);

  for (const e of b.rows.events) {
    const meta = b.rows.metas.find((m) => m.resourceId === e.id)?.data;
    if (!meta?.image_profile) continue;
    const name = String(meta.image_profile).replace(`${HM}/`, "").replace(".jpg", "");
    b.config("event_template", e.id, "config.image", {
      profile: profileImageId(HM, name),
      cover: coverImageId(HM, name),
    });
  }

  const sessionPlans: SessionPlan[] = [
    {
      ...plan("hm-general-admission", 90, 60, 30, (d) => (isOpen(d.weekday) ? HM_GA_TIMES : [])),
      priceTier: (d) => (d.weekday === 6 ? "saturday" : null),
    },
    plan("hm-special-exhibition", 90, 30, 60, (d) =>
      isOpen(d.weekday) ? timeSlots("11:00", "16:00", 60) : [],
    ),
    plan("hm-evening-concert", 56, sellableSeatCount(seats), 120, (d) =>
      d.weekday === 5 || d.weekday === 6 ? ["19:30"] : [],
    ),
    plan("hm-members-preview", 28, 50, 120, (d) => (d.weekday === 4 ? ["18:00"] : [])),
    plan("hm-hidden-event", 42, 12, 90, (d) => (d.weekday === 3 ? ["15:00"] : [])),
  ];

  return {
    seller: {
      id: HM,
      slug: tenant.slug,
      name: tenant.name,
      timezone: TZ,
      currencyCode: tenant.portal.default_currency_code,
    },
    venue: {
      id: VENUE,
      sellerId: HM,
      name: "Harbour Museum",
      timezone: TZ,
      address: "1 Lighthouse Quay, Harbour Town",
      latitude: 42.3662,
      longitude: -71.0505,
    },
    ...b.rows,
    configs: [...sellerConfigs(HM, tenant.web), ...b.rows.configs],
    codes: harbourCodes(now),
    ledgers: harbourLedgers(),
    seatMaps: [map],
    seats,
    sessionPlans,
    decorateSessions(sessions, now) {
      const of = (id: string) => sessions.filter((s) => s.eventTemplateId === id);
      applyDemoLoad(of("hm-general-admission"), {
        timezone: TZ,
        now,
        maxLoad: 0.4,
        firstWeekPatterns: true,
        fullSecondWeekSaturday: true,
      });
      applyDemoLoad(of("hm-special-exhibition"), {
        timezone: TZ,
        now,
        maxLoad: 0.5,
        firstWeekPatterns: false,
        fullSecondWeekSaturday: false,
      });
      const firstConcert = of("hm-evening-concert").sort(
        (a, b) => a.startDatetime.getTime() - b.startDatetime.getTime(),
      )[0];
      if (!firstConcert) return [];
      const booked = bookedSeats(firstConcert.id);
      firstConcert.usedCapacity = booked.length;
      return booked;
    },
  };
}

function plan(
  eventTemplateId: string,
  days: number,
  capacity: number,
  durationMinutes: number,
  times: SessionPlan["times"],
): SessionPlan {
  return { sellerId: HM, eventTemplateId, timezone: TZ, days, capacity, durationMinutes, times };
}
