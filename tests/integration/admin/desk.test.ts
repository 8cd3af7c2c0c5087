/**
 * The box office's desk sale on a seeded database: by card and by cash it makes a paid order of the
 * seller with booked tickets and scan codes, takes the places and is audited; never past capacity
 * (a refused sale leaves nothing held); the day's sellable sessions; the roles, another seller's
 * staff, bad input; the admin API's calls; and a desk sale refunded at the desk.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localDate } from "../../../src/lib/domain/calendar.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import { deskDay, deskTickets, sellAtDesk } from "../../../src/lib/server/services/admin/desk/index.ts";
import { refundOrder, searchOrders } from "../../../src/lib/server/services/admin/orders/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { heldCount, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { refusal, staffActor, usedCapacity } from "./helpers.ts";

const api = withTestApi();
const now = () => api.clock.now();
const HM = "harbour-museum";
const boxOffice = () => staffActor(api, HM, "box_office");

/** A museum general admission session with `capacity` places, none taken. */
async function freshSession(offset: number, capacity = 20) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, capacity, 0);
  return session;
}

async function orderRow(orderId: string) {
  const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

async function paymentsOf(orderId: string) {
  const order = await orderRow(orderId);
  return api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, order.cartId));
}

async function ticketsOf(orderId: string) {
  return api.handle.db
    .select({ ticket: s.ticket, scan: s.ticketScan })
    .from(s.ticket)
    .leftJoin(s.ticketScan, eq(s.ticketScan.ticketId, s.ticket.id))
    .where(eq(s.ticket.ticketOrderId, orderId));
}

