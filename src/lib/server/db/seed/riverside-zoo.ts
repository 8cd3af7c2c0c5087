/**
 * Riverside Zoo (GBP, Europe/London): daily timed admission with peak and off-peak prices and a
 * CityPASS voucher group, free keeper talks, membership, gift card and donation.
 */
import tenant from "../../../../content/tenants/riverside-zoo.json" with { type: "json" };
import { GIFT_RECIPIENT_TITLES, giftRecipientSurvey } from "../../../domain/gift-recipient.ts";
import { sellerConfigs, type TenantSeed, tenantBuilder } from "./builders.ts";
import { zooCodes, zooLedgers } from "./codes.ts";
import { dayjs, timeSlots } from "./helpers.ts";
import { completedImageMeta, coverImageId, imageMeta, profileImageId } from "./images.ts";
import { applyDemoLoad, type PlanDay, type SessionPlan } from "./sessions.ts";

export const RZ = "riverside-zoo";
const VENUE = "rz-venue";
const TZ = tenant.timezone;

/** School-holiday-ish ranges (MM-DD, inclusive), roughly the English school holidays. */
const HOLIDAYS: [string, string][] = [
  ["01-01", "01-04"],
  ["02-14", "02-22"],
  ["03-28", "04-12"],
  ["05-23", "05-31"],
  ["07-20", "09-02"],
  ["10-24", "11-01"],
  ["12-20", "12-31"],
];

/** Weekends and school holidays are peak; other days off-peak. */
export function zooPriceTier(day: Pick<PlanDay, "date" | "weekday">): "peak" | "off_peak" {
  if (day.weekday === 0 || day.weekday === 6) return "peak";
  const md = day.date.slice(5);
  return HOLIDAYS.some(([from, to]) => md >= from && md <= to) ? "peak" : "off_peak";
}

export const RZ_DAY_TIMES = timeSlots("09:30", "16:00", 30);

