/**
 * Harbour Museum support products: a flexible donation, gift cards (ledger) and membership
 * with three levels and their named and unnamed roles.
 */
import { GIFT_RECIPIENT_TITLES, giftRecipientSurvey } from "../../../domain/gift-recipient.ts";
import type { TenantBuilder } from "./builders.ts";
import { imageMeta } from "./images.ts";

const HM = "harbour-museum";

export function addHarbourSupport(b: TenantBuilder): void {
  const base = { venueId: "hm-venue", subtitle: null, summary: null };

  // Donation: flexible amount.
  b.event(
    {
      ...base,
      id: "hm-donation",
      name: "Donation",
      summary: "Help us conserve the collection and keep the lighthouse lit.",
      description: "Every gift, large or small, supports conservation and free school visits.",
      category: "Support",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "one_ticket", ...imageMeta(HM, "donation") },
  );
  b.group({
    id: "hm-donation-gift",
    eventTemplateId: "hm-donation",
    name: "Donation",
    description: null,
    handler: "donation",
    hiddenType: "public_browsable",
  });
  b.types("hm-donation-gift", [
    {
      id: "hm-donation-amount",
      name: "Donation",
      currencyAmount: 2500,
      currencyAmountMin: 100,
      currencyAmountMax: 100000,
    },
  ]);

  // Gift card: ledger with preset and flexible amounts.
  b.event(
    {
      ...base,
      id: "hm-gift-card",
      name: "Gift card",
      summary: "Give a visit, a concert or a membership.",
      description: "Gift cards can be spent on tickets and memberships and never expire.",
      category: "Support",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "one_ticket", ...imageMeta(HM, "gift-card") },
  );
  b.group({
    id: "hm-gift-card-cards",
    eventTemplateId: "hm-gift-card",
    name: "Gift cards",
    description: null,
    handler: "ledger",
    hiddenType: "public_browsable",
    // The recipient's name, e-mail and message travel as the group's survey answers.
    additionalInfoSpec: giftRecipientSurvey(GIFT_RECIPIENT_TITLES),
  });
  b.types("hm-gift-card-cards", [
    { id: "hm-gift-card-25", name: "$25 gift card", currencyAmount: 2500 },
    { id: "hm-gift-card-50", name: "$50 gift card", currencyAmount: 5000 },
    { id: "hm-gift-card-100", name: "$100 gift card", currencyAmount: 10000 },
    {
      id: "hm-gift-card-custom",
      // The type names what is bought.
      name: "Custom amount",
      currencyAmount: 5000,
      currencyAmountMin: 1000,
      currencyAmountMax: 50000,
    },
  ]);

  // Membership: three levels with named and unnamed roles.
  b.event(
    {
      ...base,
      id: "hm-membership",
      name: "Membership",
      summary: "Free admission all year, member previews and 10% off in the shop.",
      description: "Members visit free every open day, bring guests and get first look at new exhibitions.",
      category: "Support",
      eventType: "other",
      hiddenType: "public_browsable",
    },
    { reserve_flow: "membership", ...imageMeta(HM, "membership") },
  );
  b.group({
    id: "hm-membership-levels",
    eventTemplateId: "hm-membership",
    name: "Membership levels",
    description: null,
    handler: "membership",
    hiddenType: "public_browsable",
    durationNew: "P1Y",
  });
  b.types("hm-membership-levels", [
    { id: "hm-membership-individual", name: "Individual", currencyAmount: 7500, summary: "One named member" },
    { id: "hm-membership-dual", name: "Dual", currencyAmount: 12000, summary: "Two named members" },
    {
      id: "hm-membership-family",
      name: "Family",
      currencyAmount: 18000,
      summary: "Two adults and up to 4 children",
    },
  ]);
  const g = "hm-membership-levels";
  // Scheduled payments (spec 2 §4): a 34% deposit now, the rest in two instalments 30 days apart.
  // auto_renew 'prompt' asks the membership form's auto-renew question (spec 1 §9).
  b.meta("ticket_group", g, {
    payment_plan: { instalments: 3, interval_days: 30, deposit_percent: 3400 },
    auto_renew: "prompt",
    // Members log in by member ID and ZIP code: checkout asks the buyer's ZIP (spec 1 §3 identity_form).
    identity_form: [{ key: "zip_code", type: "text", required: true }],
  });
  b.membershipRule(g, "hm-membership-individual", "member", "yes", 1, 1);
  b.membershipRule(g, "hm-membership-individual", "guest", "no", 0, 2);
  for (const level of ["hm-membership-dual", "hm-membership-family"]) {
    b.membershipRule(g, level, "member", "yes", 1, 1);
    b.membershipRule(g, level, "second-card", "yes", 1, 1);
    b.membershipRule(g, level, "guest", "no", 0, 2);
  }
  b.membershipRule(g, "hm-membership-family", "child", "no", 0, 4);
}
