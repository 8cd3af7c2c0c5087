import { describe, expect, it } from "vitest";
import {
  isUpcoming,
  newestFirst,
  paymentAudit,
  scheduledPaymentStatus,
  soonestFirst,
  ticketDisplayState,
} from "../../../src/lib/domain/account/orders.ts";

const now = new Date("2026-11-17T15:30:00-05:00");
const before = new Date("2026-11-10T10:00:00-05:00");
const after = new Date("2026-11-20T10:00:00-05:00");

describe("ticket states (spec 2 §4)", () => {
  it("'Cancelled or unbooked count as cancelled'", () => {
    expect(ticketDisplayState("cancelled", after, now)).toBe("Cancelled");
    expect(ticketDisplayState("unbooked", after, now)).toBe("Cancelled");
    expect(ticketDisplayState("cancelled", before, now)).toBe("Cancelled");
  });
  it("'A session is shown as Redeemed, Cancelled or Past Event': redeemed wins over past", () => {
    expect(ticketDisplayState("redeemed", before, now)).toBe("Redeemed");
    expect(ticketDisplayState("booked", before, now)).toBe("Past Event");
  });
  it("an active ticket of a future session, or one without a date, has no state label", () => {
    expect(ticketDisplayState("booked", after, now)).toBeNull();
    expect(ticketDisplayState("booked", null, now)).toBeNull();
    expect(ticketDisplayState("booked", now, now)).toBeNull();
  });
});

describe("scheduled payments (spec 2 §4)", () => {
  it("'Upcoming when due is in the future, else Overdue'", () => {
    expect(scheduledPaymentStatus(after, now)).toBe("Upcoming");
    expect(scheduledPaymentStatus(before, now)).toBe("Overdue");
    expect(scheduledPaymentStatus(now, now)).toBe("Overdue");
  });
});

describe("payment audit (spec 2 §3: capture shown Paid, refund Refund, disputes)", () => {
  const row = (id: string, state: string, day: number, amount = 1000) => ({
    id,
    state,
    amount,
    gatewayId: "test",
    occurredAt: new Date(Date.UTC(2026, 10, day)),
  });
  it("captures, refunds and dispute events, oldest first; pending and failed left out", () => {
    const audit = paymentAudit([
      row("r", "refund", 12, 500),
      row("p", "succeeded", 10),
      row("x", "pending", 11),
      row("f", "failed", 11),
      row("d", "dispute_opened", 13),
      row("c", "dispute_closed", 14),
      row("fee", "dispute_fee", 14, 1500),
    ]);
    expect(audit.map((e) => [e.id, e.action])).toEqual([
      ["p", "capture"],
      ["r", "refund"],
      ["d", "dispute_opened"],
      ["c", "dispute_closed"],
      ["fee", "dispute_fee"],
    ]);
  });
  it("a payment refunded in full is its capture followed by its refund", () => {
    expect(paymentAudit([row("g", "refunded", 10)]).map((e) => e.action)).toEqual(["capture", "refund"]);
  });
});

describe("sorting", () => {
  it("'/my/orders: recent orders, newest first'", () => {
    const rows = [
      { id: "a", createdAt: before },
      { id: "b", createdAt: after },
      { id: "c", createdAt: now },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(["b", "c", "a"]);
  });
  it("'/my/upcoming: upcoming sessions ... soonest first'", () => {
    const rows = [
      { sessionId: "s2", orderNumber: "2", start: after },
      { sessionId: "s1", orderNumber: "1", start: now },
      { sessionId: "s3", orderNumber: "0", start: after },
    ];
    expect(soonestFirst(rows).map((r) => r.sessionId)).toEqual(["s1", "s3", "s2"]);
    expect(isUpcoming(before, now)).toBe(false);
    expect(isUpcoming(after, now)).toBe(true);
  });
});