describe("a desk sale", () => {
  it("by card: a paid order of the seller, sold at the desk, its tickets booked with scan codes and its places taken", async () => {
    const session = await freshSession(60);
    const actor = await boxOffice();
    const sale = await sellAtDesk(
      api.handle.db,
      actor,
      {
        sessionId: session.id,
        lines: [
          { ticketTypeId: "hm-ga-adult", quantity: 2 },
          { ticketTypeId: "hm-ga-child", quantity: 1 },
        ],
        payment: { method: "card", last4: "4321", reference: "T-778" },
      },
      now(),
    );
    // 2 × (25.00 + 1.50 fee) + 12.00.
    expect(sale).toMatchObject({
      total: "65.00",
      currency: "USD",
      method: "card",
      tickets: 3,
      emailed: false,
    });
    expect(sale.change).toBeNull();
    const order = await orderRow(sale.orderId);
    expect(order).toMatchObject({
      state: "completed",
      channel: "desk",
      total: 6500,
      sellerId: actor.sellerId,
    });
    expect(order.orderNumber).toBe(sale.orderNumber);
    const tickets = await ticketsOf(sale.orderId);
    expect(tickets).toHaveLength(3);
    for (const t of tickets) {
      expect(t.ticket.state).toBe("booked");
      expect(t.scan?.scanCode).toMatch(/^[2-9A-Z]{12}$/);
    }
    const payments = await paymentsOf(sale.orderId);
    expect(payments).toEqual([
      expect.objectContaining({
        gatewayId: "desk_card",
        state: "succeeded",
        amount: 6500,
        cardLast4: "4321",
        providerReference: "T-778",
      }),
    ]);
    expect(await usedCapacity(api, session.id)).toBe(3);
    expect(await heldCount(api, session.id)).toBe(0);
    const [audit] = await api.handle.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.resource, "ticket_order"), eq(s.auditLog.resourceId, sale.orderId)));
    expect(audit).toMatchObject({ action: "desk.sell", actorId: actor.id, actorName: actor.name });
    expect(audit?.details).toMatchObject({ method: "card", amount: "65.00", tickets: 3, card_last4: "4321" });
    // An ordinary order of the seller: staff find it by its number and by the card's last four digits.
    const byNumber = await searchOrders(api.handle.db, actor, { q: sale.orderNumber });
    expect(byNumber.map((o) => o.id)).toContain(sale.orderId);
    const byCard = await searchOrders(api.handle.db, actor, { q: "4321" });
    expect(byCard.map((o) => o.id)).toContain(sale.orderId);
    // Its tickets as cards to print: the same scan codes.
    const cards = await deskTickets(api.handle.db, actor, { orderId: sale.orderId });
    expect(cards.orderNumber).toBe(sale.orderNumber);
    expect(cards.cards.map((c) => c.scanCode).sort()).toEqual(tickets.map((t) => t.scan?.scanCode).sort());
    expect(cards.cards[0]).toMatchObject({ eventName: expect.any(String), sessionId: session.id });
  });

  it("by cash: marked paid with the change from what was tendered, and the tickets e-mailed to the buyer", async () => {
    const session = await freshSession(61);
    const email = `walk-in-${randomUUID().slice(0, 8)}@example.com`;
    const sale = await sellAtDesk(
      api.handle.db,
      await boxOffice(),
      {
        sessionId: session.id,
        lines: [{ ticketTypeId: "hm-ga-adult", quantity: 2 }],
        buyer: { firstName: "Grace", lastName: "Hopper", email },
        payment: { method: "cash", tendered: "60.00" },
        emailTickets: true,
      },
      now(),
    );
    expect(sale).toMatchObject({
      total: "53.00",
      method: "cash",
      tendered: "60.00",
      change: "7.00",
      tickets: 2,
      buyerEmail: email,
      emailed: true,
    });
    expect(await paymentsOf(sale.orderId)).toEqual([
      expect.objectContaining({ gatewayId: "desk_cash", state: "succeeded", amount: 5300, cardLast4: null }),
    ]);
    const mails = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.relatedId, sale.orderId), eq(s.outbox.kind, "order_confirmation")));
    expect(mails.map((m) => m.toAddress)).toEqual([email]);
    expect(await usedCapacity(api, session.id)).toBe(2);
  });

  it("without a buyer: the seller's public identity's order, and no mail", async () => {
    const session = await freshSession(62);
    const sale = await sellAtDesk(
      api.handle.db,
      await boxOffice(),
      {
        sessionId: session.id,
        lines: [{ ticketTypeId: "hm-ga-child", quantity: 1 }],
        payment: { method: "cash" },
        emailTickets: true,
      },
      now(),
    );
    expect(sale).toMatchObject({
      total: "12.00",
      tendered: null,
      change: null,
      buyerEmail: null,
      emailed: false,
    });
    expect(await orderRow(sale.orderId)).toMatchObject({ guest: true, channel: "desk" });
  });

  it("never sells past capacity, and a refused sale leaves no place held", async () => {
    const session = await freshSession(63, 3);
    const actor = await boxOffice();
    const sell = (quantity: number) =>
      sellAtDesk(
        api.handle.db,
        actor,
        {
          sessionId: session.id,
          lines: [{ ticketTypeId: "hm-ga-adult", quantity }],
          payment: { method: "card" },
        },
        now(),
      );
    await sell(2);
    expect(await refusal(sell(2))).toEqual({ status: 409, code: "session_capacity_exceeded" });
    expect(await usedCapacity(api, session.id)).toBe(2);
    expect(await heldCount(api, session.id)).toBe(0);
    await sell(1);
    expect(await usedCapacity(api, session.id)).toBe(3);
  });

  it("cash short of the total is refused, and its places go back on sale", async () => {
    const session = await freshSession(64, 5);
    const refused = await refusal(
      sellAtDesk(
        api.handle.db,
        await boxOffice(),
        {
          sessionId: session.id,
          lines: [{ ticketTypeId: "hm-ga-adult", quantity: 2 }],
          payment: { method: "cash", tendered: "50.00" },
        },
        now(),
      ),
    );
    expect(refused).toEqual({ status: 400, code: "desk_cash_short" });
    expect(await usedCapacity(api, session.id)).toBe(0);
    expect(await heldCount(api, session.id)).toBe(0);
  });

  it("refuses members-only and seated ticket types, and a ticket type of another event", async () => {
    const session = await freshSession(65);
    const concert = await upcomingSession(api, "hm-evening-concert", 0);
    const actor = await boxOffice();
    const sell = (sessionId: string, ticketTypeId: string) =>
      sellAtDesk(
        api.handle.db,
        actor,
        { sessionId, lines: [{ ticketTypeId, quantity: 1 }], payment: { method: "card" } },
        now(),
      );
    expect(await refusal(sell(session.id, "hm-ga-member-adult"))).toEqual({
      status: 400,
      code: "desk_type_not_sold",
    });
    expect(await refusal(sell(concert.id, "hm-concert-stalls-standard"))).toEqual({
      status: 400,
      code: "desk_seats_not_chosen",
    });
    expect(await refusal(sell(session.id, "hm-exhibition-adult"))).toEqual({
      status: 404,
      code: "not_found",
    });
    expect(await usedCapacity(api, session.id)).toBe(0);
  });

  it("a viewer or gate is refused; another seller's staff do not find the session; bad input is 400", async () => {
    const session = await freshSession(66);
    const body = {
      sessionId: session.id,
      lines: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
      payment: { method: "card" as const },
    };
    for (const role of ["viewer", "gate"] as const) {
      const actor = await staffActor(api, HM, role);
      expect(await refusal(sellAtDesk(api.handle.db, actor, body, now()))).toEqual({
        status: 403,
        code: "forbidden_for_role",
      });
      expect(await refusal(deskDay(api.handle.db, actor, {}, now()))).toEqual({
        status: 403,
        code: "forbidden_for_role",
      });
    }
    const zoo = await staffActor(api, "riverside-zoo", "admin");
    expect(await refusal(sellAtDesk(api.handle.db, zoo, body, now()))).toEqual({
      status: 404,
      code: "not_found",
    });
    const actor = await boxOffice();
    const bad = [
      { ...body, lines: [] },
      { ...body, lines: [{ ticketTypeId: "hm-ga-adult", quantity: 0 }] },
      { ...body, lines: [{ ticketTypeId: "hm-ga-adult", quantity: 51 }] },
      { ...body, payment: { method: "cheque" } },
      { ...body, payment: { method: "card", last4: "12a4" } },
      { ...body, payment: { method: "cash", tendered: "-5" } },
      { ...body, buyer: { email: "not an e-mail" } },
      { ...body, sessionId: "" },
    ];
    for (const input of bad) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately malformed input
      const refused = await refusal(sellAtDesk(api.handle.db, actor, input as any, now()));
      expect([JSON.stringify(input), refused]).toEqual([
        JSON.stringify(input),
        { status: 400, code: "validation_failed" },
      ]);
    }
    expect(await usedCapacity(api, session.id)).toBe(0);
  });

  it("refunded by staff: the desk gives it back by hand, and the places go back on sale", async () => {
    const session = await freshSession(67);
    const actor = await staffActor(api, HM, "admin");
    const sale = await sellAtDesk(
      api.handle.db,
      actor,
      {
        sessionId: session.id,
        lines: [{ ticketTypeId: "hm-ga-child", quantity: 2 }],
        payment: { method: "cash" },
      },
      now(),
    );
    const done = await refundOrder(
      api.handle.db,
      actor,
      { orderId: sale.orderId, scope: { kind: "order" }, reason: "Changed their mind" },
      now(),
    );
    expect(done).toMatchObject({ refunded: "24.00", due: "0.00" });
    expect(await usedCapacity(api, session.id)).toBe(0);
  });
});

