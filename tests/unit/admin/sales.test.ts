import { describe, expect, it } from "vitest";
import {
  type SalesOrder,
  type SalesTicket,
  salesBreakdown,
  ticketFees,
} from "../../../src/lib/domain/admin/sales.ts";

const NY = "America/New_York";

const ticket = (orderId: string, over: Partial<SalesTicket> = {}): SalesTicket => ({
  orderId,
  state: "booked",
  faceValue: 2000,
  feeFixedOutside: 100,
  feePercentOutside: 0,
  eventTemplateId: "ev-a",
  eventName: "Admission",
  ticketTypeId: "adult",
  ticketTypeName: "Adult",
  ...over,
});

const order = (id: string, iso: string, total: number, refunded = 0): SalesOrder => ({
  id,
  createdAt: new Date(iso),
  total,
  refunded,
});

const DAYS = ["2026-11-20", "2026-11-21", "2026-11-22"];

describe("sales figures", () => {
  const orders = [
    // 23:30 in New York on the 20th is the 21st in UTC: it counts on the 20th.
    order("o1", "2026-11-21T04:30:00Z", 4200),
    // A discount: the tickets' prices with fees are 2100 + 1100, the total 2880.
    order("o2", "2026-11-21T15:00:00Z", 2880),
    // Two tickets, one cancelled and refunded.
    order("o3", "2026-11-22T15:00:00Z", 2100, 2100),
  ];
  const tickets = [
    ticket("o1"),
    ticket("o1"),
    ticket("o2"),
    ticket("o2", {
      faceValue: 1000,
      ticketTypeId: "child",
      ticketTypeName: "Child",
    }),
    ticket("o3", {
      eventTemplateId: "ev-b",
      eventName: "Boat tour",
      ticketTypeId: "boat",
      ticketTypeName: "Boat",
    }),
    ticket("o3", {
      state: "cancelled",
      eventTemplateId: "ev-b",
      eventName: "Boat tour",
      ticketTypeId: "boat",
      ticketTypeName: "Boat",
    }),
  ];
  const figures = salesBreakdown(orders, tickets, NY, DAYS);

  it("totals are the sum of the orders: their totals, live tickets, the live tickets' fees, refunds", () => {
    expect(figures.totals).toEqual({
      orders: 3,
      tickets: 5,
      sales: 4200 + 2880 + 2100,
      fees: 500,
      refunds: 2100,
    });
  });

  it("an order counts on the venue-local day it was made; every day of the period has a line", () => {
    expect(figures.byDay.map((d) => [d.date, d.orders, d.sales])).toEqual([
      ["2026-11-20", 1, 4200],
      ["2026-11-21", 1, 2880],
      ["2026-11-22", 1, 2100],
    ]);
  });

  it("by event and by ticket type add up to the totals, a discount spread by price", () => {
    for (const lines of [figures.byEvent, figures.byTicketType]) {
      for (const key of ["tickets", "sales", "fees", "refunds"] as const) {
        expect(lines.reduce((sum, l) => sum + l[key], 0)).toBe(figures.totals[key]);
      }
    }
    const child = figures.byTicketType.find((l) => l.ticketTypeId === "child");
    // 2880 over 2100 : 1100 → 1890 : 990.
    expect(child?.sales).toBe(990);
    expect(figures.byTicketType.find((l) => l.ticketTypeId === "adult")?.sales).toBe(4200 + 1890);
  });

  it("a refund goes to the order's cancelled tickets; an order counts once per event", () => {
    const boat = figures.byEvent.find((l) => l.eventTemplateId === "ev-b");
    expect(boat).toMatchObject({ orders: 1, tickets: 1, sales: 2100, refunds: 2100 });
    expect(figures.byEvent.find((l) => l.eventTemplateId === "ev-a")?.orders).toBe(2);
  });

  it("an order whose tickets are all cancelled still shows its total on their event", () => {
    const f = salesBreakdown(
      [order("o9", "2026-11-22T15:00:00Z", 500, 1600)],
      [ticket("o9", { state: "cancelled" })],
      NY,
      DAYS,
    );
    expect(f.byEvent).toMatchObject([
      { eventTemplateId: "ev-a", tickets: 0, sales: 500, refunds: 1600, fees: 0 },
    ]);
  });

  it("fees are the fixed fee plus the percent of the face value, rounded as the cart rounds", () => {
    expect(ticketFees({ faceValue: 1999, feeFixedOutside: 100, feePercentOutside: 250 })).toBe(150);
  });
});
