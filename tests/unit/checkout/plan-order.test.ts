/**
 * The confirmation checkout shows after a plan's first payment booked the order (spec 2 §4
 * "partial: stay on checkout, show a success message with the paid amount and the next due date").
 */
import { describe, expect, it } from "vitest";
import { type PlanPaymentAnswer, planOrderConfirmation } from "../../../src/lib/domain/plan-order.ts";

const answer = (order: boolean): PlanPaymentAnswer => ({
  checkout_result: { _data: [{ status: "partial", amount_paid: "25.50", total_outstanding: "49.50" }] },
  ticket_order: { _data: order ? [{ id: "o 1", order_number: "727941741" }] : [] },
  scheduled_payment: {
    _data: [
      { id: "c-1", due_date: "2026-11-22T12:00:00.000Z", amount: "25.50", status: "Paid", due_today: false },
      {
        id: "c-2",
        due_date: "2026-12-22T12:00:00.000Z",
        amount: "24.75",
        status: "Upcoming",
        due_today: false,
      },
    ],
  },
});
const context = { items: ["Membership: Individual"], base: "/harbour-museum", email: "greta@example.test" };

describe("the plan order's confirmation", () => {
  it("a partial answer that booked an order gives its number, what it bought, the schedule and the e-mail", () => {
    // Regression: after the first instalment the buyer saw no order number and no e-mail.
    expect(planOrderConfirmation(answer(true), { ...context, member: false })).toEqual({
      orderId: "o 1",
      orderNumber: "727941741",
      paid: 2550,
      outstanding: 4950,
      items: ["Membership: Individual"],
      rows: [
        { id: "c-1", dueDate: "2026-11-22T12:00:00.000Z", amount: 2550, status: "Paid", dueToday: false },
        { id: "c-2", dueDate: "2026-12-22T12:00:00.000Z", amount: 2475, status: "Upcoming", dueToday: false },
      ],
      orderHref: "/harbour-museum/checkout/complete?orderIds=o%201",
      email: "greta@example.test",
    });
  });

  it("a logged-in buyer's link goes to the order in my account", () => {
    expect(planOrderConfirmation(answer(true), { ...context, member: true })?.orderHref).toBe(
      "/harbour-museum/my/orders/o%201",
    );
  });

  it("a partial answer with no order (pay, or a payment still processing) gives none: the plain message shows", () => {
    expect(planOrderConfirmation(answer(false), { ...context, member: false })).toBeNull();
  });
});