describe("the day's sellable sessions", () => {
  it("lists the day's sessions with places left and the types the desk sells at their prices", async () => {
    const session = await freshSession(68, 10);
    const actor = await boxOffice();
    await sellAtDesk(
      api.handle.db,
      actor,
      {
        sessionId: session.id,
        lines: [{ ticketTypeId: "hm-ga-adult", quantity: 4 }],
        payment: { method: "card" },
      },
      now(),
    );
    const [seller] = await api.handle.db.select().from(s.seller).where(eq(s.seller.id, actor.sellerId));
    const date = localDate(session.startDatetime, seller?.timezone ?? "UTC");
    const day = await deskDay(api.handle.db, actor, { date }, now());
    expect(day).toMatchObject({ date, currency: "USD" });
    const listed = day.sessions.find((x) => x.sessionId === session.id);
    expect(listed).toMatchObject({
      capacity: 10,
      remaining: 6,
      closed: false,
      started: false,
      seated: false,
    });
    const types = listed?.ticketTypes ?? [];
    expect(types.find((t) => t.id === "hm-ga-adult")?.price).toBe("26.50");
    expect(types.find((t) => t.id === "hm-ga-child")?.price).toBe("12.00");
    expect(types.some((t) => t.id === "hm-ga-member-adult")).toBe(false);
    expect(await refusal(deskDay(api.handle.db, actor, { date: "2026-13-01" }, now()))).toEqual({
      status: 400,
      code: "validation_failed",
    });
  });
});

describe("the admin API's desk calls", () => {
  async function login(role: "box_office" | "gate", seller = HM): Promise<string> {
    const res = await api.app.request(`/api/admin/login?_seller=${seller}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoStaffEmail(seller, role), password: DEMO_STAFF_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return /foyer_staff=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  }
  const call = async (method: string, path: string, cookie: string, body?: unknown) => {
    const res = await api.app.request(`/api${path}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, { _data: Record<string, unknown>[] }>,
    };
  };

  it("sells, lists the day and gives the ticket cards; a gate's cookie is refused; bad bodies are 400", async () => {
    const session = await freshSession(69);
    const cookie = await login("box_office");
    const sale = {
      session_id: session.id,
      lines: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
      payment: { method: "cash", tendered: "30" },
    };
    const sold = await call("POST", `/admin/desk/sales?_seller=${HM}`, cookie, sale);
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const answer = sold.body.desk_sale?._data[0];
    expect(answer).toMatchObject({ total: "26.50", tendered: "30.00", change: "3.50", method: "cash" });
    const orderId = String(answer?.order_id);
    const cards = await call("GET", `/admin/orders/${orderId}/ticket_cards?_seller=${HM}`, cookie);
    expect(cards.status).toBe(200);
    expect(cards.body.ticket_cards?._data[0]?.cards).toHaveLength(1);
    const day = await call("GET", `/admin/desk/sessions?_seller=${HM}`, cookie);
    expect(day.status).toBe(200);
    expect(day.body.desk_day?._data[0]).toMatchObject({ currency: "USD" });

    const gate = await login("gate");
    expect((await call("POST", `/admin/desk/sales?_seller=${HM}`, gate, sale)).status).toBe(403);
    expect((await call("GET", `/admin/desk/sessions?_seller=${HM}`, gate)).status).toBe(403);
    expect((await call("POST", `/admin/desk/sales?_seller=riverside-zoo`, cookie, sale)).status).toBe(404);
    for (const body of [
      {},
      { ...sale, lines: "two" },
      { ...sale, payment: { method: "card", last4: "abcd" } },
    ]) {
      const res = await call("POST", `/admin/desk/sales?_seller=${HM}`, cookie, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(await usedCapacity(api, session.id)).toBe(1);
  });
});
