/**
 * Staff moving an order's tickets to another session of the same event: the tickets and the
 * counters move (the old session's places back on sale, the new one's taken), the price paid is
 * kept, seated tickets keep their seats when free, the buyer gets the order_update mail and the
 * audit log says who, from where to where and why. Refused: a full or closed target, another
 * event's session, another tenant's order (404), a cancelled, scanned or started ticket, and the
 * gate and viewer roles (403). Over the admin API too, and the sessions it offers.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../../src/lib/server/db/seed/staff.ts";
import { auditTrail } from "../../../src/lib/server/services/admin/audit.ts";
import {
  cancelOrder,
  orderDetail,
  rescheduleAnswer,
  rescheduleOptions,
  rescheduleOptionsAnswer,
  rescheduleOrder,
} from "../../../src/lib/server/services/admin/orders/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { buyer, buyHarbourOrder, refusal, staffActor, usedCapacity } from "./helpers.ts";

const api = withTestApi();
const now = () => api.clock.now();
const admin = () => staffActor(api, "harbour-museum", "admin");

/** A general admission session `offset` places ahead, with `capacity` places of which `used` are taken. */
async function target(offset: number, capacity = 50, used = 0) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, capacity, used);
  return session;
}

async function ticketsOf(orderId: string) {
  return api.handle.db
    .select()
    .from(s.ticket)
    .where(eq(s.ticket.ticketOrderId, orderId))
    .orderBy(s.ticket.id);
}

