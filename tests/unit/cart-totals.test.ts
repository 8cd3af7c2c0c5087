import { describe, expect, it } from "vitest";
import { computeCartTotals, type TotalsTicket } from "../../src/lib/domain/cart-totals.ts";

const ticket = (id: string, faceValue: number, extra: Partial<TotalsTicket> = {}): TotalsTicket => ({
  id,
  ticketTypeId: "adult",
  faceValue,
  feeFixedOutside: 0,
  feePercentOutside: 0,
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
