/**
 * Checkout (spec 2 §4, §7, §8): a guest checkout converts the cart into one booked order,
 * card errors leave the cart intact, idempotency and the booked-cart path, expiry, ownership, and
 * the ticket_order reads and QR image.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };

async function newCart(offset: number, quantity = 2, headers: Record<string, string> = {}) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 50, 0);
  const env = asCart(
    await send(
      api,
      "POST",
      CREATE,
      { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }] },
      headers,
    ),
  );
  return { cart: cartOf(env), session };
}

const guestCheckout = (cartId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  send(
    api,
    "POST",
    `/api/cart/${cartId}/guest_checkout`,
    { gateway_id: "test", identity: GUEST, ...body },
    headers,
  );

async function ticketsOf(cartId: string) {
  return api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
}

describe("guest checkout with the test gateway", () => {
  it("4242 4242 4242 4242 books the held tickets into one order with scan codes, books the cart and queues the confirmation", async () => {
    const { cart, session } = await newCart(0, 2);
    const res = await guestCheckout(cart.id, { gateway_data: CARD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = checkoutAnswer.parse(res.body);
    const result = answer.checkout_result._data[0];
    expect(result?.status).toBe("completed");
    expect(result?.amount_paid).toBe("53.00");
    const order = answer.ticket_order?._data[0];
    expect(order?.order_number).toBe(cart.cart_number);
    expect(order?.ticket_order_fees.total_after_fees_price).toBe("53.00");
    expect(answer.payment?._count).toBe(1);
    const tickets = await ticketsOf(cart.id);
    expect(tickets.map((t) => t.state)).toEqual(["booked", "booked"]);
    expect(tickets.every((t) => t.ticketOrderId === order?.id)).toBe(true);
    const scans = await api.handle.db
      .select()
      .from(s.ticketScan)
      .where(eq(s.ticketScan.ticketOrderId, order?.id ?? ""));
    expect(scans).toHaveLength(2);
    expect(new Set(scans.map((x) => x.scanCode)).size).toBe(2);
    const [cartRow] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cart.id));
    expect(cartRow?.state).toBe("booked");
    expect(cartRow?.ticketOrderId).toBe(order?.id);
    // Booking keeps the counters: the held tickets already owned their places.
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(2);
    const mails = await api.handle.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.relatedId, order?.id ?? ""));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(order?.order_number ?? "?");
    expect(mails[0]?.toAddress).toBe(GUEST.email);
    // A QR image per ticket and the order's calendar (.ics).
    expect(mails[0]?.attachments.filter((a) => a.contentType === "image/png")).toHaveLength(2);
    expect(mails[0]?.attachments.filter((a) => a.contentType.startsWith("text/calendar"))).toHaveLength(1);
    expect(mails[0]?.html).toContain("cid:ticket-1@foyer");
    const [identity] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, order?.identity_id ?? ""));
    expect(identity?.kind).toBe("guest");
  });

  it("send_email false skips the confirmation mail", async () => {
    const { cart } = await newCart(1, 1);
    const res = await guestCheckout(cart.id, { gateway_data: CARD, send_email: false });
    expect(res.status).toBe(200);
    const orderId = checkoutAnswer.parse(res.body).ticket_order?._data[0]?.id ?? "";
    expect(await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId))).toHaveLength(
      0,
    );
  });

  it("spec 2 §8: card_declined and incorrect_cvc are 402 in Stripe's shape and leave the cart pending with its holds", async () => {
    const { cart, session } = await newCart(2, 2);
    for (const [number, code] of [
      ["4000000000000002", "card_declined"],
      ["4000000000000127", "incorrect_cvc"],
    ] as const) {
      const res = await guestCheckout(cart.id, { gateway_data: { ...CARD, card_number: number } });
      expect(res.status).toBe(402);
      const error = errorOf(res);
      expect(error._code).toBe(code);
      expect(error._extra).toMatchObject({ type: "card_error", code });
      expect(typeof error._extra.message).toBe("string");
    }
    expect((await ticketsOf(cart.id)).map((t) => t.state)).toEqual(["held", "held"]);
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(2);
    expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id))).toHaveLength(0);
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cart.id));
    expect(row?.state).toBe("pending");
  });

  it("spec 2 §4: 4000 0000 0000 3220 answers 402 intent_requires_action; confirming the payment intent completes it", async () => {
    const { cart } = await newCart(3, 1);
    const first = await guestCheckout(cart.id, {
      gateway_data: { ...CARD, card_number: "4000000000003220" },
    });
    expect(first.status).toBe(402);
    const intent = errorOf(first)._extra.payment_intent_id;
    expect(typeof intent).toBe("string");
    const wrong = await guestCheckout(cart.id, { gateway_data: { payment_intent_id: "pi_test_wrong" } });
    expect(wrong.status).toBe(402);
    const second = await guestCheckout(cart.id, { gateway_data: { payment_intent_id: String(intent) } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(checkoutAnswer.parse(second.body).checkout_result._data[0]?.status).toBe("completed");
  });

  it("a card with exp_year 2099 stays processing: status pending with a reference; confirming that reference completes the order", async () => {
    const { cart } = await newCart(4, 1);
    const res = await guestCheckout(cart.id, { gateway_data: { ...CARD, exp_year: 2099 } });
    expect(res.status).toBe(200);
    const result = checkoutAnswer.parse(res.body).checkout_result._data[0];
    expect(result?.status).toBe("pending");
    expect(result?.reference).toMatch(/^pi_test_/);
    const orderId = result?.ticket_order_ids[0] ?? "";
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    expect(order?.state).toBe("pending");
    expect(await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId))).toHaveLength(
      0,
    );
    const done = await guestCheckout(cart.id, {
      gateway_data: { payment_intent_id: result?.reference ?? "" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(checkoutAnswer.parse(done.body).checkout_result._data[0]?.status).toBe("completed");
    expect(await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId))).toHaveLength(
      1,
    );
  });
});

describe("a returning guest (the seller's identity with the same e-mail is reused)", () => {
  /** The guest's row and its version (PostgreSQL's xmin changes whenever the row is written). */
  const guestRow = async (email: string) => {
    const [row] = await api.handle.db
      .select({
        id: s.identity.id,
        lastName: s.identity.lastName,
        version: sql<string>`${s.identity}.xmin::text`,
      })
      .from(s.identity)
      .where(sql`lower(${s.identity.email}) = lower(${email})`);
    return row;
  };

  it("the same guest again is reused without writing their row; a new name is stored", async () => {
    const email = `returning-${randomUUID()}@example.com`;
    const guest = { ...GUEST, email };
    const first = await newCart(14, 1);
    expect((await guestCheckout(first.cart.id, { identity: guest, gateway_data: CARD })).status).toBe(200);
    const stored = await guestRow(email);
    const again = await newCart(14, 1);
    const upper = { ...guest, email: email.toUpperCase() };
    expect((await guestCheckout(again.cart.id, { identity: upper, gateway_data: CARD })).status).toBe(200);
    expect(await guestRow(email)).toEqual(stored);
    const renamed = await newCart(14, 1);
    const married = { ...guest, last_name: "King" };
    expect((await guestCheckout(renamed.cart.id, { identity: married, gateway_data: CARD })).status).toBe(
      200,
    );
    const now = await guestRow(email);
    expect(now?.id).toBe(stored?.id);
    expect(now?.lastName).toBe("King");
    expect(now?.version).not.toBe(stored?.version);
    const orders = await api.handle.db
      .select({ identityId: s.ticketOrder.identityId })
      .from(s.ticketOrder)
      .where(eq(s.ticketOrder.identityId, stored?.id ?? ""));
    expect(orders).toHaveLength(3);
  });
});