describe("reschedule", () => {
  it("moves the chosen tickets, keeps type and price, moves the counters, mails the buyer and writes the audit entry", async () => {
    const order = await buyHarbourOrder(api, { quantity: 3, offset: 0, tag: "move" });
    const to = await target(12);
    const before = await ticketsOf(order.orderId);
    const actor = await admin();
    const [first, second] = order.ticketIds;
    const done = await rescheduleOrder(
      api.handle.db,
      actor,
      {
        orderId: order.orderId,
        ticketIds: [first ?? "", second ?? ""],
        sessionId: to.id,
        reason: "Visitor phoned: Sunday instead",
      },
      now(),
    );
    expect(rescheduleAnswer.strict().parse(done)).toEqual(done);
    expect(done).toMatchObject({
      from: { id: order.sessionId, available: 49 },
      to: { id: to.id, available: 48 },
      seats: {},
    });
    expect(await usedCapacity(api, order.sessionId)).toBe(1);
    expect(await usedCapacity(api, to.id)).toBe(2);
    const after = await ticketsOf(order.orderId);
    for (const t of after) {
      const was = before.find((b) => b.id === t.id);
      const moved = t.id === first || t.id === second;
      expect(t).toMatchObject({
        state: "booked",
        eventSessionId: moved ? to.id : order.sessionId,
        ticketTypeId: was?.ticketTypeId,
        faceValue: was?.faceValue,
        feeFixedOutside: was?.feeFixedOutside,
        feePercentOutside: was?.feePercentOutside,
      });
      if (moved) expect(t.validFrom?.toISOString()).toBe(to.startDatetime.toISOString());
    }
    const [mail] = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.relatedId, order.orderId), eq(s.outbox.kind, "order_update")));
    expect(mail?.id).toBe(done.mailId);
    expect(mail?.toAddress).toBe(order.email);
    const [entry] = await auditTrail(api.handle.db, actor.sellerId, "ticket_order", order.orderId);
    expect(entry).toMatchObject({
      action: "reschedule",
      actorName: actor.name,
      reason: "Visitor phoned: Sunday instead",
      details: {
        tickets: [first, second],
        from_session: order.sessionId,
        to_session: to.id,
        to_start: to.startDatetime.toISOString(),
        price_kept: true,
      },
    });
    const detail = await orderDetail(api.handle.db, actor, order.orderId);
    expect(detail.tickets.filter((t) => t.sessionId === to.id)).toHaveLength(2);
    expect(detail.audit[0]?.action).toBe("reschedule");
  });

  it("seated tickets keep their seats when free at the new time; the old seats are on sale again", async () => {
    const [from, to] = [
      await upcomingSession(api, "hm-evening-concert", 2),
      await upcomingSession(api, "hm-evening-concert", 3),
    ];
    for (const session of [from, to]) {
      await setSessionCapacity(api, session.id, 100, 0);
      await api.handle.db.delete(s.sessionSeat).where(eq(s.sessionSeat.eventSessionId, session.id));
    }
    const cart = cartOf(
      asCart(
        await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: ["hm-seat-C09", "hm-seat-C10"].map((seat_template_id) => ({
            ticket_type_id: "hm-concert-stalls-standard",
            event_session_id: from.id,
            seat_template_id,
          })),
        }),
      ),
    );
    const orderId = await payAsGuest(api, cart.id, buyer("seats"));
    const ids = (await ticketsOf(orderId)).map((t) => t.id);
    const done = await rescheduleOrder(
      api.handle.db,
      await admin(),
      { orderId, ticketIds: ids, sessionId: to.id, reason: "Moved to the next concert" },
      now(),
    );
    expect(Object.values(done.seats).sort()).toEqual(["hm-seat-C09", "hm-seat-C10"]);
    const seats = await api.handle.db
      .select()
      .from(s.sessionSeat)
      .where(inArray(s.sessionSeat.eventSessionId, [from.id, to.id]));
    expect(seats.map((r) => [r.eventSessionId, r.seatTemplateId, r.state]).sort()).toEqual([
      [to.id, "hm-seat-C09", "booked"],
      [to.id, "hm-seat-C10", "booked"],
    ]);
    expect(await usedCapacity(api, from.id)).toBe(0);
    expect(await usedCapacity(api, to.id)).toBe(2);
  });

  it("refuses a full or closed target, and one that has started, leaving everything as it was", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 1, tag: "full" });
    const actor = await admin();
    const full = await target(13, 10, 9);
    const move = (sessionId: string) =>
      rescheduleOrder(
        api.handle.db,
        actor,
        { orderId: order.orderId, ticketIds: order.ticketIds, sessionId, reason: "try" },
        now(),
      );
    expect(await refusal(move(full.id))).toEqual({ status: 409, code: "session_capacity_exceeded" });
    expect(await usedCapacity(api, full.id)).toBe(9);
    expect(await usedCapacity(api, order.sessionId)).toBe(2);
    const closed = await target(14);
    await api.handle.db.update(s.eventSession).set({ soldOut: true }).where(eq(s.eventSession.id, closed.id));
    expect(await refusal(move(closed.id))).toEqual({ status: 409, code: "reschedule_session_unavailable" });
    const [past] = await api.handle.db
      .select()
      .from(s.eventSession)
      .where(eq(s.eventSession.eventTemplateId, "hm-general-admission"))
      .orderBy(s.eventSession.startDatetime)
      .limit(1);
    if (past && past.startDatetime <= now()) {
      expect(await refusal(move(past.id))).toEqual({ status: 409, code: "reschedule_session_unavailable" });
    }
    expect(await refusal(move(order.sessionId))).toMatchObject({ status: 400, code: "validation_failed" });
    expect((await ticketsOf(order.orderId)).every((t) => t.eventSessionId === order.sessionId)).toBe(true);
    const mails = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.relatedId, order.orderId), eq(s.outbox.kind, "order_update")));
    expect(mails).toEqual([]);
  });

  it("refuses another event's session, and another tenant's order or session as not found", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 2, tag: "other" });
    const concert = await upcomingSession(api, "hm-evening-concert", 5);
    expect(
      await refusal(
        rescheduleOrder(
          api.handle.db,
          await admin(),
          { orderId: order.orderId, ticketIds: order.ticketIds, sessionId: concert.id, reason: "x" },
          now(),
        ),
      ),
    ).toEqual({ status: 409, code: "reschedule_other_event" });
    const zoo = await staffActor(api, "riverside-zoo", "admin");
    const to = await target(15);
    expect(
      await refusal(
        rescheduleOrder(
          api.handle.db,
          zoo,
          { orderId: order.orderId, ticketIds: order.ticketIds, sessionId: to.id, reason: "x" },
          now(),
        ),
      ),
    ).toEqual({ status: 404, code: "not_found" });
    expect(
      await refusal(
        rescheduleOptions(api.handle.db, zoo, { orderId: order.orderId, sessionId: order.sessionId }, now()),
      ),
    ).toEqual({ status: 404, code: "not_found" });
    const zooSession = await upcomingSession(api, "rz-keeper-talk", 0);
    expect(
      await refusal(
        rescheduleOrder(
          api.handle.db,
          await admin(),
          { orderId: order.orderId, ticketIds: order.ticketIds, sessionId: zooSession.id, reason: "x" },
          now(),
        ),
      ),
    ).toEqual({ status: 404, code: "not_found" });
  });

  it("refuses a cancelled, a scanned and a started ticket, and another order's ticket", async () => {
    const order = await buyHarbourOrder(api, { quantity: 3, offset: 3, tag: "states" });
    const other = await buyHarbourOrder(api, { quantity: 1, offset: 3, tag: "states-other" });
    const actor = await admin();
    const to = await target(16);
    const [cancelled, scanned, kept] = order.ticketIds;
    await cancelOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, ticketIds: [cancelled ?? ""], reason: "x" },
      now(),
    );
    await api.handle.db
      .update(s.ticket)
      .set({ state: "redeemed" })
      .where(eq(s.ticket.id, scanned ?? ""));
    const move = (ticketIds: string[]) =>
      rescheduleOrder(
        api.handle.db,
        actor,
        { orderId: order.orderId, ticketIds, sessionId: to.id, reason: "x" },
        now(),
      );
    expect(await refusal(move([cancelled ?? ""]))).toEqual({ status: 409, code: "order_ticket_not_booked" });
    expect(await refusal(move([scanned ?? ""]))).toEqual({ status: 409, code: "order_ticket_not_booked" });
    expect(await refusal(move(other.ticketIds))).toEqual({ status: 404, code: "not_found" });
    // The session has begun: its tickets stay.
    const startedAt =
      (await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, order.sessionId)))[0]
        ?.startDatetime ?? now();
    await api.handle.db
      .update(s.eventSession)
      .set({ startDatetime: new Date(now().getTime() - 60_000) })
      .where(eq(s.eventSession.id, order.sessionId));
    expect(await refusal(move([kept ?? ""]))).toEqual({ status: 409, code: "reschedule_ticket_started" });
    expect(
      await refusal(
        rescheduleOptions(
          api.handle.db,
          actor,
          { orderId: order.orderId, sessionId: order.sessionId },
          now(),
        ),
      ),
    ).toEqual({ status: 409, code: "reschedule_ticket_started" });
    expect(await usedCapacity(api, to.id)).toBe(0);
    // Back as it was: the later tests count upcoming sessions.
    await api.handle.db
      .update(s.eventSession)
      .set({ startDatetime: startedAt })
      .where(eq(s.eventSession.id, order.sessionId));
  });

  it("is the admin's and the box office's: gate and viewer are 403", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 4, tag: "roles" });
    const to = await target(17);
    for (const role of ["gate", "viewer"] as const) {
      const actor = await staffActor(api, "harbour-museum", role);
      const input = { orderId: order.orderId, ticketIds: order.ticketIds, sessionId: to.id, reason: "x" };
      expect(await refusal(rescheduleOrder(api.handle.db, actor, input, now()))).toEqual({
        status: 403,
        code: "forbidden_for_role",
      });
      expect(
        await refusal(
          rescheduleOptions(
            api.handle.db,
            actor,
            { orderId: order.orderId, sessionId: order.sessionId },
            now(),
          ),
        ),
      ).toEqual({ status: 403, code: "forbidden_for_role" });
    }
    const box = await staffActor(api, "harbour-museum", "box_office");
    const done = await rescheduleOrder(
      api.handle.db,
      box,
      { orderId: order.orderId, ticketIds: order.ticketIds, sessionId: to.id, reason: "desk" },
      now(),
    );
    expect(done.to.id).toBe(to.id);
  });

  it("offers the event's later open sessions with places left, never the full, closed or current one", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 5, tag: "options" });
    const full = await target(18, 5, 5);
    const closed = await target(19);
    await api.handle.db.update(s.eventSession).set({ soldOut: true }).where(eq(s.eventSession.id, closed.id));
    const open = await target(20, 30, 4);
    const options = await rescheduleOptions(
      api.handle.db,
      await admin(),
      { orderId: order.orderId, sessionId: order.sessionId },
      now(),
    );
    expect(rescheduleOptionsAnswer.strict().parse(options)).toEqual(options);
    expect(options.ticketIds).toEqual(order.ticketIds);
    const ids = options.sessions.map((x) => x.id);
    expect(ids).not.toContain(order.sessionId);
    expect(ids).not.toContain(full.id);
    expect(ids).not.toContain(closed.id);
    expect(options.sessions.find((x) => x.id === open.id)?.available).toBe(26);
    expect(options.sessions.every((x) => x.start > now().toISOString())).toBe(true);
    const starts = options.sessions.map((x) => x.start);
    expect([...starts].sort()).toEqual(starts);
  });
});

