/**
 * The pure rules of an edit (src/lib/domain/manage/edit.ts): spec 2 §4 (outstanding
 * total, free confirm when zero or less), §8 (the reschedule errors), and the tenant's lower-price rule.
 */
import { describe, expect, it } from "vitest";
import {
  confirmRoute,
  editedOrderTotal,
  rescheduleFailure,
  splitRefund,
} from "../../../src/lib/domain/manage/edit.ts";

describe("the edit's confirm route", () => {
  it("confirm uses the free gateway when the outstanding total is zero or less, else pays", () => {
    expect(confirmRoute(0)).toBe("free");
    expect(confirmRoute(-1)).toBe("free");
    expect(confirmRoute(1)).toBe("pay");
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
