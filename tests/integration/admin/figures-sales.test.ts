/**
 * The sales figures match the database: their totals are the sum of the completed orders made in
 * the period (totals, live tickets, refunds), and every breakdown (by day, event and ticket type)
 * adds up to them. Orders are made through the API; a refund row stands for a staff refund.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, localDate, localDateRange } from "../../../src/lib/domain/calendar.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { salesCsv, salesFigures } from "../../../src/lib/server/services/admin/figures/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { HARBOUR, RIVERSIDE, refusal, staff } from "./admin-helpers.ts";

const api = withTestApi();

async function buy(sellerTypes: { type: string; quantity: number }[], sessionId: string) {
  const env = asCart(
    await send(api, "POST", `/api/my/cart/modify?_seller=${HARBOUR}`, {
      add: sellerTypes.map((l) => ({
        ticket_type_id: l.type,
        event_session_id: sessionId,
        quantity: l.quantity,
      })),
    }),
  );
  return payAsGuest(api, cartOf(env).id, {
    first_name: "Grace",
    last_name: "Hopper",
    email: "grace@example.com",
  });
}

/** The database's own sums for a seller's period, computed here from the rows. */
async function databaseSums(sellerId: string, timeZone: string, from: string, until: string) {
  const range = localDateRange(from, until, timeZone);
  const orders = await api.handle.db
    .select()
    .from(s.ticketOrder)
    .where(
      and(
        eq(s.ticketOrder.sellerId, sellerId),
        eq(s.ticketOrder.state, "completed"),
        gte(s.ticketOrder.createdAt, range.start),
        lt(s.ticketOrder.createdAt, range.end),
      ),
    );
  const ids = orders.map((o) => o.id);
  const tickets = ids.length
    ? await api.handle.db.select().from(s.ticket).where(inArray(s.ticket.ticketOrderId, ids))
    : [];
  const cartIds = orders.map((o) => o.cartId);
  const payments = cartIds.length
    ? await api.handle.db.select().from(s.payment).where(inArray(s.payment.cartId, cartIds))
    : [];
  const refunds = payments.filter(
    (p) => p.refundOfPaymentId !== null && (p.state === "refund" || p.state === "refund_due"),
  );
  return {
    orders: orders.length,
    sales: orders.reduce((sum, o) => sum + o.total, 0),
    tickets: tickets.filter((t) => t.state === "booked" || t.state === "redeemed").length,
    refunds: refunds.reduce((sum, p) => sum + p.amount, 0),
  };
}