export function riversideZoo(now: Date): TenantSeed {
  const b = tenantBuilder(RZ);
  const base = { venueId: VENUE, subtitle: null, summary: null };

  b.event(
    {
      ...base,
      id: "rz-day-admission",
      name: "Day admission",
      subtitle: "Over 400 species along the river",
      summary: "Book a day out at the zoo. Prices are lower on off-peak days.",
      description: "Choose an arrival time; you can stay until closing. Under-3s go free but need a ticket.",
      category: "Days out",
      eventType: "repeating",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "date_first", is_anchor: true, ...imageMeta(RZ, "day-admission") },
  );
  b.group({
    id: "rz-day-general",
    eventTemplateId: "rz-day-admission",
    name: "Day tickets",
    description: "Peak prices apply at weekends and in school holidays.",
    handler: "tickets",
    hiddenType: "public_browsable",
    maxTicketsPerOrder: 20,
  });
  const tiered = (offPeak: number, peak: number) => ({
    currencyAmount: offPeak,
    tierAmounts: { off_peak: offPeak, peak },
  });
  b.types("rz-day-general", [
    { id: "rz-day-adult", name: "Adult", summary: "Ages 16+", ...tiered(2400, 2800) },
    { id: "rz-day-child", name: "Child", summary: "Ages 3-15", ...tiered(1600, 1900) },
    {
      id: "rz-day-concession",
      name: "Concession",
      summary: "Seniors, students, disabled visitors",
      ...tiered(2000, 2300),
    },
    { id: "rz-day-under3", name: "Under 3", summary: "Free, but please book", currencyAmount: 0 },
  ]);
  b.group({
    id: "rz-citypass",
    eventTemplateId: "rz-day-admission",
    name: "CityPASS",
    description: "Enter one CityPASS code per ticket.",
    handler: "codes",
    hiddenType: "public_browsable",
    maxTicketsPerOrder: 10,
  });
  b.types("rz-citypass", [
    { id: "rz-citypass-adult", name: "CityPASS Adult", currencyAmount: 0 },
    { id: "rz-citypass-child", name: "CityPASS Child", currencyAmount: 0 },
  ]);
  b.messageRule("rz-day-admission", { date_annotation: "Peak" }, { dateOrSession: { weekdays: [0, 6] } });
  const christmas = dayjs(now).tz(TZ).month() === 0 ? dayjs(now).tz(TZ).year() - 1 : dayjs(now).tz(TZ).year();
  b.messageRule(
    "rz-day-admission",
    { date_message: "Christmas holidays: the zoo closes early on 24 and 31 December" },
    { dateOrSession: { dateInterval: { start: `${christmas}-12-20`, end: `${christmas + 1}-01-04` } } },
  );
  b.messageRule(
    "rz-day-admission",
    { quantity_message: "Groups of 15 or more save 10% when booking by phone" },
    { quantity: { min: 15 } },
  );
  b.config("event_template", "rz-day-admission", "web.price_display", {
    primary_ticket_type_id: "rz-day-adult",
    secondary_ticket_type_id: "rz-day-child",
    prefix: "From",
  });

  b.event(
    {
      ...base,
      id: "rz-keeper-talk",
      name: "Keeper talk",
      subtitle: "Meet the penguins and their keepers",
      summary: "A free 30-minute talk at the penguin pool. Booking recommended.",
      description: "Talks start at 11:00 and 14:00 every day.",
      category: "Talks",
      eventType: "repeating",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "date_first", ...imageMeta(RZ, "keeper-talk") },
  );
  b.group({
    id: "rz-talk-free",
    eventTemplateId: "rz-keeper-talk",
    name: "Free talk",
    description: null,
    handler: "tickets",
    hiddenType: "public_browsable",
    maxTicketsPerOrder: 8,
  });
  b.types("rz-talk-free", [
    { id: "rz-talk-adult", name: "Adult", currencyAmount: 0 },
    { id: "rz-talk-child", name: "Child", currencyAmount: 0 },
  ]);
  b.meta("ticket_group", "rz-talk-free", { admit_names: "optional" });
  // Members-only places at the talk (role 'member' opens the 'Member' type); each
  // level's member_benefits limit them per term (seed/memberships.ts).
  b.group({
    id: "rz-talk-members",
    eventTemplateId: "rz-keeper-talk",
    name: "Members' front row",
    description: "Reserved seats by the pool for members.",
    handler: "tickets",
    hiddenType: "public_member_only",
    maxTicketsPerOrder: 6,
  });
  b.types("rz-talk-members", [{ id: "rz-talk-member", name: "Member", currencyAmount: 0 }]);
  b.meta("seller", RZ, {
    default_pad_pre_start: 5,
    default_pad_post_end: 5,
    // The completed order page's message, links and image (spec 2 §3 seller meta completed_*).
    completed_order_message:
      "**See you at the zoo!** Feeding talks run every afternoon: check the keeper talk times before you come.",
    completed_order_links: [{ label: "Keeper talks", url: "/riverside-zoo/events/rz-keeper-talk" }],
    ...completedImageMeta(RZ, "keeper-talk"),
    completed_image_offset: { x: 50, y: 60 },
  });
  b.messageRule(
    "rz-keeper-talk",
    { session_message: "Feeding time: the afternoon talk includes the penguins' lunch" },
    { dateOrSession: { time_of_day: { start: "14:00", end: "15:00" } } },
  );

  // An all-day event (spec 1 §9 "single repeating session longer than 5 hours"): one
  // 6½-hour session on Saturdays and Sundays, shown as 'All day' with no time to choose. Its long
  // Markdown description opens in the description dialog.
  b.event(
    {
      ...base,
      id: "rz-keeper-day",
      name: "Junior keeper day",
      subtitle: "A day behind the scenes for ages 8 to 14",
      summary: "Spend a whole weekend day working alongside our keepers.",
      description: [
        "Spend a whole day as a junior keeper. Help prepare the animals' breakfasts, clean out the",
        "giraffe house and find out how keepers care for over 400 species.",
        "",
        "**The day includes:**",
        "",
        "- feeding the penguins with a keeper",
        "- a behind-the-scenes visit to the reptile house",
        "- lunch in the Keepers' Lodge and a junior keeper certificate",
        "",
        "Drop-off is at 9:30 at the main gate and pick-up at 16:00. Please wear clothes and shoes",
        "that can get muddy. A parent or carer must stay on site for children under 10.",
      ].join("\n"),
      category: "Experiences",
      eventType: "repeating",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "date_first", ...imageMeta(RZ, "keeper-day") },
  );
  b.group({
    id: "rz-keeper-day-places",
    eventTemplateId: "rz-keeper-day",
    name: "Junior keeper places",
    description: "Lunch is included.",
    handler: "tickets",
    hiddenType: "public_browsable",
    maxTicketsPerOrder: 4,
  });
  b.types("rz-keeper-day-places", [
    { id: "rz-keeper-day-junior", name: "Junior keeper", summary: "Ages 8 to 14", currencyAmount: 4500 },
  ]);

  b.event(
    {
      ...base,
      id: "rz-membership",
      name: "Zoo membership",
      summary: "Unlimited visits for a year and member events.",
      description: "Members visit free every day and support our conservation work.",
      category: "Support",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "membership", ...imageMeta(RZ, "membership") },
  );
  const g = "rz-membership-levels";
  b.group({
    id: g,
    eventTemplateId: "rz-membership",
    name: "Membership levels",
    description: null,
    handler: "membership",
    hiddenType: "public_browsable",
    durationNew: "P1Y",
  });
  b.types(g, [
    { id: "rz-membership-adult", name: "Adult", currencyAmount: 6500 },
    { id: "rz-membership-joint", name: "Joint", currencyAmount: 11000 },
    { id: "rz-membership-family", name: "Family", currencyAmount: 15000 },
  ]);
  b.membershipRule(g, "rz-membership-adult", "member", "yes", 1, 1);
  for (const level of ["rz-membership-joint", "rz-membership-family"]) {
    b.membershipRule(g, level, "member", "yes", 1, 1);
    b.membershipRule(g, level, "second-card", "yes", 1, 1);
  }
  b.membershipRule(g, "rz-membership-family", "child", "no", 0, 4);
  b.membershipRule(g, "rz-membership-family", "guest", "no", 0, 2);

  b.event(
    {
      ...base,
      id: "rz-gift-card",
      name: "Gift card",
      summary: "A day out for someone special.",
      description: "Spend it on tickets, talks or membership.",
      category: "Support",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "one_ticket", ...imageMeta(RZ, "gift-card") },
  );
  b.group({
    id: "rz-gift-card-cards",
    eventTemplateId: "rz-gift-card",
    name: "Gift cards",
    description: null,
    handler: "ledger",
    hiddenType: "public_browsable",
    // The recipient's name, e-mail and message travel as the group's survey answers.
    additionalInfoSpec: giftRecipientSurvey(GIFT_RECIPIENT_TITLES),
  });
  b.types("rz-gift-card-cards", [
    { id: "rz-gift-card-20", name: "£20 gift card", currencyAmount: 2000 },
    { id: "rz-gift-card-50", name: "£50 gift card", currencyAmount: 5000 },
    {
      id: "rz-gift-card-custom",
      // The type names what is bought.
      name: "Custom amount",
      currencyAmount: 3000,
      currencyAmountMin: 1000,
      currencyAmountMax: 25000,
    },
  ]);

  b.event(
    {
      ...base,
      id: "rz-donation",
      name: "Donate to conservation",
      summary: "Protect endangered species in the wild.",
      description: "Your gift funds breeding programmes and field projects.",
      category: "Support",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "one_ticket", ...imageMeta(RZ, "donation") },
  );
  b.group({
    id: "rz-donation-gift",
    eventTemplateId: "rz-donation",
    name: "Donation",
    description: null,
    handler: "donation",
    hiddenType: "public_browsable",
  });
  b.types("rz-donation-gift", [
    {
      id: "rz-donation-amount",
      name: "Donation",
      currencyAmount: 1000,
      currencyAmountMin: 100,
      currencyAmountMax: 100000,
    },
  ]);

  for (const e of b.rows.events) {
    const meta = b.rows.metas.find((m) => m.resourceId === e.id)?.data;
    if (!meta?.image_profile) continue;
    const name = String(meta.image_profile).replace(`${RZ}/`, "").replace(".jpg", "");
    b.config("event_template", e.id, "config.image", {
      profile: profileImageId(RZ, name),
      cover: coverImageId(RZ, name),
    });
  }

  const sessionPlans: SessionPlan[] = [
    { ...plan("rz-day-admission", 150, 30, () => RZ_DAY_TIMES), priceTier: zooPriceTier },
    plan("rz-keeper-talk", 40, 30, () => ["11:00", "14:00"]),
    plan("rz-keeper-day", 12, 390, (d) => (d.weekday === 0 || d.weekday === 6 ? ["09:30"] : [])),
  ];

  return {
    seller: {
      id: RZ,
      slug: tenant.slug,
      name: tenant.name,
      timezone: TZ,
      currencyCode: tenant.portal.default_currency_code,
    },
    venue: {
      id: VENUE,
      sellerId: RZ,
      name: "Riverside Zoo",
      timezone: TZ,
      address: "Riverside Park, Millbrook",
      latitude: 41.9211,
      longitude: -87.634,
    },
    ...b.rows,
    configs: [...sellerConfigs(RZ, tenant.web), ...b.rows.configs],
    codes: zooCodes(now),
    ledgers: zooLedgers(),
    seatMaps: [],
    seats: [],
    sessionPlans,
    decorateSessions(sessions, at) {
      const of = (id: string) => sessions.filter((s) => s.eventTemplateId === id);
      applyDemoLoad(of("rz-day-admission"), {
        timezone: TZ,
        now: at,
        maxLoad: 0.4,
        firstWeekPatterns: true,
        fullSecondWeekSaturday: false,
      });
      applyDemoLoad(of("rz-keeper-talk"), {
        timezone: TZ,
        now: at,
        maxLoad: 0.6,
        firstWeekPatterns: false,
        fullSecondWeekSaturday: false,
      });
      return [];
    },
  };
}

function plan(
  eventTemplateId: string,
  capacity: number,
  durationMinutes: number,
  times: SessionPlan["times"],
): SessionPlan {
  return { sellerId: RZ, eventTemplateId, timezone: TZ, days: 90, capacity, durationMinutes, times };
}