describe("over the admin API", () => {
  async function cookieOf(role: "admin" | "viewer") {
    const res = await api.app.request("/api/admin/login?_seller=harbour-museum", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoStaffEmail("harbour-museum", role), password: DEMO_STAFF_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return /foyer_staff=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  }
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
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

  it("lists where the tickets could go and moves them, in snake_case; errors in the API's shape", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 6, tag: "api" });
    const to = await target(21);
    const cookie = await cookieOf("admin");
    const q = `_seller=harbour-museum&session=${order.sessionId}`;
    const options = await call(cookie, "GET", `/admin/orders/${order.orderId}/reschedule_options?${q}`);
    expect(options.status).toBe(200);
    const offered = options.body.reschedule_options?._data[0] as {
      ticket_ids: string[];
      sessions: { id: string }[];
    };
    expect(offered.ticket_ids).toEqual(order.ticketIds);
    expect(offered.sessions.map((x) => x.id)).toContain(to.id);
    const moved = await call(
      cookie,
      "POST",
      `/admin/orders/${order.orderId}/reschedule?_seller=harbour-museum`,
      {
        ticket_ids: order.ticketIds,
        session_id: to.id,
        reason: "API",
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.reschedule?._data[0]).toMatchObject({ order_id: order.orderId, to: { id: to.id } });
    const again = await call(
      cookie,
      "POST",
      `/admin/orders/${order.orderId}/reschedule?_seller=harbour-museum`,
      {
        ticket_ids: order.ticketIds,
        session_id: to.id,
        reason: "API",
      },
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('"_code":"validation_failed"');
    const viewer = await cookieOf("viewer");
    const refused = await call(
      viewer,
      "POST",
      `/admin/orders/${order.orderId}/reschedule?_seller=harbour-museum`,
      {
        ticket_ids: order.ticketIds,
        session_id: order.sessionId,
        reason: "API",
      },
    );
    expect(refused.status).toBe(403);
  });
});