describe("sales figures", () => {
  it("totals equal the sum of the orders, and every breakdown adds up to the totals", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 3);
    await setSessionCapacity(api, session.id, 80, 0);
    const first = await buy([{ type: "hm-ga-adult", quantity: 2 }], session.id);
    await buy([{ type: "hm-ga-adult", quantity: 1 }], session.id);
    const until = localDate(api.clock.now(), "America/New_York");
    const from = addDays(until, -90);
    const before = await salesFigures(api.handle.db, staff("viewer"), { from, until }, api.clock.now());
    // A staff refund of one ticket of the first order: the ticket cancelled, 500 given back.
    const [ticket] = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, first));
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, first));
    await api.handle.db
      .update(s.ticket)
      .set({ state: "cancelled" })
      .where(eq(s.ticket.id, ticket?.id ?? ""));
    const [paid] = await api.handle.db
      .select()
      .from(s.payment)
      .where(and(eq(s.payment.cartId, order?.cartId ?? ""), eq(s.payment.state, "succeeded")));
    await api.handle.db.insert(s.payment).values({
      id: randomUUID(),
      sellerId: HARBOUR,
      cartId: order?.cartId ?? "",
      gatewayId: "test",
      state: "refund",
      amount: 500,
      occurredAt: api.clock.now(),
      refundOfPaymentId: paid?.id ?? null,
    });
    // A gift card taken off the cart before checkout (a whole payment marked refunded) is no refund of the order.
    await api.handle.db.insert(s.payment).values({
      id: randomUUID(),
      sellerId: HARBOUR,
      cartId: order?.cartId ?? "",
      gatewayId: "ledger",
      state: "refunded",
      amount: 700,
      occurredAt: api.clock.now(),
    });

    const figures = await salesFigures(api.handle.db, staff("viewer"), { from, until }, api.clock.now());
    const db = await databaseSums(HARBOUR, "America/New_York", from, until);
    expect(db.orders).toBeGreaterThan(1);
    expect(figures.totals).toMatchObject(db);
    expect(figures.totals.refunds - before.totals.refunds).toBe(500);
    expect(figures.totals.tickets - before.totals.tickets).toBe(-1);
    expect(figures.byDay).toHaveLength(91);
    for (const lines of [figures.byDay, figures.byEvent, figures.byTicketType]) {
      for (const key of ["tickets", "sales", "fees", "refunds"] as const) {
        expect(
          lines.reduce((sum, l) => sum + l[key], 0),
          key,
        ).toBe(figures.totals[key]);
      }
    }
    expect(figures.byDay.reduce((sum, l) => sum + l.orders, 0)).toBe(figures.totals.orders);
    const adult = figures.byTicketType.find((l) => l.ticketTypeId === "hm-ga-adult");
    expect(adult?.tickets).toBeGreaterThanOrEqual(2);
    expect(adult?.refunds).toBeGreaterThanOrEqual(500);
  });

  it("the CSV has a row per day and a Total row with the totals, money in the currency's units", async () => {
    const until = localDate(api.clock.now(), "America/New_York");
    const from = addDays(until, -6);
    const figures = await salesFigures(api.handle.db, staff("admin"), { from, until }, api.clock.now());
    const { csv, filename } = await salesCsv(api.handle.db, staff("admin"), { from, until }, api.clock.now());
    expect(filename).toBe(`sales-day-${from}-${until}.csv`);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,orders,tickets,sales,fees,refunds,currency");
    expect(lines).toHaveLength(1 + 7 + 1);
    const t = figures.totals;
    expect(lines.at(-1)).toBe(
      `Total,${t.orders},${t.tickets},${t.sales / 100},${t.fees / 100},${t.refunds / 100},${figures.currency}`,
    );
    const byType = await salesCsv(
      api.handle.db,
      staff("admin"),
      { from, until, by: "ticket_type" },
      api.clock.now(),
    );
    expect(byType.csv.split("\r\n")[0]).toBe("event,ticket type,orders,tickets,sales,fees,refunds,currency");
  });

  it("another seller's staff get their own seller's figures only", async () => {
    const until = localDate(api.clock.now(), "Europe/London");
    const from = addDays(until, -90);
    const zoo = await salesFigures(
      api.handle.db,
      staff("viewer", RIVERSIDE),
      { from, until },
      api.clock.now(),
    );
    expect(zoo.currency).not.toBe("");
    expect(zoo.totals).toMatchObject(await databaseSums(RIVERSIDE, "Europe/London", from, until));
    expect(zoo.byTicketType.some((l) => l.ticketTypeId.startsWith("hm-"))).toBe(false);
  });

  it("a gate actor may not read them; a period is from..until, at most 366 days", async () => {
    const now = api.clock.now();
    await refusal(
      salesFigures(api.handle.db, staff("gate"), { from: "2026-11-01", until: "2026-11-02" }, now),
      "forbidden_for_role",
    );
    await refusal(
      salesCsv(api.handle.db, staff("gate"), { from: "2026-11-01", until: "2026-11-02" }, now),
      "forbidden_for_role",
    );
    await refusal(
      salesFigures(api.handle.db, staff("viewer"), { from: "2026-11-02", until: "2026-11-01" }, now),
      "validation_failed",
    );
    await refusal(
      salesFigures(api.handle.db, staff("viewer"), { from: "2025-01-01", until: "2026-11-01" }, now),
      "validation_failed",
    );
  });
});
