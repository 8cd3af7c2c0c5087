/**
 * Editing an order through an edit cart (spec 2 §4, §7, §8): each call and each error
 * code. Harbour Museum has self-edit on (horizon 1 day, lower price refunded); Riverside Zoo off.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { RESCHEDULE_CONTACT_TEXT } from "../../../src/lib/api/manage/edit-schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { ORDER_NOT_FOUND_TEXT } from "../../../src/lib/server/services/manage/access.ts";
import { issueManageToken } from "../../../src/lib/server/services/manage/token.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, heldCount, send } from "../../helpers/cart.ts";
import {
  buyOrder,
  confirmFree,
  expectStatus,
  laterSession,
  newEditCart,
  orderRow,
  orderTickets,
  outstandingOf,
  rescheduleBody,
  usedPlaces,
} from "./edit-helpers.ts";

const api = withTestApi();
let offset = 0;
const next = (options: Parameters<typeof laterSession>[2] = {}) => laterSession(api, offset++, options);

describe("POST ticket_order/{id}/edit_cart", () => {
  it("answers a new pending cart of the public identity linked to the order, with the hold timer", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id);
    const envelope = await newEditCart(api, orderId, token);
    const cart = cartOf(envelope);
    expect(cart.state).toBe("pending");
    expect(cart.edits_ticket_order_id).toBe(orderId);
    expect(cart.removed_ticket_ids).toEqual([]);
    expect(cart.expires_at).not.toBeNull();
    expect(cart.expires_in).toBeGreaterThan(0);
    expect(outstandingOf(envelope)).toBe("0.00");
  });

  it("'We could not find that order.' for a forged token or another order's token (404 not_found)", async () => {
    const session = await next();
    const a = await buyOrder(api, session.id, 1);
    const b = await buyOrder(api, session.id, 1);
    for (const token of [b.token, `${a.token}x`, "v1.1.x"]) {
      const res = await send(api, "POST", `/api/ticket_order/${a.orderId}/edit_cart`, {
        manage_token: token,
      });
      expectStatus(res, 404);
      expect(errorOf(res)._description).toBe(ORDER_NOT_FOUND_TEXT);
    }
  });

  it("refuses a body without the token (400 validation_failed, never a 500)", async () => {
    const res = await send(api, "POST", "/api/ticket_order/x/edit_cart", { token: "x" });
    expectStatus(res, 400);
  });

  it("'Please contact us to reschedule your tickets.' when the seller has self-edit off (riverside-zoo)", async () => {
    const session = await next({ event: "rz-day-admission" });
    const { orderId, token } = await buyOrder(api, session.id, 1, "riverside-zoo");
    const res = await send(api, "POST", `/api/ticket_order/${orderId}/edit_cart`, { manage_token: token });
    expectStatus(res, 403);
    expect(errorOf(res)).toMatchObject({
      _code: "self_edit_disabled",
      _description: RESCHEDULE_CONTACT_TEXT,
    });
  });
});

describe("GET ticket_order/{id}/edit_cart (the confirm page's read)", () => {
  it("answers the order's newest pending edit cart, or the one named by `cart`; 410 cart_expired when none is left", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 1);
    const first = cartOf(await newEditCart(api, orderId, token)).id;
    api.clock.advance(1000);
    const second = cartOf(await newEditCart(api, orderId, token)).id;
    const path = `/api/ticket_order/${orderId}/edit_cart?token=${encodeURIComponent(token)}`;
    expect(cartOf(asCart(await send(api, "GET", path))).id).toBe(second);
    expect(cartOf(asCart(await send(api, "GET", `${path}&cart=${first}`))).id).toBe(first);
    expectStatus(await send(api, "DELETE", `/api/cart/${first}`), 204);
    expectStatus(await send(api, "DELETE", `/api/cart/${second}`), 204);
    const gone = await send(api, "GET", path);
    expectStatus(gone, 410);
    expect(errorOf(gone)._code).toBe("cart_expired");
  });

  it("'We could not find that order.' without the order's token", async () => {
    const session = await next();
    const { orderId } = await buyOrder(api, session.id, 1);
    const res = await send(api, "GET", `/api/ticket_order/${orderId}/edit_cart?token=v1.1.x`);
    expectStatus(res, 404);
    expect(errorOf(res)._description).toBe(ORDER_NOT_FOUND_TEXT);
  });
});

describe("POST cart/{id}/remove", () => {
  it("lists the order's ticket as removed; total_outstanding is minus what it cost (added − removed)", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 2);
    const [first] = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const envelope = asCart(await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [first?.id] }));
    expect(cartOf(envelope).removed_ticket_ids).toEqual([first?.id]);
    // An adult ticket is 25.00 plus a 1.50 fee.
    expect(outstandingOf(envelope)).toBe("-26.50");
    // Removals are reserved only on confirm: the order and the session are untouched.
    expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual(["booked", "booked"]);
    expect(await usedPlaces(api, session.id)).toBe(2);
  });

  it("ticket_not_found (context cart_remove_tickets) for a ticket that is not on the order", async () => {
    const session = await next();
    const a = await buyOrder(api, session.id, 1);
    const b = await buyOrder(api, session.id, 1);
    const [other] = await orderTickets(api, b.orderId);
    const cartId = cartOf(await newEditCart(api, a.orderId, a.token)).id;
    for (const id of [other?.id, "no-such-ticket"]) {
      const res = await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [id] });
      expectStatus(res, 404);
      expect(errorOf(res)).toMatchObject({ _code: "ticket_not_found", _context: "cart_remove_tickets" });
    }
  });

  it("ticket_state_incorrect (context cart_remove_tickets) for a ticket that is not active", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 2);
    const [first] = await orderTickets(api, orderId);
    await api.handle.db
      .update(s.ticket)
      .set({ state: "cancelled" })
      .where(eq(s.ticket.id, first?.id ?? ""));
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const res = await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [first?.id] });
    expectStatus(res, 409);
    expect(errorOf(res)).toMatchObject({ _code: "ticket_state_incorrect", _context: "cart_remove_tickets" });
  });

  it("tickets_too_old (context cart_remove_tickets) for a ticket within the self-edit horizon (1 day)", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 1);
    const [ticket] = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const saved = api.clock.now();
    // 23 hours before the session starts: inside the one-day horizon (the cart is still live).
    api.clock.set(new Date(session.startDatetime.getTime() - 23 * 3_600_000));
    await api.handle.db
      .update(s.cart)
      .set({ expiresAt: new Date(session.startDatetime.getTime()) })
      .where(eq(s.cart.id, cartId));
    try {
      const res = await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [ticket?.id] });
      expectStatus(res, 409);
      expect(errorOf(res)).toMatchObject({
        _code: "tickets_too_old",
        _context: "cart_remove_tickets",
        _extra: { tickets: [ticket?.id] },
      });
    } finally {
      api.clock.set(saved);
    }
  });
});

describe("POST cart/{id}/modify (spec 2 §7: remove and add)", () => {
  it("a reschedule holds the new places at once; the old ones stay taken until confirm", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 2);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const envelope = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)),
    );
    expect(envelope.ticket._data.map((t) => t.event_session_id)).toEqual([to.id, to.id]);
    expect(cartOf(envelope).removed_ticket_ids).toEqual(tickets.map((t) => t.id));
    expect(outstandingOf(envelope)).toBe("0.00");
    expect(await heldCount(api, to.id)).toBe(2);
    expect(await usedPlaces(api, to.id)).toBe(2);
    expect(await usedPlaces(api, from.id)).toBe(2);
  });

  it("event_session_sold_out (context reserve) when the new session has no place left; nothing is listed", async () => {
    const [from, to] = [await next(), await next({ capacity: 1 })];
    const { orderId, token } = await buyOrder(api, from.id, 1);
    const other = await buyOrder(api, to.id, 1);
    expect(other.orderId).not.toBe("");
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const res = await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id));
    expectStatus(res, 409);
    expect(errorOf(res)).toMatchObject({ _code: "event_session_sold_out", _context: "reserve" });
    const read = asCart(await send(api, "GET", `/api/cart/${cartId}`));
    expect(cartOf(read).removed_ticket_ids).toEqual([]);
  });

  it("cart_expired (410) after the hold ends", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 1);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    await api.handle.db.update(s.cart).set({ expiresAt: api.clock.now() }).where(eq(s.cart.id, cartId));
    const res = await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id));
    expectStatus(res, 410);
    expect(errorOf(res)._code).toBe("cart_expired");
  });
});

describe("the same calls on an ordinary cart", () => {
  it("POST cart/{id}/modify and cart/{id}/remove change the cart's own holds (spec 2 §7)", async () => {
    const session = await next();
    const cart = cartOf(
      asCart(
        await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      ),
    );
    const added = asCart(
      await send(api, "POST", `/api/cart/${cart.id}/modify`, {
        add: [{ ticket_type_id: "hm-ga-child", event_session_id: session.id }],
      }),
    );
    expect(added.ticket._data).toHaveLength(2);
    expect(cartOf(added).edits_ticket_order_id).toBeUndefined();
    const child = added.ticket._data.find((t) => t.ticket_type_id === "hm-ga-child");
    const removed = asCart(await send(api, "POST", `/api/cart/${cart.id}/remove`, { tickets: [child?.id] }));
    expect(removed.ticket._data.map((t) => t.ticket_type_id)).toEqual(["hm-ga-adult"]);
    expect(await usedPlaces(api, session.id)).toBe(1);
    const unknown = await send(api, "POST", `/api/cart/${cart.id}/remove`, { tickets: ["nope"] });
    expectStatus(unknown, 404);
  });
});

describe("GET cart/{id}?embed=ticket_order and DELETE cart/{id}", () => {
  it("embeds the order the edit cart changes", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 1);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const read = asCart(await send(api, "GET", `/api/cart/${cartId}?embed=ticket_order&limit=1000`));
    expect(read.ticket_order?._data.map((o) => o.id)).toEqual([orderId]);
    const plain = asCart(await send(api, "GET", `/api/cart/${cartId}`));
    expect(plain.ticket_order).toBeUndefined();
  });

  it("discard: the edit cart is deleted, its holds released, the order untouched", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 2);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)));
    expect(await usedPlaces(api, to.id)).toBe(2);
    expectStatus(await send(api, "DELETE", `/api/cart/${cartId}`), 204);
    expect(await usedPlaces(api, to.id)).toBe(0);
    expect(await usedPlaces(api, from.id)).toBe(2);
    expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual(["booked", "booked"]);
    const [cart] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
    expect(cart?.state).toBe("deleted");
  });
});

describe("guest_checkout of an edit cart (spec 2 §4: free gateway when outstanding ≤ 0)", () => {
  it("a free reschedule moves the tickets in one go: old cancelled and given back, new booked on the order", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 2);
    const before = await orderRow(api, orderId);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)));
    const res = await confirmFree(api, cartId);
    expectStatus(res, 200);
    const answer = checkoutAnswer.parse(res.body);
    expect(answer.checkout_result._data[0]).toMatchObject({
      status: "completed",
      ticket_order_ids: [orderId],
    });
    const after = await orderTickets(api, orderId);
    expect(
      after
        .filter((t) => t.state === "cancelled")
        .map((t) => t.id)
        .sort(),
    ).toEqual(tickets.map((t) => t.id).sort());
    expect(after.filter((t) => t.state === "booked").map((t) => t.eventSessionId)).toEqual([to.id, to.id]);
    expect(await usedPlaces(api, from.id)).toBe(0);
    expect(await usedPlaces(api, to.id)).toBe(2);
    expect((await orderRow(api, orderId)).total).toBe(before.total);
    // No confirmation mail for an edit (send_email false): the client posts order_update.
    const mails = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));
    expect(mails.map((m) => m.kind)).toEqual(["order_confirmation"]);
  });

  it("cart_expired: an expired edit cart changes nothing and gives its holds back", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 1);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)));
    await api.handle.db.update(s.cart).set({ expiresAt: api.clock.now() }).where(eq(s.cart.id, cartId));
    const res = await confirmFree(api, cartId);
    expectStatus(res, 410);
    expect(errorOf(res)._code).toBe("cart_expired");
    expect((await orderTickets(api, orderId)).map((t) => [t.state, t.eventSessionId])).toEqual([
      ["booked", from.id],
    ]);
    expect(await usedPlaces(api, from.id)).toBe(1);
    expect(await usedPlaces(api, to.id)).toBe(0);
  });

  it("ticket_state_incorrect at confirm when a removed ticket was cancelled meanwhile; nothing changes", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 1);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)));
    await api.handle.db
      .update(s.ticket)
      .set({ state: "cancelled" })
      .where(eq(s.ticket.id, tickets[0]?.id ?? ""));
    const res = await confirmFree(api, cartId);
    expectStatus(res, 409);
    expect(errorOf(res)).toMatchObject({ _code: "ticket_state_incorrect", _context: "cart_remove_tickets" });
    expect(await heldCount(api, to.id)).toBe(1);
  });

  it("a paid difference is refused on the free gateway and taken by card; the order's total grows", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 1);
    const before = await orderRow(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    const envelope = asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
      }),
    );
    expect(outstandingOf(envelope)).toBe("26.50");
    const free = await confirmFree(api, cartId);
    expectStatus(free, 400);
    expect(errorOf(free)._extra).toMatchObject({ total_outstanding: "26.50" });
    const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
      send_email: false,
    });
    expectStatus(paid, 200);
    const answer = checkoutAnswer.parse(paid.body);
    expect(answer.checkout_result._data[0]).toMatchObject({
      amount_paid: "26.50",
      ticket_order_ids: [orderId],
    });
    expect(answer.payment?._data.map((p) => [p.gateway_id, p.state, p.amount])).toEqual([
      ["test", "succeeded", "26.50"],
    ]);
    expect((await orderRow(api, orderId)).total).toBe(before.total + 2650);
    expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual(["booked", "booked"]);
  });
});

describe("POST cart/{id}/pay on an edit cart", () => {
  it("is refused (400 gateway_not_allowed): a change is paid in one payment at its checkout", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 1);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(
      await send(api, "POST", `/api/cart/${cartId}/modify`, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
      }),
    );
    const res = await send(api, "POST", `/api/cart/${cartId}/pay`, {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
      amount: "10.00",
    });
    expectStatus(res, 400);
    expect(errorOf(res)._code).toBe("gateway_not_allowed");
    expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId))).toEqual([]);
  });
});

describe("a lower price follows self_edit.lower_price", () => {
  it("'refund': the difference goes back to the order's card payment through the gateway", async () => {
    const session = await next();
    const { orderId, token } = await buyOrder(api, session.id, 2);
    const before = await orderRow(api, orderId);
    const [first] = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [first?.id] }));
    expectStatus(await confirmFree(api, cartId), 200);
    const [original] = await api.handle.db
      .select()
      .from(s.payment)
      .where(eq(s.payment.cartId, before.cartId));
    const refunds = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
    expect(refunds.map((r) => [r.state, r.amount, r.refundOfPaymentId])).toEqual([
      ["refund", 2650, original?.id],
    ]);
    expect(refunds[0]?.providerReference).toMatch(/^re_test_/);
    expect(original?.state).toBe("succeeded");
    expect((await orderRow(api, orderId)).total).toBe(before.total - 2650);
    expect(await usedPlaces(api, session.id)).toBe(1);
  });

  it("'keep': nothing is refunded and the order keeps its total", async () => {
    const { getTenant } = await import("../../../src/lib/tenant/load.ts");
    const selfEdit = getTenant("harbour-museum")?.web.self_edit;
    if (!selfEdit) throw new Error("harbour-museum has no self_edit");
    selfEdit.lower_price = "keep";
    try {
      const session = await next();
      const { orderId, token } = await buyOrder(api, session.id, 2);
      const before = await orderRow(api, orderId);
      const [first] = await orderTickets(api, orderId);
      const cartId = cartOf(await newEditCart(api, orderId, token)).id;
      asCart(await send(api, "POST", `/api/cart/${cartId}/remove`, { tickets: [first?.id] }));
      expectStatus(await confirmFree(api, cartId), 200);
      expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cartId))).toEqual([]);
      expect((await orderRow(api, orderId)).total).toBe(before.total);
      expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual(["cancelled", "booked"]);
    } finally {
      selfEdit.lower_price = "refund";
    }
  });
});

describe("the token opens only its own order's edit", () => {
  it("a token issued for the order works after a reschedule too (the order id does not change)", async () => {
    const [from, to] = [await next(), await next()];
    const { orderId, token } = await buyOrder(api, from.id, 1);
    const tickets = await orderTickets(api, orderId);
    const cartId = cartOf(await newEditCart(api, orderId, token)).id;
    asCart(await send(api, "POST", `/api/cart/${cartId}/modify`, rescheduleBody(tickets, to.id)));
    expectStatus(await confirmFree(api, cartId), 200);
    const again = await issueManageToken(api.handle.db, orderId, api.clock.now());
    expect(again).toBe(token);
    expect(cartOf(await newEditCart(api, orderId, token)).edits_ticket_order_id).toBe(orderId);
  });
});
