/**
 * Demo codes (stored upper-case) and gift-card ledgers. Validity windows are relative to `now`
 * except EXPIRED2020, which ended on 2020-12-31.
 */
import type { CodeRow, LedgerRow } from "./builders.ts";
import { daysFrom } from "./helpers.ts";

type CodeInput = Omit<CodeRow, "id" | "sellerId" | "code"> & { code: string };

function codes(sellerId: string, prefix: string, list: CodeInput[]): CodeRow[] {
  return list.map((c) => ({
    ...c,
    id: `${prefix}-code-${c.code.toLowerCase()}`,
    sellerId,
    code: c.code.toUpperCase(),
  }));
}

/**
 * Gift-of-membership codes in the states a redeemer meets (spec 2 §4): {prefix}OLD1
 * expired a month ago, {prefix}USED already redeemed, and {prefix}0002 a second redeemable code
 * (the e2e suite checks it out, so HMGIFT0001 and RZGIFT0001 stay redeemable for the other specs
 * and the demo). All are listed in the README.
 */
function giftCodeStates(prefix: string, level: string, value: number, now: Date): CodeInput[] {
  const benefit = { ticket_type_ids: [level], amount_off: value };
  return [
    {
      code: `${prefix}0002`,
      kind: "gift_membership",
      description: "Gift of membership",
      maxUses: 1,
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit,
    },
    {
      code: `${prefix}OLD1`,
      kind: "gift_membership",
      description: "Gift of membership (expired)",
      maxUses: 1,
      validFrom: daysFrom(now, -400),
      validTo: daysFrom(now, -35),
      benefit,
    },
    {
      code: `${prefix}USED`,
      kind: "gift_membership",
      description: "Gift of membership (already redeemed)",
      maxUses: 1,
      uses: 1,
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit,
    },
  ];
}

export function harbourCodes(now: Date): CodeRow[] {
  return codes("harbour-museum", "hm", [
    {
      code: "WELCOME10",
      kind: "promo",
      description: "10% off your tickets",
      advertise: true,
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit: { percent_off: 1000 },
    },
    {
      code: "FIVEOFF",
      kind: "promo",
      description: "$5 off your order",
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit: { amount_off: 500 },
    },
    {
      code: "SOLDOUT",
      kind: "promo",
      description: "Half price (already used)",
      maxUses: 1,
      uses: 1,
      benefit: { percent_off: 5000 },
    },
    {
      code: "EXPIRED2020",
      kind: "promo",
      description: "A 2020 promotion",
      validFrom: new Date("2020-01-01T00:00:00Z"),
      validTo: new Date("2020-12-31T23:59:59Z"),
      benefit: { percent_off: 2000 },
    },
    {
      code: "PREVIEW",
      kind: "promo",
      description: "Unlocks the members-only preview",
      benefit: { unlocks_ticket_group_ids: ["hm-preview-members"] },
    },
    {
      code: "CURATOR",
      kind: "promo",
      description: "Booking code for the curator's private tour",
      benefit: { unlocks_ticket_group_ids: ["hm-curator-tour"] },
    },
    {
      code: "HMGIFT0001",
      kind: "gift_membership",
      description: "Gift of an Individual membership",
      maxUses: 1,
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit: { ticket_type_ids: ["hm-membership-individual"], amount_off: 7500 },
    },
    ...giftCodeStates("HMGIFT", "hm-membership-individual", 7500, now),
  ]);
}

export function zooCodes(now: Date): CodeRow[] {
  const citypass = (code: string, typeId: string, uses = 0): CodeInput => ({
    code,
    kind: "voucher",
    description: "CityPASS ticket",
    maxUses: 1,
    uses,
    benefit: { ticket_type_ids: [typeId] },
  });
  return codes("riverside-zoo", "rz", [
    {
      code: "ZOO15",
      kind: "promo",
      description: "15% off day admission",
      advertise: true,
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit: { percent_off: 1500, ticket_type_ids: ["rz-day-adult", "rz-day-child", "rz-day-concession"] },
    },
    citypass("CPA12345678", "rz-citypass-adult"),
    citypass("CPA00000001", "rz-citypass-adult"),
    citypass("CPA99999999", "rz-citypass-adult", 1),
    citypass("CPC12345678", "rz-citypass-child"),
    citypass("CPC00000001", "rz-citypass-child"),
    {
      code: "RZGIFT0001",
      kind: "gift_membership",
      description: "Gift of an Adult membership",
      maxUses: 1,
      validFrom: daysFrom(now, -30),
      validTo: daysFrom(now, 365),
      benefit: { ticket_type_ids: ["rz-membership-adult"], amount_off: 6500 },
    },
    ...giftCodeStates("RZGIFT", "rz-membership-adult", 6500, now),
  ]);
}

const card = (sellerId: string, number: string, balance: number, state = "active"): LedgerRow => ({
  id: `ledger-${number.toLowerCase()}`,
  sellerId,
  type: "gift_card",
  number,
  balance,
  state,
});

export function harbourLedgers(): LedgerRow[] {
  return [
    card("harbour-museum", "GC-1000-0001", 10000),
    card("harbour-museum", "GC-1000-0002", 0),
    card("harbour-museum", "GC-1000-0003", 2500, "inactive"),
    // A second $100 card: the e2e suite spends GC-1000-0001 in one spec and this one in another,
    // so the specs never race for one balance (tests/e2e/gift-card-payments.spec.ts).
    card("harbour-museum", "GC-1000-0004", 10000),
  ];
}

export function zooLedgers(): LedgerRow[] {
  return [card("riverside-zoo", "GC-2000-0001", 5000)];
}
