/**
 * Issue 14, the pure rules of an edit (src/lib/domain/manage/edit.ts): spec 2 §4 (outstanding
 * total, free confirm when zero or less), §8 (the reschedule errors), and the tenant's lower-price rule.
 */
import { describe, expect, it } from "vitest";
import {
  confirmRoute,
  editedOrderTotal,
  editOutstanding,
  removalCredit,
  rescheduleDifference,
  rescheduleFailure,
  splitRefund,
} from "../../src/lib/domain/manage/edit.ts";

describe("the edit's outstanding total", () => {
  it("is added less removed, and may be zero or less (spec 2 §4)", () => {
    expect(editOutstanding(5300, 0, 5300)).toBe(0);
    expect(editOutstanding(2650, 0, 5300)).toBe(-2650);
    expect(editOutstanding(6000, 0, 5300)).toBe(700);
    expect(editOutstanding(6000, 700, 5300)).toBe(0);
  });

  it("confirm uses the free gateway when the outstanding total is zero or less, else pays", () => {
    expect(confirmRoute(0)).toBe("free");
    expect(confirmRoute(-1)).toBe("free");
    expect(confirmRoute(1)).toBe("pay");
  });
});

describe("the credit of removed tickets", () => {
  it("is their list value when the order paid the list price", () => {
    expect(removalCredit(2650, 5300, 5300)).toBe(2650);
  });
  it("is scaled down with a discount the order had", () => {
    expect(removalCredit(2650, 5300, 2650)).toBe(1325);
  });
  it("is nothing for a free order, and never more than the list value", () => {
    expect(removalCredit(2650, 5300, 0)).toBe(0);
    expect(removalCredit(2650, 5300, 9000)).toBe(2650);
    expect(removalCredit(0, 5300, 5300)).toBe(0);
  });
});

describe("a lower price follows self_edit.lower_price", () => {
  it("'refund' lowers the order's total by the difference; 'keep' keeps it", () => {
    expect(editedOrderTotal(5300, -2650, "refund")).toBe(2650);
    expect(editedOrderTotal(5300, -2650, "keep")).toBe(5300);
  });
  it("a higher price raises the total either way", () => {
    expect(editedOrderTotal(5300, 1000, "refund")).toBe(6300);
    expect(editedOrderTotal(5300, 1000, "keep")).toBe(6300);
  });
  it("a refund is split over the payments newest first, never more than each has left", () => {
    const payments = [
      { id: "old", amount: 3000 },
      { id: "new", amount: 1000 },
    ];
    expect(splitRefund(2500, payments)).toEqual([
      { id: "new", amount: 1000 },
      { id: "old", amount: 1500 },
    ]);
    expect(splitRefund(9000, payments)).toEqual([
      { id: "new", amount: 1000 },
      { id: "old", amount: 3000 },
    ]);
    expect(splitRefund(0, payments)).toEqual([]);
  });
});

describe("the reschedule's price difference", () => {
  const tickets = [
    { ticketTypeId: "adult", faceValue: 2500 },
    { ticketTypeId: "adult", faceValue: 2500 },
    { ticketTypeId: "child", faceValue: 1200 },
  ];
  it("is the new session's prices less the tickets' face values", () => {
    expect(rescheduleDifference(tickets, { adult: 3000, child: 1200 })).toBe(1000);
    expect(rescheduleDifference(tickets, { adult: 2500, child: 1000 })).toBe(-200);
  });
  it("is unknown (null) while a type has no price at the new session", () => {
    expect(rescheduleDifference(tickets, { adult: 3000 })).toBeNull();
  });
});

describe("spec 2 §8 'Reschedule known errors'", () => {
  it("cart_expired or the ticket errors show a restart message with a link back to the order", () => {
    for (const code of ["cart_expired", "tickets_too_old", "ticket_state_incorrect", "ticket_not_found"]) {
      expect(rescheduleFailure({ status: 409, code, description: "x" })).toEqual({ kind: "restart" });
    }
  });
  it("otherwise the cart is deleted: event_session_sold_out shows its own text", () => {
    expect(
      rescheduleFailure({
        status: 409,
        code: "event_session_sold_out",
        description: "Tickets have sold out.",
      }),
    ).toEqual({ kind: "delete", message: "Tickets have sold out." });
  });
  it("anything unexpected: the cart is deleted and the fallback 'Oops! Sorry, something went wrong.' shows", () => {
    expect(rescheduleFailure({ status: 500, code: "internal", description: "boom" })).toEqual({
      kind: "delete",
      message: null,
    });
    expect(rescheduleFailure({ status: 0, code: "unexpected", description: "" })).toEqual({
      kind: "delete",
      message: null,
    });
  });
});
