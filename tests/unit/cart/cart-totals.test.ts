import { describe, expect, it } from "vitest";
import { computeCartTotals, type TotalsTicket } from "../../../src/lib/domain/cart-totals.ts";

const ticket = (id: string, faceValue: number, extra: Partial<TotalsTicket> = {}): TotalsTicket => ({
  id,
  ticketTypeId: "adult",
  faceValue,
  feeFixedOutside: 0,
  feePercentOutside: 0,
  lineKind: "ticket",
  ...extra,
});

describe("cart totals (spec §3 'totals (face value, fixed fee, percent fee, promo discount)')", () => {
  it("adds outside fixed fees and percent fees per ticket on its face value, in minor units", () => {
    const t = computeCartTotals(
      [ticket("a", 2500, { feeFixedOutside: 150 }), ticket("b", 4500, { feePercentOutside: 250 })],
      [],
    );
    // 2.5 % of 45.00 = 1.125 -> 1.13 (half away from zero, once per ticket)
    expect(t).toMatchObject({ faceValue: 7000, feeFixed: 150, feePercent: 113, discount: 0, total: 7263 });
    expect(t.ticketPercentFees.get("b")).toBe(113);
  });
  it("percent_off takes basis points off matching tickets only", () => {
    const t = computeCartTotals(
      [ticket("a", 2500), ticket("c", 1200, { ticketTypeId: "child" })],
      [{ code: "ADULT10", benefit: { percent_off: 1000, ticket_type_ids: ["adult"] } }],
    );
    expect(t.discount).toBe(250);
    expect(t.ticketDiscounts.get("c")).toBe(0);
    expect(t.codeDiscounts).toEqual([{ code: "ADULT10", discount: 250 }]);
  });
  it("amount_off comes off the order and never takes a ticket below zero; fees stay", () => {
    const t = computeCartTotals(
      [ticket("a", 300, { feeFixedOutside: 100 }), ticket("b", 200)],
      [{ code: "BIG", benefit: { amount_off: 10_000 } }],
    );
    expect(t.discount).toBe(500);
    expect(t.total).toBe(100);
  });
  it("several codes apply in order; codes without a discount are not cart mods", () => {
    const t = computeCartTotals(
      [ticket("a", 2500), ticket("b", 2500)],
      [
        { code: "WELCOME10", benefit: { percent_off: 1000 } },
        { code: "FIVEOFF", benefit: { amount_off: 500 } },
        { code: "PREVIEW", benefit: { unlocks_ticket_group_ids: ["g"] } },
      ],
    );
    expect(t.codeDiscounts).toEqual([
      { code: "WELCOME10", discount: 500 },
      { code: "FIVEOFF", discount: 500 },
    ]);
    expect(t.total).toBe(4000);
  });
  it("an empty cart totals zero", () => {
    expect(computeCartTotals([], [{ code: "X", benefit: { amount_off: 500 } }])).toMatchObject({
      total: 0,
      discount: 0,
    });
  });
});

describe("'A code discounts only what it is for. Donations, gift cards and memberships are never discounted unless the code names them.'", () => {
  // Regression: WELCOME10 took $36.20 off a $362 cart holding a $20 donation and $100 of gift cards.
  const issueCart = [
    ticket("adult-1", 12_100),
    ticket("adult-2", 12_100),
    ticket("donation", 2_000, { ticketTypeId: "donation-20", lineKind: "donation" }),
    ticket("card-1", 5_000, { ticketTypeId: "gift-card-50", lineKind: "gift_card" }),
    ticket("card-2", 5_000, { ticketTypeId: "gift-card-50", lineKind: "gift_card" }),
  ];
  const WELCOME10 = { code: "WELCOME10", benefit: { percent_off: 1000 } };

  it("WELCOME10 on $362 with a $20 donation and $100 of gift cards takes 10% of $242 = $24.20 only", () => {
    const t = computeCartTotals(issueCart, [WELCOME10]);
    expect(t.faceValue).toBe(36_200);
    expect(t.discount).toBe(2_420);
    expect(t.total).toBe(36_200 - 2_420);
    expect(t.ticketDiscounts.get("donation")).toBe(0);
    expect(t.ticketDiscounts.get("card-1")).toBe(0);
    expect(t.ticketDiscounts.get("card-2")).toBe(0);
  });

  it("a fixed amount off comes off tickets only, never a gift card, however large", () => {
    const cart = [
      ticket("adult", 1_000),
      ticket("card", 5_000, { ticketTypeId: "gift-card-50", lineKind: "gift_card" }),
    ];
    const t = computeCartTotals(cart, [{ code: "BIG", benefit: { amount_off: 10_000 } }]);
    expect(t.discount).toBe(1_000);
    expect(t.ticketDiscounts.get("card")).toBe(0);
  });

  it("a membership is not discounted by a general code", () => {
    const cart = [ticket("level", 7_500, { ticketTypeId: "individual", lineKind: "membership" })];
    expect(computeCartTotals(cart, [WELCOME10]).discount).toBe(0);
  });

  it("a code that names a kind (line_kinds) or a type (ticket_type_ids) discounts it", () => {
    const donations = computeCartTotals(issueCart, [
      { code: "GIVE", benefit: { percent_off: 1000, line_kinds: ["donation"] } },
    ]);
    expect(donations.discount).toBe(200);
    const level = computeCartTotals(
      [ticket("level", 7_500, { ticketTypeId: "individual", lineKind: "membership" })],
      [{ code: "GIFT", benefit: { amount_off: 7_500, ticket_type_ids: ["individual"] } }],
    );
    expect(level.discount).toBe(7_500);
  });
});
