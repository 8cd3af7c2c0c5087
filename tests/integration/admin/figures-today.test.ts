/**
 * The Today figures match the database: orders made through the API (a guest buys, another cart
 * holds, the gate redeems one ticket) and every number checked against the ticket and order rows.
 */
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, localDate, localDateRange, zonedParts } from "../../../src/lib/domain/calendar.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { todayFigures } from "../../../src/lib/server/services/admin/figures/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { HARBOUR, RIVERSIDE, refusal, staff } from "./admin-helpers.ts";

const api = withTestApi();
const NY = "America/New_York";

async function holdCart(sessionId: string, quantity: number): Promise<string> {
  const env = asCart(
    await send(api, "POST", `/api/my/cart/modify?_seller=${HARBOUR}`, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity }],
    }),
  );
  return cartOf(env).id;
}

/** The tickets of sessions as rows, counted here in the test (not by the service's query). */
async function ticketRows(sessionIds: string[]) {
  if (!sessionIds.length) return [];
  return api.handle.db
    .select({
      sessionId: s.ticket.eventSessionId,
      state: s.ticket.state,
      counts: s.ticket.countsAgainstSession,
    })
    .from(s.ticket)
    .where(inArray(s.ticket.eventSessionId, sessionIds));
}

function countOf(rows: Awaited<ReturnType<typeof ticketRows>>, sessionId: string, states: string[]) {
  return rows.filter((r) => r.sessionId === sessionId && r.counts && states.includes(r.state)).length;
}

