/**
 * The refund rules (domain/admin/refunds.ts): never more than was paid less what went back, a
 * ticket's price with its outside fees, an amount above what is left refused, and a refund that
 * would change nothing refused; plus the card's last four digits the gateways record.
 */
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { planRefund, refundableLeft, ticketPrice } from "../../../src/lib/domain/admin/refunds.ts";
import type { Tx } from "../../../src/lib/server/db/executor.ts";
import { stripeCardLast4 } from "../../../src/lib/server/payments/stripe-gateway.ts";
import { testGateway } from "../../../src/lib/server/payments/test-gateway.ts";
import { likeLiteral } from "../../../src/lib/server/services/admin/orders/search.ts";

const ticket = (faceValue: number, feeFixedOutside = 0, feePercentOutside = 0) => ({
  faceValue,
  feeFixedOutside,
  feePercentOutside,
});

describe("ticketPrice and refundableLeft", () => {
  it("a ticket costs its face value and its outside fees (percent rounded half up)", () => {
    expect(ticketPrice(ticket(2650))).toBe(2650);
    expect(ticketPrice(ticket(1999, 100, 250))).toBe(1999 + 100 + 50);
  });

  it("what is left is paid less refunded, never below zero", () => {
    expect(refundableLeft(5300, 2000)).toBe(3300);
    expect(refundableLeft(5300, 6000)).toBe(0);
  });
});

describe("planRefund", () => {
  it("the whole order gives back everything left", () => {
    expect(planRefund({ scope: { kind: "order" }, paid: 5300, refunded: 1000, ticketsToCancel: 2 })).toEqual({
      ok: true,
      amount: 4300,
    });
  });

  it("tickets give back their price, at most what is left (a discounted order never gives back more than it took)", () => {
    const tickets = [ticket(2650), ticket(2650)];
    expect(
      planRefund({ scope: { kind: "tickets", tickets }, paid: 7950, refunded: 0, ticketsToCancel: 2 }),
    ).toEqual({
      ok: true,
      amount: 5300,
    });
    expect(
      planRefund({ scope: { kind: "tickets", tickets }, paid: 4000, refunded: 0, ticketsToCancel: 2 }),
    ).toEqual({
      ok: true,
      amount: 4000,
    });
    // Nothing left to give back, but tickets to cancel: a refund of 0 that cancels them.
    expect(
      planRefund({ scope: { kind: "tickets", tickets }, paid: 4000, refunded: 4000, ticketsToCancel: 2 }),
    ).toEqual({
      ok: true,
      amount: 0,
    });
  });

  it("an amount above what is left is exceeds_paid; with nothing left, nothing_left", () => {
    expect(
      planRefund({ scope: { kind: "amount", amount: 1000 }, paid: 5300, refunded: 0, ticketsToCancel: 0 }),
    ).toEqual({
      ok: true,
      amount: 1000,
    });
    expect(
      planRefund({ scope: { kind: "amount", amount: 5301 }, paid: 5300, refunded: 0, ticketsToCancel: 0 }),
    ).toEqual({
      ok: false,
      reason: "exceeds_paid",
      left: 5300,
    });
    expect(
      planRefund({ scope: { kind: "amount", amount: 1 }, paid: 5300, refunded: 5300, ticketsToCancel: 0 }),
    ).toEqual({
      ok: false,
      reason: "nothing_left",
      left: 0,
    });
  });

  it("a whole-order refund with no money and no ticket left is nothing_left", () => {
    expect(planRefund({ scope: { kind: "order" }, paid: 5300, refunded: 5300, ticketsToCancel: 0 })).toEqual({
      ok: false,
      reason: "nothing_left",
      left: 0,
    });
  });
});

describe("a card's last four digits", () => {
  it("the test gateway takes them from the card number given", async () => {
    const outcome = await testGateway.charge({} as Tx, {
      cartId: "c1",
      sellerId: "s1",
      amount: 2650,
      currency: "USD",
      data: { card_number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2030, cvc: "123" },
      idempotencyKey: "k",
      now: new Date("2026-11-22T12:00:00Z"),
    });
    expect(outcome.cardLast4).toBe("4242");
  });

  it("Stripe: from the expanded payment method, else the expanded latest charge, else none", () => {
    const intent = (fields: Record<string, unknown>) =>
      ({ id: "pi_1", ...fields }) as unknown as Stripe.PaymentIntent;
    expect(stripeCardLast4(intent({ payment_method: { id: "pm_1", card: { last4: "4242" } } }))).toBe("4242");
    expect(
      stripeCardLast4(
        intent({
          payment_method: "pm_1",
          latest_charge: { payment_method_details: { card: { last4: "1881" } } },
        }),
      ),
    ).toBe("1881");
    expect(stripeCardLast4(intent({ payment_method: "pm_1", latest_charge: "ch_1" }))).toBeNull();
  });
});

describe("likeLiteral", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(likeLiteral("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
