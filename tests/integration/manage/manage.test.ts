/**
 * Managing an order without an account: the manage read (GET ticket_order/{id}/manage),
 * the link mailed again (POST ticket_order/manage_link), the cancel (POST ticket_order/{id}/cancel,
 * spec 2 §5 and §8) and the order e-mail sent by a holder of the link (POST ticket_order/{id}/email).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { manageAnswer } from "../../../src/lib/api/manage/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf, send, sessionRow } from "../../helpers/cart.ts";
import { call, mailsTo } from "../auth-helpers.ts";
import { freeZooOrder, paidHarbourOrder } from "./manage-helpers.ts";

const api = withTestApi();
const NOT_FOUND = "We could not find that order.";

const manageRead = (orderId: string, token: string, seller = "riverside-zoo") =>
  send(
    api,
    "GET",
    `/api/ticket_order/${orderId}/manage?_seller=${seller}&token=${encodeURIComponent(token)}`,
  );
const cancel = (orderId: string, body: Record<string, unknown>, seller = "riverside-zoo") =>
  send(api, "POST", `/api/ticket_order/${orderId}/cancel?_seller=${seller}`, body);

describe("GET ticket_order/{id}/manage", () => {
  it("with the order's token: the tickets, the mode and what the rules allow (self-edit off: cancel_free)", async () => {
    const order = await freeZooOrder(api, 2);
    const read = await manageRead(order.orderId, order.token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    const body = manageAnswer.parse(read.body);
    expect(body.mode).toBe("cancel_free");
    expect(body.horizon).toBeNull();
    expect(body.ticket_order.order_number).toBe(order.orderNumber);
    expect(body.tickets.map((t) => [t.state, t.can_cancel, t.can_edit, t.ticket_type_name])).toEqual([
      ["booked", true, false, "Adult"],
      ["booked", true, false, "Adult"],
    ]);
  });

  it("a forged, expired or another order's token, and an unknown order: the same 404 'We could not find that order.'", async () => {
    const order = await freeZooOrder(api, 1);
    const other = await freeZooOrder(api, 1);
    const now = api.clock.now();
    const expired = await issueManageToken(
      api.handle.db,
      order.orderId,
      new Date(now.getTime() - 401 * 86_400_000),
    );
    const [v, exp, mac] = order.token.split(".");
    const forged = `${v}.${exp}.${mac?.startsWith("A") ? "B" : "A"}${mac?.slice(1)}`;
    for (const [id, token] of [
      [order.orderId, other.token],
      [order.orderId, expired],
      [order.orderId, forged],
      [order.orderId, ""],
      ["no-such-order", order.token],
    ] as const) {
      const read = await manageRead(id, token);
      expect(read.status, token).toBe(404);
      expect(errorOf(read)._description).toBe(NOT_FOUND);
    }
    // Another seller's storefront can't open it either.
    expect((await manageRead(order.orderId, order.token, "harbour-museum")).status).toBe(404);
  });

  it("a paid order at a tenant with self-edit on: self_edit mode, editable inside the horizon, cancel refused (contact us)", async () => {
    const order = await paidHarbourOrder(api, 1);
    const body = manageAnswer.parse((await manageRead(order.orderId, order.token, "harbour-museum")).body);
    expect(body.mode).toBe("self_edit");
    expect(body.horizon).toEqual({ days: 1, hours: 0 });
    expect(body.cancel_refusal).toBe("contact_us");
    expect(body.tickets.map((t) => [t.can_edit, t.can_cancel])).toEqual([[true, false]]);
  });
});

describe("POST ticket_order/manage_link (the form that mails the link again)", () => {
  it("answers 204 for a match and a miss, and mails the manage link only on a match", async () => {
    const order = await freeZooOrder(api, 1);
    const link = (body: Record<string, unknown>) =>
      call(api, "POST", "/api/ticket_order/manage_link?_seller=riverside-zoo", body);
    const miss = await link({ order_number: order.orderNumber, email: "someone-else@example.com" });
    expect(miss.status).toBe(204);
    const wrongNumber = await link({ order_number: "NOPE-1", email: order.email });
    expect(wrongNumber.status).toBe(204);
    expect(await mailsTo(api, order.email, "manage_link")).toHaveLength(0);
    expect(await mailsTo(api, "someone-else@example.com")).toHaveLength(0);
    const hit = await link({
      order_number: order.orderNumber.toLowerCase(),
      email: order.email.toUpperCase(),
    });
    expect(hit.status).toBe(204);
    const [mail] = await mailsTo(api, order.email, "manage_link");
    const url = /Manage your booking: (\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(url).toMatch(new RegExp(`/riverside-zoo/manage/${order.orderId}\\?token=v1\\.`));
    const token = new URL(url).searchParams.get("token") ?? "";
    expect((await manageRead(order.orderId, token)).status).toBe(200);
  });

  it("bad input is a 400, never a 500", async () => {
    const bad = await call(api, "POST", "/api/ticket_order/manage_link?_seller=riverside-zoo", { email: 1 });
    expect(bad.status).toBe(400);
  });
});

describe("the confirmation mail carries 'Manage your booking'", () => {
  it("the order confirmation of a checkout links to /{seller}/manage/{orderId}?token= in text and HTML", async () => {
    const order = await freeZooOrder(api, 1);
    const [mail] = await mailsTo(api, order.email, "order_confirmation");
    expect(mail?.text).toMatch(
      new RegExp(`Manage your booking: http://\\S+/riverside-zoo/manage/${order.orderId}\\?token=v1\\.`),
    );
    expect(mail?.html).toContain(`/riverside-zoo/manage/${order.orderId}?token=v1.`);
    expect(mail?.html).toContain(">Manage your booking</a>");
  });
});

describe("POST ticket_order/{id}/cancel", () => {
  it("Cancel free order: the tickets become cancelled and their places go back (session availability goes up)", async () => {
    const order = await freeZooOrder(api, 2);
    expect((await sessionRow(api, order.sessionId)).usedCapacity).toBe(2);
    const done = await cancel(order.orderId, { manage_token: order.token, tickets: order.ticketIds });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const body = manageAnswer.parse(done.body);
    expect(body.tickets.map((t) => t.state)).toEqual(["cancelled", "cancelled"]);
    expect((await sessionRow(api, order.sessionId)).usedCapacity).toBe(0);
  });

  it("a double submit gives each place back exactly once and answers the same order", async () => {
    const order = await freeZooOrder(api, 3);
    const [a, b] = await Promise.all([
      cancel(order.orderId, { manage_token: order.token, tickets: order.ticketIds }),
      cancel(order.orderId, { manage_token: order.token, tickets: order.ticketIds }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await sessionRow(api, order.sessionId)).usedCapacity).toBe(0);
  });

  it("cancels only the asked tickets: one of two", async () => {
    const order = await freeZooOrder(api, 2);
    const done = await cancel(order.orderId, { manage_token: order.token, tickets: [order.ticketIds[0]] });
    expect(manageAnswer.parse(done.body).tickets.map((t) => t.state)).toEqual(["cancelled", "booked"]);
    expect((await sessionRow(api, order.sessionId)).usedCapacity).toBe(1);
  });

  it("a paid order is refused with 'You must contact us to cancel this order.' and nothing changes", async () => {
    const order = await paidHarbourOrder(api, 1);
    const used = (await sessionRow(api, order.sessionId)).usedCapacity;
    const refused = await cancel(
      order.orderId,
      { manage_token: order.token, tickets: order.ticketIds },
      "harbour-museum",
    );
    expect(refused.status).toBe(403);
    expect(errorOf(refused)._description).toBe("You must contact us to cancel this order.");
    expect((await sessionRow(api, order.sessionId)).usedCapacity).toBe(used);
  });

  it("another order's tickets are refused: 'No valid tickets found on this order.'", async () => {
    const order = await freeZooOrder(api, 1);
    const other = await freeZooOrder(api, 1);
    const refused = await cancel(order.orderId, { manage_token: order.token, tickets: other.ticketIds });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      _code: "ticket_not_found",
      _context: "cancel",
      _description: "No valid tickets found on this order.",
    });
    const [ticket] = await api.handle.db
      .select()
      .from(s.ticket)
      .where(eq(s.ticket.id, other.ticketIds[0] ?? ""));
    expect(ticket?.state).toBe("booked");
  });

  it("tickets that started already are refused: 'No valid tickets found on this order.' (tickets_too_old)", async () => {
    const order = await freeZooOrder(api, 1);
    const start = (await sessionRow(api, order.sessionId)).startDatetime;
    const saved = api.clock.now();
    api.clock.set(new Date(start.getTime() + 60_000));
    try {
      const token = await issueManageToken(api.handle.db, order.orderId, api.clock.now());
      const refused = await cancel(order.orderId, { manage_token: token, tickets: order.ticketIds });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)._code).toBe("tickets_too_old");
      expect(errorOf(refused)._description).toBe("No valid tickets found on this order.");
    } finally {
      api.clock.set(saved);
    }
  });

  it("a bad token is 404 'We could not find that order.'; an empty ticket list is a 400", async () => {
    const order = await freeZooOrder(api, 1);
    const other = await freeZooOrder(api, 1);
    const stranger = await cancel(order.orderId, { manage_token: other.token, tickets: order.ticketIds });
    expect(stranger.status).toBe(404);
    expect(errorOf(stranger)._description).toBe(NOT_FOUND);
    expect((await cancel(order.orderId, { manage_token: order.token, tickets: [] })).status).toBe(400);
  });
});

describe("POST ticket_order/{id}/email with the manage token (logged out)", () => {
  it("mails order_cancel / order_update to the buyer with the link; a wrong token is 404 and mails nothing", async () => {
    const order = await freeZooOrder(api, 1);
    const email = (body: Record<string, unknown>) =>
      send(api, "POST", `/api/ticket_order/${order.orderId}/email?_seller=riverside-zoo`, body);
    expect((await email({ manage_token: order.token, log_context: "order_cancel" })).status).toBe(204);
    expect((await email({ manage_token: order.token, log_context: "order_update" })).status).toBe(204);
    const [cancelled] = await mailsTo(api, order.email, "order_cancel");
    expect(cancelled?.text).toContain("Your booking has been cancelled.");
    expect(cancelled?.text).toContain(`/riverside-zoo/manage/${order.orderId}?token=`);
    expect(await mailsTo(api, order.email, "order_update")).toHaveLength(1);
    const other = await freeZooOrder(api, 1);
    const wrong = await email({ manage_token: other.token, log_context: "order_cancel" });
    expect(wrong.status).toBe(404);
    expect(await mailsTo(api, order.email, "order_cancel")).toHaveLength(1);
    // Without a token and without a login it is still 401, as before.
    expect((await email({ log_context: "order_cancel" })).status).toBe(401);
  });
});

describe("Cancel in self-edit (harbour-museum, horizon 1 day)", () => {
  /** A harbour order made free in the database: every ticket's face value 0 and the total 0. */
  async function freeHarbourOrder() {
    const order = await paidHarbourOrder(api, 2);
    await api.handle.db
      .update(s.ticket)
      .set({ faceValue: 0 })
      .where(eq(s.ticket.ticketOrderId, order.orderId));
    await api.handle.db.update(s.ticketOrder).set({ total: 0 }).where(eq(s.ticketOrder.id, order.orderId));
    return order;
  }

  it("'allowed only if all tickets have face_value 0': the tickets inside the horizon are cancelled and their places go back", async () => {
    const order = await freeHarbourOrder();
    const read = manageAnswer.parse((await manageRead(order.orderId, order.token, "harbour-museum")).body);
    expect(read.cancel_refusal).toBeNull();
    expect(read.tickets.map((t) => t.can_cancel)).toEqual([true, true]);
    const used = (await sessionRow(api, order.sessionId)).usedCapacity;
    const done = await cancel(
      order.orderId,
      { manage_token: order.token, tickets: order.ticketIds },
      "harbour-museum",
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await sessionRow(api, order.sessionId)).usedCapacity).toBe(used - 2);
  });

  it("past the horizon (less than 1 day before the start): tickets_too_old, 'No valid tickets found on this order.'", async () => {
    const order = await freeHarbourOrder();
    const start = (await sessionRow(api, order.sessionId)).startDatetime;
    const saved = api.clock.now();
    api.clock.set(new Date(start.getTime() - 23 * 3_600_000));
    try {
      const token = await issueManageToken(api.handle.db, order.orderId, api.clock.now());
      const read = manageAnswer.parse((await manageRead(order.orderId, token, "harbour-museum")).body);
      expect(read.tickets.map((t) => [t.can_cancel, t.can_edit])).toEqual([
        [false, false],
        [false, false],
      ]);
      const refused = await cancel(
        order.orderId,
        { manage_token: token, tickets: order.ticketIds },
        "harbour-museum",
      );
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        _code: "tickets_too_old",
        _description: "No valid tickets found on this order.",
      });
    } finally {
      api.clock.set(saved);
    }
  });
});
