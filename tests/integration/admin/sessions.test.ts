/**
 * Session operations: closing and reopening (and what a cart already holding the session keeps),
 * changing one session's capacity (never below sold plus held), the attendee list and its CSV;
 * each change audited, each refused to a role without it and to another seller's staff.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  attendeeCsv,
  attendeeList,
  closeSession,
  reopenSession,
  setSessionCapacity,
} from "../../../src/lib/server/services/admin/sessions/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  payAsGuest,
  send,
  sessionRow,
  setSessionCapacity as setCounters,
  upcomingSession,
} from "../../helpers/cart.ts";
import { HARBOUR, RIVERSIDE, refusal, staff } from "./admin-helpers.ts";

const api = withTestApi();
const admin = staff("admin");

const reserve = (sessionId: string, quantity = 1, admitName?: string) =>
  send(api, "POST", `/api/my/cart/modify?_seller=${HARBOUR}`, {
    add: [
      {
        ticket_type_id: "hm-ga-adult",
        event_session_id: sessionId,
        quantity,
        ...(admitName ? { admit_name: admitName } : {}),
      },
    ],
  });

async function heldCart(sessionId: string, quantity = 1, admitName?: string): Promise<string> {
  return cartOf(asCart(await reserve(sessionId, quantity, admitName))).id;
}

const guest = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };

async function auditOf(sessionId: string) {
  return api.handle.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.resource, "event_session"), eq(s.auditLog.resourceId, sessionId)))
    .orderBy(s.auditLog.createdAt, s.auditLog.id);
}

describe("closing and reopening a session", () => {
  it("a closed session takes no new tickets; reopened, it does; both audited once", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 5);
    await setCounters(api, session.id, 40, 0);
    const now = api.clock.now();
    const closed = await closeSession(
      api.handle.db,
      admin,
      { sessionId: session.id, reason: "Private event" },
      now,
    );
    expect(closed).toEqual({ sessionId: session.id, closed: true, changed: true });
    expect((await sessionRow(api, session.id)).soldOut).toBe(true);
    const refused = await reserve(session.id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)._code).toBe("event_session_sold_out");
    // Visitors see it as not available.
    const read = await api.get(`/api/events/hm-general-admission/sessions/${session.id}?_seller=${HARBOUR}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain('"sold_out":true');

    // Closing it again changes nothing and writes nothing.
    expect(await closeSession(api.handle.db, admin, { sessionId: session.id }, now)).toMatchObject({
      changed: false,
    });
    const later = new Date(now.getTime() + 60_000);
    const reopened = await reopenSession(api.handle.db, admin, { sessionId: session.id }, later);
    expect(reopened).toEqual({ sessionId: session.id, closed: false, changed: true });
    expect((await reserve(session.id)).status).toBe(200);

    const audit = await auditOf(session.id);
    expect(audit.map((a) => [a.action, a.reason, a.actorId, a.sellerId, a.createdAt])).toEqual([
      ["session.close", "Private event", admin.id, HARBOUR, now],
      ["session.reopen", null, admin.id, HARBOUR, later],
    ]);
  });

  it("a cart already holding the session keeps its tickets and can still check out", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 6);
    await setCounters(api, session.id, 40, 0);
    const cartId = await heldCart(session.id, 2);
    await closeSession(api.handle.db, admin, { sessionId: session.id }, api.clock.now());
    const cart = await send(api, "GET", `/api/cart/${cartId}`);
    expect(asCart(cart).ticket._data).toHaveLength(2);
    const orderId = await payAsGuest(api, cartId, guest);
    const booked = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, orderId));
    expect(booked.map((t) => t.state)).toEqual(["booked", "booked"]);
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(2);
    await reopenSession(api.handle.db, admin, { sessionId: session.id }, api.clock.now());
  });

  it("a closed session refuses a ticket of a group outside its capacity too", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 7);
    await setCounters(api, session.id, 40, 0);
    const [type] = await api.handle.db.select().from(s.ticketType).where(eq(s.ticketType.id, "hm-ga-adult"));
    const groupId = type?.ticketGroupId ?? "";
    await api.handle.db
      .update(s.ticketGroup)
      .set({ excludeFromEventCapacity: true })
      .where(eq(s.ticketGroup.id, groupId));
    try {
      await closeSession(api.handle.db, admin, { sessionId: session.id }, api.clock.now());
      const refused = await reserve(session.id);
      expect(errorOf(refused)._code).toBe("event_session_sold_out");
      await reopenSession(api.handle.db, admin, { sessionId: session.id }, api.clock.now());
      expect((await reserve(session.id)).status).toBe(200);
    } finally {
      await api.handle.db
        .update(s.ticketGroup)
        .set({ excludeFromEventCapacity: false })
        .where(eq(s.ticketGroup.id, groupId));
    }
  });

  it("a viewer may not close a session; another seller's staff find no such session", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 5);
    const now = api.clock.now();
    await refusal(
      closeSession(api.handle.db, staff("viewer"), { sessionId: session.id }, now),
      "forbidden_for_role",
    );
    await refusal(
      reopenSession(api.handle.db, staff("gate"), { sessionId: session.id }, now),
      "forbidden_for_role",
    );
    await refusal(
      closeSession(api.handle.db, staff("box_office"), { sessionId: session.id }, now),
      "forbidden_for_role",
    );
    await refusal(
      closeSession(api.handle.db, staff("admin", RIVERSIDE), { sessionId: session.id }, now),
      "not_found",
    );
    expect((await sessionRow(api, session.id)).soldOut).toBe(false);
  });
});

describe("a session's capacity", () => {
  it("is never set below sold plus held; the refusal names the numbers", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 8);
    await setCounters(api, session.id, 30, 0);
    await payAsGuest(api, await heldCart(session.id, 3), guest);
    await heldCart(session.id, 2);
    const error = await refusal(
      setSessionCapacity(
        api.handle.db,
        admin,
        { sessionId: session.id, capacity: 4, reason: "Fire code" },
        api.clock.now(),
      ),
      "capacity_below_taken",
    );
    expect(error.status).toBe(409);
    expect(error.items[0]?._description).toBe(
      "The capacity cannot be 4: 3 sold and 2 held make 5 places taken.",
    );
    expect(error.items[0]?._extra).toMatchObject({ sold: 3, held: 2, minimum: 5, capacity: 4 });
    expect((await sessionRow(api, session.id)).capacity).toBe(30);
  });

  it("is set with a reason, audited with the old and new values, and planned_capacity is kept", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 9);
    await setCounters(api, session.id, 30, 0);
    const planned = (await sessionRow(api, session.id)).plannedCapacity;
    await heldCart(session.id, 2);
    const change = await setSessionCapacity(
      api.handle.db,
      admin,
      { sessionId: session.id, capacity: 2, reason: "Gallery half closed" },
      api.clock.now(),
    );
    expect(change).toEqual({
      sessionId: session.id,
      previousCapacity: 30,
      capacity: 2,
      sold: 0,
      held: 2,
      changed: true,
    });
    const row = await sessionRow(api, session.id);
    expect(row.capacity).toBe(2);
    expect(row.plannedCapacity).toBe(planned);
    // Full now: the next reserve is refused.
    expect(errorOf(await reserve(session.id))._code).toBe("event_session_sold_out");
    const audit = (await auditOf(session.id)).filter((a) => a.action === "session.capacity");
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe("Gallery half closed");
    expect(audit[0]?.details).toEqual({ from: 30, to: 2, sold: 0, held: 2 });
    // Unlimited is never below anything.
    const unlimited = await setSessionCapacity(
      api.handle.db,
      admin,
      { sessionId: session.id, capacity: -1, reason: "Open again" },
      api.clock.now(),
    );
    expect(unlimited.capacity).toBe(-1);
  });

  it("needs a reason and a whole number; a viewer may not; another seller's session is not found", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 9);
    const now = api.clock.now();
    const db = api.handle.db;
    await refusal(
      setSessionCapacity(db, admin, { sessionId: session.id, capacity: 10, reason: " " }, now),
      "validation_failed",
    );
    await refusal(
      setSessionCapacity(db, admin, { sessionId: session.id, capacity: 1.5, reason: "x" }, now),
      "validation_failed",
    );
    await refusal(
      setSessionCapacity(db, admin, { sessionId: session.id, capacity: -2, reason: "x" }, now),
      "validation_failed",
    );
    await refusal(
      setSessionCapacity(db, staff("viewer"), { sessionId: session.id, capacity: 10, reason: "x" }, now),
      "forbidden_for_role",
    );
    await refusal(
      setSessionCapacity(
        db,
        staff("admin", RIVERSIDE),
        { sessionId: session.id, capacity: 10, reason: "x" },
        now,
      ),
      "not_found",
    );
  });
});

describe("a session's attendee list", () => {
  it("lists the sold tickets with holder, e-mail, type, order number, scan code and state; the CSV is spreadsheet safe", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 10);
    await setCounters(api, session.id, 30, 0);
    const orderId = await payAsGuest(
      api,
      await heldCart(session.id, 1, '=HYPERLINK("http://evil","x")'),
      guest,
    );
    await heldCart(session.id, 1); // held, not an attendee
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    const [scan] = await api.handle.db
      .select()
      .from(s.ticketScan)
      .where(eq(s.ticketScan.ticketOrderId, orderId));

    const list = await attendeeList(
      api.handle.db,
      staff("box_office"),
      { sessionId: session.id },
      api.clock.now(),
    );
    expect(list.sessionId).toBe(session.id);
    expect(list.attendees).toEqual([
      {
        ticketId: scan?.ticketId,
        state: "booked",
        holderName: '=HYPERLINK("http://evil","x")',
        email: "ada@example.com",
        ticketTypeName: expect.any(String),
        seat: null,
        orderNumber: order?.orderNumber,
        scanCode: scan?.scanCode,
      },
    ]);

    // The gate sees who is coming (names, types, seats), not how to reach them.
    const atGate = await attendeeList(
      api.handle.db,
      staff("gate"),
      { sessionId: session.id },
      api.clock.now(),
    );
    expect(atGate.attendees.map((a) => [a.holderName, a.email])).toEqual([
      ['=HYPERLINK("http://evil","x")', null],
    ]);

    const { csv, filename } = await attendeeCsv(
      api.handle.db,
      staff("box_office"),
      { sessionId: session.id },
      api.clock.now(),
    );
    expect(filename).toMatch(/^attendees-\d{4}-\d{2}-\d{2}-\d{4}-.+\.csv$/);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("name,email,ticket type,seat,order,scan code,state");
    expect(lines[1]?.startsWith(`"'=HYPERLINK(""http://evil"",""x"")",ada@example.com,`)).toBe(true);
    expect(lines[1]?.endsWith(`,,${order?.orderNumber},${scan?.scanCode},booked`)).toBe(true);
  });

  it("'viewer: figures only': a viewer reads no attendee list", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 10);
    await refusal(
      attendeeList(api.handle.db, staff("viewer"), { sessionId: session.id }, api.clock.now()),
      "forbidden_for_role",
    );
  });

  it("another seller's staff find no such session", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 10);
    await refusal(
      attendeeList(api.handle.db, staff("gate", RIVERSIDE), { sessionId: session.id }, api.clock.now()),
      "not_found",
    );
    await refusal(
      attendeeCsv(api.handle.db, staff("admin", RIVERSIDE), { sessionId: session.id }, api.clock.now()),
      "not_found",
    );
  });
});