describe("Today's figures", () => {
  it("each session's capacity, held, sold, checked in and closed are the database's", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    await setSessionCapacity(api, session.id, 50, 0);
    const date = localDate(session.startDatetime, NY);
    const before = await todayFigures(api.handle.db, staff("viewer"), { date }, api.clock.now());
    const orderId = await payAsGuest(api, await holdCart(session.id, 2), {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
    });
    await holdCart(session.id, 3);
    // The gate redeems a ticket (the gate itself comes later): the ticket's state is the fact.
    const [first] = await api.handle.db
      .select({ id: s.ticket.id })
      .from(s.ticket)
      .where(eq(s.ticket.ticketOrderId, orderId))
      .limit(1);
    await api.handle.db
      .update(s.ticket)
      .set({ state: "redeemed" })
      .where(eq(s.ticket.id, first?.id ?? ""));

    const figures = await todayFigures(api.handle.db, staff("viewer"), { date }, api.clock.now());
    expect(figures.date).toBe(date);
    const sessions = figures.events.flatMap((e) => e.sessions);
    const mine = sessions.find((x) => x.sessionId === session.id);
    const was = before.events.flatMap((e) => e.sessions).find((x) => x.sessionId === session.id);
    expect(mine).toMatchObject({ capacity: 50, sold: (was?.sold ?? 0) + 2, held: (was?.held ?? 0) + 3 });
    // The session's counter was set to 0 above, so here held plus sold is its used capacity.
    expect(mine?.used).toBe((mine?.held ?? 0) + (mine?.sold ?? 0));
    expect(mine?.checkedIn).toBe((was?.checkedIn ?? 0) + 1);

    // Every session of the venue-local day, and only those, each counted as the rows say.
    const day = localDateRange(date, date, NY);
    const rows = await api.handle.db
      .select()
      .from(s.eventSession)
      .where(
        and(
          eq(s.eventSession.sellerId, HARBOUR),
          gte(s.eventSession.startDatetime, day.start),
          lt(s.eventSession.startDatetime, day.end),
        ),
      );
    const tickets = await ticketRows(rows.map((r) => r.id));
    const live = rows.filter((r) => !r.retiredAt || tickets.some((t) => t.sessionId === r.id));
    expect(sessions.map((x) => x.sessionId).sort()).toEqual(live.map((r) => r.id).sort());
    for (const row of live) {
      const shown = sessions.find((x) => x.sessionId === row.id);
      expect(shown).toMatchObject({
        capacity: row.capacity,
        closed: row.soldOut,
        held: countOf(tickets, row.id, ["held"]),
        sold: countOf(tickets, row.id, ["booked", "redeemed"]),
        checkedIn: countOf(tickets, row.id, ["redeemed"]),
      });
      // The places taken as the reserve counts them (the demo seed takes some without tickets).
      expect(shown?.used).toBe(row.usedCapacity);
    }
    // Visits by hour: the sold tickets by the hour their session starts.
    for (const hour of figures.hours) {
      const expected = live
        .filter((r) => zonedParts(r.startDatetime, NY).hour === hour.hour)
        .reduce((sum, r) => sum + countOf(tickets, r.id, ["booked", "redeemed"]), 0);
      expect(hour.visits).toBe(expected);
    }
  });

  it("sales by hour are the completed orders' totals by the local hour they were made", async () => {
    const now = api.clock.now();
    const date = localDate(now, NY);
    const figures = await todayFigures(api.handle.db, staff("box_office"), {}, now);
    expect(figures.date).toBe(date);
    const day = localDateRange(date, date, NY);
    const orders = await api.handle.db
      .select()
      .from(s.ticketOrder)
      .where(
        and(
          eq(s.ticketOrder.sellerId, HARBOUR),
          eq(s.ticketOrder.state, "completed"),
          gte(s.ticketOrder.createdAt, day.start),
          lt(s.ticketOrder.createdAt, day.end),
        ),
      );
    expect(orders.length).toBeGreaterThan(0);
    expect(figures.hours).toHaveLength(24);
    expect(figures.hours.reduce((sum, h) => sum + h.orders, 0)).toBe(orders.length);
    expect(figures.hours.reduce((sum, h) => sum + h.sales, 0)).toBe(
      orders.reduce((sum, o) => sum + o.total, 0),
    );
    const nowHour = zonedParts(now, NY).hour;
    expect(figures.hours[nowHour]?.sales).toBe(
      orders.filter((o) => zonedParts(o.createdAt, NY).hour === nowHour).reduce((sum, o) => sum + o.total, 0),
    );
  });

  it("the week ahead: seven days after the date, each with its sessions, capacity, sold and held", async () => {
    const now = api.clock.now();
    const date = localDate(now, NY);
    const figures = await todayFigures(api.handle.db, staff("admin"), { date }, now);
    expect(figures.weekAhead.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(date, i + 1)),
    );
    const range = localDateRange(addDays(date, 1), addDays(date, 7), NY);
    const rows = await api.handle.db
      .select()
      .from(s.eventSession)
      .where(
        and(
          eq(s.eventSession.sellerId, HARBOUR),
          gte(s.eventSession.startDatetime, range.start),
          lt(s.eventSession.startDatetime, range.end),
        ),
      );
    const tickets = await ticketRows(rows.map((r) => r.id));
    const live = rows.filter((r) => !r.retiredAt || tickets.some((t) => t.sessionId === r.id));
    for (const day of figures.weekAhead) {
      const ofDay = live.filter((r) => localDate(r.startDatetime, NY) === day.date);
      expect(day).toEqual({
        date: day.date,
        sessions: ofDay.length,
        capacity: ofDay.filter((r) => r.capacity >= 0).reduce((sum, r) => sum + r.capacity, 0),
        unlimitedSessions: ofDay.filter((r) => r.capacity < 0).length,
        closedSessions: ofDay.filter((r) => r.soldOut).length,
        used: ofDay.reduce((sum, r) => sum + r.usedCapacity, 0),
        sold: ofDay.reduce((sum, r) => sum + countOf(tickets, r.id, ["booked", "redeemed"]), 0),
        held: ofDay.reduce((sum, r) => sum + countOf(tickets, r.id, ["held"]), 0),
      });
    }
    expect(figures.weekAhead.some((d) => d.sessions > 0)).toBe(true);
  });

  it("a gate actor may not read the figures; a bad date is a validation error", async () => {
    await refusal(todayFigures(api.handle.db, staff("gate"), {}, api.clock.now()), "forbidden_for_role");
    await refusal(
      todayFigures(api.handle.db, staff("viewer"), { date: "2026-02-30" }, api.clock.now()),
      "validation_failed",
    );
  });

  it("another seller's staff see only their own sessions and orders", async () => {
    const now = api.clock.now();
    const session = await upcomingSession(api, "hm-general-admission", 2);
    const date = localDate(session.startDatetime, NY);
    const zoo = await todayFigures(api.handle.db, staff("admin", RIVERSIDE), { date }, now);
    expect(zoo.timezone).toBe("Europe/London");
    const ids = zoo.events.flatMap((e) => e.sessions.map((x) => x.sessionId));
    const owners = ids.length
      ? await api.handle.db
          .select({ sellerId: s.eventSession.sellerId })
          .from(s.eventSession)
          .where(inArray(s.eventSession.id, ids))
      : [];
    expect(owners.every((o) => o.sellerId === RIVERSIDE)).toBe(true);
    expect(ids).not.toContain(session.id);
  });
});