describe("idempotency and the booked cart", () => {
  it("the same Idempotency-Key returns the stored answer: one order, one payment", async () => {
    const { cart } = await newCart(5, 1);
    const headers = { "idempotency-key": "key-aaaaaaaa" };
    const first = await guestCheckout(cart.id, { gateway_data: CARD }, headers);
    const again = await guestCheckout(cart.id, { gateway_data: CARD }, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cart.id)),
    ).toHaveLength(1);
    expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id))).toHaveLength(1);
    const other = await guestCheckout(cart.id, { gateway_data: { ...CARD, cvc: "999" } }, headers);
    expect(other.status).toBe(422);
  });

  it("a double submit fired in parallel (with or without a key) gives one order and one payment", async () => {
    for (const [offset, headers] of [
      [6, {}],
      [7, { "idempotency-key": "key-bbbbbbbb" }],
    ] as const) {
      const { cart } = await newCart(offset, 2);
      const answers = await Promise.all([
        guestCheckout(cart.id, { gateway_data: CARD }, headers),
        guestCheckout(cart.id, { gateway_data: CARD }, headers),
      ]);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(
        await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cart.id)),
      ).toHaveLength(1);
      expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id))).toHaveLength(
        1,
      );
    }
  });

  it("spec 2 §8: a checkout of a booked cart is 409 'Cart with order ID {id} has been booked.'", async () => {
    const { cart } = await newCart(8, 1);
    const first = await guestCheckout(cart.id, { gateway_data: CARD });
    const orderId = checkoutAnswer.parse(first.body).ticket_order?._data[0]?.id;
    const again = await guestCheckout(cart.id, { gateway_data: CARD });
    expect(again.status).toBe(409);
    expect(errorOf(again)._code).toBe("cart_booked");
    expect(errorOf(again)._description).toBe(`Cart with order ID ${orderId} has been booked.`);
    expect(errorOf(again)._extra.ticket_order_id).toBe(orderId);
  });
});

