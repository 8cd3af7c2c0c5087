/**
 * The back office's order services on a seeded database: search by every key, an order's detail,
 * refunds (whole order, some tickets, an amount; gift card and membership), cancel and resend,
 * the box office's limit, the roles, and another seller's staff, who find nothing.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  cancelAnswer,
  cancelOrder,
  orderDetail,
  orderDetailAnswer,
  orderSummary,
  refundAnswer,
  refundOrder,
  resendAnswer,
  resendOrder,
  searchOrders,
} from "../../../src/lib/server/services/admin/orders/index.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, payAsGuest, send, upcomingSession } from "../../helpers/cart.ts";
import {
  buyer,
  buyHarbourOrder,
  buyMembership,
  buyWithGiftCard,
  ledgerBalance,
  refusal,
  setLedgerBalance,
  staffActor,
  usedCapacity,
} from "./helpers.ts";

const api = withTestApi();
const now = () => api.clock.now();
const admin = () => staffActor(api, "harbour-museum", "admin");

async function paymentsOf(orderId: string) {
  const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  return api.handle.db
    .select()
    .from(s.payment)
    .where(eq(s.payment.cartId, order?.cartId ?? ""));
}

async function mailsOf(orderId: string, kind: string) {
  return api.handle.db
    .select()
    .from(s.outbox)
    .where(and(eq(s.outbox.relatedId, orderId), eq(s.outbox.kind, kind)));
}

describe("search", () => {
  it("finds an order by its number, e-mail, buyer name, a ticket's scan code and the card's last four digits", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 0, tag: "search" });
    const actor = await admin();
    const [scan] = await api.handle.db
      .select()
      .from(s.ticketScan)
      .where(eq(s.ticketScan.ticketOrderId, order.orderId));
    const found = async (q: string) =>
      (await searchOrders(api.handle.db, actor, { q, limit: 100 })).map((o) => o.id);
    expect(await found(order.orderNumber)).toContain(order.orderId);
    expect(await found(order.email.toUpperCase())).toContain(order.orderId);
    expect(await found("lovelace-search")).toContain(order.orderId);
    expect(await found("Ada Lovelace-search")).toContain(order.orderId);
    expect(await found(scan?.scanCode ?? "?")).toEqual([order.orderId]);
    expect(await found("4242")).toContain(order.orderId);
    expect(await found("0000")).not.toContain(order.orderId);
    const [row] = await searchOrders(api.handle.db, actor, { q: order.orderNumber });
    expect(orderSummary.strict().parse(row)).toEqual(row);
    expect(row).toMatchObject({
      id: order.orderId,
      orderNumber: order.orderNumber,
      buyerName: "Ada Lovelace-search",
      buyerEmail: order.email,
      total: "53.00",
      currency: "USD",
      state: "completed",
      itemCount: 2,
      bookedCount: 2,
    });
  });

  it("finds a membership order by its member ID; LIKE characters are matched as themselves", async () => {
    const order = await buyMembership(api);
    const [card] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order.orderId));
    const actor = await admin();
    const hits = await searchOrders(api.handle.db, actor, { q: card?.scanCode ?? "?" });
    expect(hits.map((o) => o.id)).toEqual([order.orderId]);
    expect(await searchOrders(api.handle.db, actor, { q: "%" })).toEqual([]);
  });

  it("an empty search or a limit above 100 is 400 validation_failed", async () => {
    const actor = await admin();
    expect(await refusal(searchOrders(api.handle.db, actor, { q: " " }))).toEqual({
      status: 400,
      code: "validation_failed",
    });
    expect(await refusal(searchOrders(api.handle.db, actor, { q: "x", limit: 101 }))).toMatchObject({
      status: 400,
    });
  });
});

describe("order detail", () => {
  it("has the tickets, the card payment with its last four digits, the confirmation mail, and after a refund the refund and its audit entry", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 1, tag: "detail" });
    const actor = await admin();
    const before = await orderDetail(api.handle.db, actor, { orderId: order.orderId });
    expect(before.order).toMatchObject({ id: order.orderId, orderNumber: order.orderNumber, total: "53.00" });
    expect(before.order.buyer).toEqual({ name: "Ada Lovelace-detail", email: order.email });
    expect(before.tickets).toHaveLength(2);
    for (const t of before.tickets) {
      expect(t).toMatchObject({
        state: "booked",
        ticketType: { id: "hm-ga-adult" },
        sessionId: order.sessionId,
        price: "26.50",
      });
      expect(t.scanCode).toBeTruthy();
      expect(t.sessionStart).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(before.payments).toEqual([
      expect.objectContaining({ gateway: "test", amount: "53.00", state: "succeeded", cardLast4: "4242" }),
    ]);
    expect(before.refunds).toEqual([]);
    expect(before).toMatchObject({ paid: "53.00", refunded: "0.00", refundable: "53.00" });
    expect(before.emails.map((m) => [m.kind, m.to])).toEqual([["order_confirmation", order.email]]);
    expect(before.audit).toEqual([]);

    await refundOrder(
      api.handle.db,
      actor,
      {
        orderId: order.orderId,
        scope: { kind: "tickets", ticketIds: [order.ticketIds[0] ?? ""] },
        reason: "Sick child",
      },
      now(),
    );
    const after = await orderDetail(api.handle.db, actor, order.orderId);
    // The answers are what the schemas the admin API documents say.
    expect(orderDetailAnswer.strict().parse(after)).toEqual(after);
    expect(after.tickets.map((t) => t.state).sort()).toEqual(["booked", "cancelled"]);
    expect(after.refunds).toEqual([
      expect.objectContaining({
        gateway: "test",
        amount: "26.50",
        state: "refund",
        refundOfPaymentId: before.payments[0]?.id,
      }),
    ]);
    expect(after).toMatchObject({ paid: "53.00", refunded: "26.50", refundable: "26.50" });
    expect(after.emails.map((m) => m.kind).sort()).toEqual(["order_confirmation", "order_refund"]);
    expect(after.audit).toEqual([
      expect.objectContaining({
        action: "refund",
        actorName: actor.name,
        actorKind: "staff",
        reason: "Sick child",
      }),
    ]);
  });
});

describe("refunds", () => {
  it("the whole order: the card payment goes back, every ticket is cancelled, the places are on sale again, the buyer has the mail", async () => {
    const order = await buyHarbourOrder(api, { quantity: 3, offset: 2, tag: "whole" });
    expect(await usedCapacity(api, order.sessionId)).toBe(3);
    const result = await refundOrder(
      api.handle.db,
      await admin(),
      { orderId: order.orderId, scope: { kind: "order" }, reason: "Event moved" },
      now(),
    );
    expect(result).toMatchObject({ amount: "79.50", refunded: "79.50", due: "0.00" });
    expect(refundAnswer.strict().parse(result)).toEqual(result);
    expect(result.cancelledTicketIds.sort()).toEqual([...order.ticketIds].sort());
    expect(await usedCapacity(api, order.sessionId)).toBe(0);
    const tickets = await api.handle.db
      .select()
      .from(s.ticket)
      .where(eq(s.ticket.ticketOrderId, order.orderId));
    expect(tickets.every((t) => t.state === "cancelled")).toBe(true);
    const refunds = (await paymentsOf(order.orderId)).filter((p) => p.refundOfPaymentId);
    expect(refunds.map((p) => [p.gatewayId, p.state, p.amount])).toEqual([["test", "refund", 7950]]);
    expect(refunds[0]?.providerReference).toMatch(/^re_test_/);
    const [mail] = await mailsOf(order.orderId, "order_refund");
    expect(mail?.toAddress).toBe(order.email);
    expect(mail?.text).toContain("We have refunded $79.50 to you.");
    // The mail's total says what was paid and what went back, not the order's charge alone.
    expect(mail?.text).toContain("Total: $79.50 paid, $79.50 refunded");
    // Nothing is left: a second whole-order refund says so and changes nothing.
    expect(
      await refusal(
        refundOrder(
          api.handle.db,
          await admin(),
          { orderId: order.orderId, scope: { kind: "order" }, reason: "again" },
          now(),
        ),
      ),
    ).toEqual({ status: 409, code: "refund_nothing_left" });
  });

  it("some tickets: their price goes back, those tickets are cancelled and their places freed, the others stay", async () => {
    const order = await buyHarbourOrder(api, { quantity: 3, offset: 3, tag: "some" });
    const [a, b, c] = order.ticketIds;
    const result = await refundOrder(
      api.handle.db,
      await admin(),
      {
        orderId: order.orderId,
        scope: { kind: "tickets", ticketIds: [a ?? "", b ?? ""] },
        reason: "Two could not come",
      },
      now(),
    );
    expect(result.amount).toBe("53.00");
    expect(await usedCapacity(api, order.sessionId)).toBe(1);
    const [left] = await api.handle.db
      .select()
      .from(s.ticket)
      .where(eq(s.ticket.id, c ?? ""));
    expect(left?.state).toBe("booked");
    // A ticket refunded already, or another order's, is refused.
    expect(
      await refusal(
        refundOrder(
          api.handle.db,
          await admin(),
          { orderId: order.orderId, scope: { kind: "tickets", ticketIds: [a ?? ""] }, reason: "twice" },
          now(),
        ),
      ),
    ).toEqual({ status: 409, code: "order_ticket_not_booked" });
    const other = await buyHarbourOrder(api, { quantity: 1, offset: 3, tag: "other" });
    expect(
      await refusal(
        refundOrder(
          api.handle.db,
          await admin(),
          {
            orderId: order.orderId,
            scope: { kind: "tickets", ticketIds: [other.ticketIds[0] ?? ""] },
            reason: "x",
          },
          now(),
        ),
      ),
    ).toEqual({ status: 404, code: "not_found" });
  });

  it("an amount: given back without cancelling anything; more than is left is refund_exceeds_paid", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 4, tag: "amount" });
    const actor = await admin();
    const result = await refundOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, scope: { kind: "amount", amount: "10.00" }, reason: "Goodwill" },
      now(),
    );
    expect(result).toMatchObject({ amount: "10.00", cancelledTicketIds: [] });
    expect(await usedCapacity(api, order.sessionId)).toBe(2);
    expect(
      await refusal(
        refundOrder(
          api.handle.db,
          actor,
          { orderId: order.orderId, scope: { kind: "amount", amount: "43.01" }, reason: "x" },
          now(),
        ),
      ),
    ).toEqual({ status: 409, code: "refund_exceeds_paid" });
    expect(
      await refusal(
        refundOrder(
          api.handle.db,
          actor,
          { orderId: order.orderId, scope: { kind: "amount", amount: "1.234" }, reason: "x" },
          now(),
        ),
      ),
    ).toEqual({ status: 400, code: "validation_failed" });
    // The rest of the order: what is left, 43.00, and the tickets.
    const rest = await refundOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, scope: { kind: "order" }, reason: "x" },
      now(),
    );
    expect(rest.amount).toBe("43.00");
    const detail = await orderDetail(api.handle.db, actor, order.orderId);
    expect(detail).toMatchObject({ paid: "53.00", refunded: "53.00", refundable: "0.00" });
  });

  it("a gift card payment goes back to the card's balance, the card payment through its gateway (newest first)", async () => {
    await setLedgerBalance(api, "GC-1000-0001", 2000);
    const order = await buyWithGiftCard(api, "GC-1000-0001", { quantity: 2, offset: 5 });
    expect(await ledgerBalance(api, "GC-1000-0001")).toBe(0);
    const actor = await admin();
    // 40.00: the card's 33.00 first (the newest payment), then 7.00 of the gift card's 20.00.
    await refundOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, scope: { kind: "amount", amount: "40.00" }, reason: "x" },
      now(),
    );
    expect(await ledgerBalance(api, "GC-1000-0001")).toBe(700);
    await refundOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, scope: { kind: "order" }, reason: "x" },
      now(),
    );
    expect(await ledgerBalance(api, "GC-1000-0001")).toBe(2000);
    const detail = await orderDetail(api.handle.db, actor, order.orderId);
    expect(detail.payments.map((p) => [p.gateway, p.amount, p.giftCardNumber])).toEqual([
      ["ledger", "20.00", "GC-1000-0001"],
      ["test", "33.00", null],
    ]);
    // Both refunds happen at the same instant of the test clock: compared in any order.
    expect(detail.refunds.map((r) => [r.gateway, r.amount]).sort()).toEqual([
      ["ledger", "13.00"],
      ["ledger", "7.00"],
      ["test", "33.00"],
    ]);
    expect(detail.refundable).toBe("0.00");
  });

  it("a seated ticket refunded frees its seat: the detail names the seat, and the seat can be sold again", async () => {
    const session = await upcomingSession(api, "hm-evening-concert", 0);
    await api.handle.db.delete(s.sessionSeat).where(eq(s.sessionSeat.eventSessionId, session.id));
    const cart = cartOf(
      asCart(
        await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: ["hm-seat-C09", "hm-seat-C10"].map((seat_template_id) => ({
            ticket_type_id: "hm-concert-stalls-standard",
            event_session_id: session.id,
            seat_template_id,
          })),
        }),
      ),
    );
    const orderId = await payAsGuest(api, cart.id, buyer("seats"));
    const actor = await admin();
    const before = await orderDetail(api.handle.db, actor, orderId);
    const c09 = before.tickets.find((t) => t.seatName?.includes("9"));
    expect(before.tickets.map((t) => t.seatName).every(Boolean)).toBe(true);
    await refundOrder(
      api.handle.db,
      actor,
      { orderId, scope: { kind: "tickets", ticketIds: [c09?.id ?? ""] }, reason: "Seat swap" },
      now(),
    );
    const seats = await api.handle.db
      .select()
      .from(s.sessionSeat)
      .where(eq(s.sessionSeat.eventSessionId, session.id));
    expect(seats.map((seat) => seat.seatTemplateId)).toEqual(["hm-seat-C10"]);
    const again = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [
        {
          ticket_type_id: "hm-concert-stalls-standard",
          event_session_id: session.id,
          seat_template_id: "hm-seat-C09",
        },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("a refunded membership ends (valid to now, auto-renew off)", async () => {
    const order = await buyMembership(api);
    const [card] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order.orderId));
    expect(card && card.validTo.getTime() > now().getTime()).toBe(true);
    const result = await refundOrder(
      api.handle.db,
      await admin(),
      { orderId: order.orderId, scope: { kind: "order" }, reason: "Moved away" },
      now(),
    );
    expect(result.endedMembershipIds).toEqual([card?.id]);
    const [ended] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.id, card?.id ?? ""));
    expect(ended?.validTo.getTime()).toBe(now().getTime());
  });

  it("box office: within the limit it refunds; above it, or with no limit set, refund_over_limit; gate and viewer may not", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 6, tag: "limit" });
    const desk = await staffActor(api, "harbour-museum", "box_office", 3000);
    const one = {
      orderId: order.orderId,
      scope: { kind: "tickets" as const, ticketIds: [order.ticketIds[0] ?? ""] },
      reason: "x",
    };
    expect(
      await refusal(refundOrder(api.handle.db, desk, { ...one, scope: { kind: "order" } }, now())),
    ).toEqual({
      status: 403,
      code: "refund_over_limit",
    });
    const noLimit = await staffActor(api, "harbour-museum", "box_office", null);
    expect(await refusal(refundOrder(api.handle.db, noLimit, one, now()))).toEqual({
      status: 403,
      code: "refund_over_limit",
    });
    for (const role of ["gate", "viewer"] as const) {
      const actor = await staffActor(api, "harbour-museum", role, 100000);
      expect(await refusal(refundOrder(api.handle.db, actor, one, now()))).toEqual({
        status: 403,
        code: "forbidden_for_role",
      });
    }
    expect(await usedCapacity(api, order.sessionId)).toBe(2);
    const done = await refundOrder(api.handle.db, desk, one, now());
    expect(done.amount).toBe("26.50");
    expect(await usedCapacity(api, order.sessionId)).toBe(1);
  });
});

describe("cancel and resend", () => {
  it("cancel without refund frees the places, keeps the money, mails order_cancel and is audited", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 7, tag: "comp" });
    const actor = await staffActor(api, "harbour-museum", "box_office", 0);
    const result = await cancelOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, reason: "Comp given in error" },
      now(),
    );
    expect(result.cancelledTicketIds).toHaveLength(2);
    expect(cancelAnswer.strict().parse(result)).toEqual(result);
    expect(await usedCapacity(api, order.sessionId)).toBe(0);
    expect((await paymentsOf(order.orderId)).filter((p) => p.refundOfPaymentId)).toEqual([]);
    expect(await mailsOf(order.orderId, "order_cancel")).toHaveLength(1);
    const detail = await orderDetail(api.handle.db, actor, order.orderId);
    expect(detail.audit.map((a) => [a.action, a.reason])).toEqual([["cancel", "Comp given in error"]]);
    expect(
      await refusal(cancelOrder(api.handle.db, actor, { orderId: order.orderId, reason: "again" }, now())),
    ).toEqual({
      status: 409,
      code: "refund_nothing_left",
    });
  });

  it("resend mails the confirmation to the buyer or to another address, audited", async () => {
    const order = await buyHarbourOrder(api, { quantity: 1, offset: 8, tag: "resend" });
    const actor = await staffActor(api, "harbour-museum", "box_office", 0);
    const toBuyer = await resendOrder(api.handle.db, actor, { orderId: order.orderId }, now());
    expect(toBuyer.to).toBe(order.email);
    expect(resendAnswer.strict().parse(toBuyer)).toEqual(toBuyer);
    const other = await resendOrder(
      api.handle.db,
      actor,
      { orderId: order.orderId, to: "desk@example.com" },
      now(),
    );
    expect(other.to).toBe("desk@example.com");
    const mails = await mailsOf(order.orderId, "resend");
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["desk@example.com", order.email].sort());
    expect(mails.every((m) => m.subject.includes(order.orderNumber))).toBe(true);
    const detail = await orderDetail(api.handle.db, actor, order.orderId);
    expect(detail.audit.map((a) => a.action)).toEqual(["resend", "resend"]);
    expect(
      await refusal(
        resendOrder(api.handle.db, actor, { orderId: order.orderId, to: "not an address" }, now()),
      ),
    ).toEqual({
      status: 400,
      code: "validation_failed",
    });
  });
});

describe("ownership: another seller's staff find nothing", () => {
  it("every function answers 404 for a harbour-museum order to riverside-zoo's admin, and changes nothing", async () => {
    const order = await buyHarbourOrder(api, { quantity: 2, offset: 9, tag: "owner" });
    const stranger = await staffActor(api, "riverside-zoo", "admin");
    const db = api.handle.db;
    expect(await searchOrders(db, stranger, { q: order.orderNumber })).toEqual([]);
    expect(await searchOrders(db, stranger, { q: order.email })).toEqual([]);
    expect(await searchOrders(db, stranger, { q: "4242" })).not.toContainEqual(
      expect.objectContaining({ id: order.orderId }),
    );
    const notFound = { status: 404, code: "not_found" };
    expect(await refusal(orderDetail(db, stranger, order.orderId))).toEqual(notFound);
    expect(
      await refusal(
        refundOrder(db, stranger, { orderId: order.orderId, scope: { kind: "order" }, reason: "x" }, now()),
      ),
    ).toEqual(notFound);
    expect(
      await refusal(
        refundOrder(
          db,
          stranger,
          { orderId: order.orderId, scope: { kind: "amount", amount: "1.00" }, reason: "x" },
          now(),
        ),
      ),
    ).toEqual(notFound);
    expect(await refusal(cancelOrder(db, stranger, { orderId: order.orderId, reason: "x" }, now()))).toEqual(
      notFound,
    );
    expect(await refusal(resendOrder(db, stranger, { orderId: order.orderId }, now()))).toEqual(notFound);
    // An unknown id answers the same.
    expect(await refusal(orderDetail(db, stranger, "no-such-order"))).toEqual(notFound);
    expect(await usedCapacity(api, order.sessionId)).toBe(2);
    expect((await paymentsOf(order.orderId)).filter((p) => p.refundOfPaymentId)).toEqual([]);
    const own = await orderDetail(db, await admin(), order.orderId);
    expect(own.audit).toEqual([]);
    expect(own.emails.map((m) => m.kind)).toEqual(["order_confirmation"]);
  });
});
