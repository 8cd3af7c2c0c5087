import { describe, expect, it } from "vitest";
import { computeCartTotals } from "../../../src/lib/domain/cart-totals.ts";
import {
  editFeeLines,
  feeLines,
  feeLinesWithPayments,
  orderFeeBreakdown,
} from "../../../src/lib/domain/fee-lines.ts";

const ticket = (id: string, faceValue: number, feeFixedOutside = 0, feePercentOutside = 0) => ({
  id,
  ticketTypeId: "adult",
  faceValue,
  feeFixedOutside,
  feePercentOutside,
  lineKind: "ticket" as const,
});

describe("'Show the fee lines wherever a total includes fees'", () => {
  it("a total with fees reads Subtotal, Fees and Total", () => {
    expect(feeLines({ faceValue: 5000, fees: 300, discount: 0, total: 5300 })).toEqual([
      { key: "subtotal", amount: 5000 },
      { key: "fees", amount: 300 },
      { key: "total", amount: 5300 },
    ]);
  });

  it("a promo discount gets its own line before the Total", () => {
    expect(feeLines({ faceValue: 5000, fees: 300, discount: 500, total: 4800 }).map((l) => l.key)).toEqual([
      "subtotal",
      "fees",
      "discount",
      "total",
    ]);
  });

  it("a total without fees gets no lines", () => {
    expect(feeLines({ faceValue: 5000, fees: 0, discount: 500, total: 4500 })).toEqual([]);
  });

  it("an order's breakdown comes from its tickets' face values and fees, and adds up to its stored total", () => {
    // 2 × $25 with a $1.50 fixed fee and one $120 seat with 2.5%: fees $3.00 + $3.00.
    const tickets = [ticket("a", 2500, 150), ticket("b", 2500, 150), ticket("c", 12000, 0, 250)];
    const total = computeCartTotals(tickets, []).total;
    expect(orderFeeBreakdown(tickets, total)).toEqual({
      faceValue: 17000,
      fees: 600,
      discount: 0,
      total: 17600,
    });
  });

  it("the discount is what the stored total lacks (promo codes taken off at checkout)", () => {
    const tickets = [ticket("a", 2500, 150), ticket("b", 2500, 150)];
    const total = computeCartTotals(tickets, [{ code: "TEN", benefit: { percent_off: 1000 } }]).total;
    expect(orderFeeBreakdown(tickets, total)).toEqual({
      faceValue: 5000,
      fees: 300,
      discount: 500,
      total: 4800,
    });
  });
});

describe("feeLinesWithPayments (the summary agrees with the pay button after a gift card)", () => {
  it("spec 2 §4 'partial payments (gift cards) go first': Paid and Remaining to pay follow the total", () => {
    expect(feeLinesWithPayments({ faceValue: 5000, fees: 300, discount: 0, total: 5300 }, 2000)).toEqual([
      { key: "subtotal", amount: 5000 },
      { key: "fees", amount: 300 },
      { key: "total", amount: 5300 },
      { key: "paid", amount: 2000 },
      { key: "remaining", amount: 3300 },
    ]);
  });

  it("a total without fees is still shown once something is paid, and the remainder never goes below 0", () => {
    expect(feeLinesWithPayments({ faceValue: 4000, fees: 0, discount: 0, total: 4000 }, 5000)).toEqual([
      { key: "total", amount: 4000 },
      { key: "paid", amount: 5000 },
      { key: "remaining", amount: 0 },
    ]);
  });

  it("nothing paid: the plain fee lines (none when the total has no fees)", () => {
    expect(feeLinesWithPayments({ faceValue: 4000, fees: 0, discount: 0, total: 4000 }, 0)).toEqual([]);
  });
});

describe("the confirm page of an order's change sums up to the amount the pay button asks for", () => {
  it("regression: it read 'Total $138.39' over a 'Pay $12.12' button; now the new total less the current tickets is the total to pay", () => {
    const lines = editFeeLines({ faceValue: 4700, fees: 150, discount: 470, total: 4380 }, 4200, 0);
    expect(lines).toEqual([
      { key: "subtotal", amount: 4700 },
      { key: "fees", amount: 150 },
      { key: "discount", amount: 470 },
      { key: "total", amount: 4380 },
      { key: "credit", amount: 4200 },
      { key: "due", amount: 180 },
    ]);
  });

  it("without fees the discount still shows, and a payment already taken comes off before the total to pay", () => {
    expect(editFeeLines({ faceValue: 4400, fees: 0, discount: 440, total: 3960 }, 3600, 100)).toEqual([
      { key: "subtotal", amount: 4400 },
      { key: "discount", amount: 440 },
      { key: "total", amount: 3960 },
      { key: "credit", amount: 3600 },
      { key: "paid", amount: 100 },
      { key: "due", amount: 260 },
    ]);
    expect(
      editFeeLines({ faceValue: 2000, fees: 0, discount: 0, total: 2000 }, 1800, 0).map((l) => l.key),
    ).toEqual(["total", "credit", "due"]);
  });
});