describe("expiry and ownership", () => {
  it("an expired cart at checkout is 410 cart_expired, its places freed and nothing charged", async () => {
    const { cart, session } = await newCart(9, 2);
    api.clock.advance(901_000);
    try {
      const res = await guestCheckout(cart.id, { gateway_data: CARD });
      expect(res.status).toBe(410);
      expect(errorOf(res)._code).toBe("cart_expired");
      expect(errorOf(res)._description).toContain("You have not been charged.");
    } finally {
      api.clock.advance(-901_000);
    }
    expect((await sessionRow(api, session.id)).usedCapacity).toBe(0);
    expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id))).toHaveLength(0);
  });

  it("a user's cart is 403 to others; its owner checks out through my/cart/{id}/checkout", async () => {
    const owner = await loginIdentity(api);
    const other = await loginIdentity(api);
    const { cart } = await newCart(10, 1, { cookie: owner.cookie });
    const stranger = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: CARD },
      { cookie: other.cookie },
    );
    expect(stranger.status).toBe(403);
    const anonymous = await guestCheckout(cart.id, { gateway_data: CARD });
    expect(anonymous.status).toBe(403);
    const mine = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/checkout`,
      { gateway_id: "test", gateway_data: CARD },
      { cookie: owner.cookie },
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const orderId = checkoutAnswer.parse(mine.body).ticket_order?._data[0]?.id ?? "";
    expect(
      (await send(api, "GET", `/api/ticket_order/${orderId}`, undefined, { cookie: other.cookie })).status,
    ).toBe(403);
    const read = await send(api, "GET", `/api/ticket_order/${orderId}`, undefined, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("ticket_order reads and QR codes", () => {
  it("GET ticket_order?id._in= (also under /cached_api) and ticket_order/{id} answer the order with its embeds; the QR is a PNG", async () => {
    const { cart } = await newCart(11, 2);
    const res = await guestCheckout(cart.id, { gateway_data: CARD });
    const orderId = checkoutAnswer.parse(res.body).ticket_order?._data[0]?.id ?? "";
    const list = await send(
      api,
      "GET",
      `/cached_api/ticket_order?id._in=${orderId}&_embed=ticket,ticket_type,ticket_group,event_template,ticket.event_session,venue`,
    );
    expect(list.status).toBe(200);
    // "Guest order answers are `private, no-store`", under /cached_api too.
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const body = list.body as Record<string, { _count: number; _data: Record<string, unknown>[] }>;
    expect(body.ticket_order?._count).toBe(1);
    expect(body.ticket?._count).toBe(2);
    expect(body.ticket?._data[0]?.scan_code).toEqual(expect.any(String));
    expect(body.ticket?._data[0]?.state).toBe("booked");
    for (const key of ["ticket_type", "ticket_group", "event_template", "event_session", "venue"]) {
      expect(body[key]?._count, key).toBeGreaterThan(0);
    }
    const one = await send(api, "GET", `/api/ticket_order/${orderId}?_embed=ticket`);
    expect(one.status).toBe(200);
    expect((await send(api, "GET", "/api/ticket_order/nope")).status).toBe(404);
    const qr = await api.app.request(`/cached_api/ticket_order/${orderId}/qrcode?margin=4`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await qr.arrayBuffer());
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect((await api.app.request("/api/membership/nope/qrcode?margin=2")).status).toBe(404);
  });
});

describe("validation", () => {
  it("a guest checkout needs the identity; a bad body is 400; free is only for a zero total", async () => {
    const { cart } = await newCart(12, 1);
    const noIdentity = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
    });
    expect(noIdentity.status).toBe(400);
    const bad = await guestCheckout(cart.id, { gateway_data: CARD, amount: "26.5" });
    expect(bad.status).toBe(400);
    const free = await guestCheckout(cart.id, { gateway_id: "free" });
    expect(free.status).toBe(400);
    expect(errorOf(free)._code).toBe("gateway_not_allowed");
    const tickets = await api.handle.db
      .select()
      .from(s.ticket)
      .where(and(eq(s.ticket.cartId, cart.id), eq(s.ticket.state, "held")));
    expect(tickets).toHaveLength(1);
  });
});
