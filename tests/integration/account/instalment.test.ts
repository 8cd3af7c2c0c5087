/**
 * "Scheduled payments show as Upcoming or Overdue, and an overdue one can be paid now
 * through the checkout screen" (spec 2 §3, §4, §5): the demo member's Family membership on the
 * payment plan (seed/account-demo.ts: deposit paid, the second instalment Overdue, the third
 * Upcoming) is a booked order that still owes; GET my/cart/{id} shows its plan to its owner, and
 * pay / checkout take an instalment like a plan cart's partial payment (checkout/instalment.ts).
 * Only the order's identity may read or pay it.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { myOrderEnvelope } from "../../../src/lib/api/account/schemas.ts";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { parseMoneyString } from "../../../src/lib/domain/money.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { accountDemoOrderId } from "../../../src/lib/server/db/seed/account-demo.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../../src/lib/server/services/identity/identity.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, loginIdentity, send } from "../../helpers/cart.ts";

const api = withTestApi();
const HM = "harbour-museum";
const ORDER = accountDemoOrderId("hm", "plan");
const CART = "hm-demo-account-plan-cart";
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };

/** A live session of the seeded demo user (demo@harbour-museum.example). */
async function demoCookie(): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const now = api.clock.now();
  await api.handle.db.insert(s.authSession).values({
    tokenHash: hashSessionToken(token),
    identityId: "hm-demo-user",
    sellerId: HM,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

const q = `?_seller=${HM}`;
const getCart = (cookie?: string) =>
  send(api, "GET", `/api/my/cart/${CART}${q}`, undefined, cookie ? { cookie } : {});
const pay = (amount: string, cookie: string) =>
  send(
    api,
    "POST",
    `/api/my/cart/${CART}/pay${q}`,
    { gateway_id: "test", gateway_data: CARD, amount },
    { cookie },
  );

async function scheduledOfOrder(cookie: string) {
  const res = await send(
    api,
    "GET",
    `/api/my/ticket_order${q}&id._in=${ORDER}&_embed=scheduled_payment,payment_audit`,
    undefined,
    { cookie },
  );
  return myOrderEnvelope.parse(res.body);
}

describe("'an overdue one can be paid now through the checkout screen'", () => {
  it("GET my/cart/{id} of the booked plan order shows its owner the plan: Paid, Overdue, Upcoming and what is outstanding", async () => {
    const envelope = asCart(await getCart(await demoCookie()));
    const cart = cartOf(envelope);
    expect(cart.state).toBe("booked");
    expect(cart.ticket_order_id).toBe(ORDER);
    expect(envelope.ticket._data.map((t) => t.id)).toHaveLength(2);
    const rows = envelope.scheduled_payment?._data ?? [];
    expect(rows.map((r) => r.status)).toEqual(["Paid", "Overdue", "Upcoming"]);
    const unpaid = rows
      .filter((r) => r.status !== "Paid")
      .reduce((sum, r) => sum + parseMoneyString(r.amount), 0);
    expect(parseMoneyString(cart.outstanding_balance)).toBe(unpaid);
  });

  it("'Nothing due today is Overdue': on its due day the order's next instalment is due today, on the order and its checkout alike", async () => {
    const cookie = await demoCookie();
    const rows = (await scheduledOfOrder(cookie)).scheduled_payment?._data ?? [];
    expect(rows.map((r) => r.due_today)).toEqual([false, false, false]);
    const upcoming = rows[2];
    if (!upcoming) throw new Error("no third instalment");
    const shift = Date.parse(upcoming.due_date) + 3_600_000 - api.clock.now().getTime();
    api.clock.advance(shift);
    try {
      const later = (await scheduledOfOrder(await demoCookie())).scheduled_payment?._data ?? [];
      expect(later.map((r) => [r.status, r.due_today])).toEqual([
        ["Paid", false],
        ["Overdue", false],
        ["Overdue", true],
      ]);
      const cartRows = asCart(await getCart(await demoCookie())).scheduled_payment?._data ?? [];
      expect(cartRows.map((r) => r.due_today)).toEqual([false, false, true]);
    } finally {
      api.clock.advance(-shift);
    }
  });

  it("only the owner: another user and a visitor who is not logged in get 403 for the read and the payment", async () => {
    const other = await loginIdentity(api, HM);
    expect((await getCart(other.cookie)).status).toBe(403);
    expect((await getCart()).status).toBe(403);
    const refused = await pay("59.40", other.cookie);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)._code).toBe("forbidden");
    const payments = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, CART));
    expect(payments).toHaveLength(1);
  });

  it("'the other partial amount is clamped between the due amount and the outstanding balance' (spec 2 §5): less than due is a 400, nothing charged", async () => {
    const cookie = await demoCookie();
    const res = await pay("10.00", cookie);
    expect(res.status).toBe(400);
    expect(errorOf(res)._code).toBe("validation_failed");
    expect(errorOf(res)._extra.amount_due).toBe("59.40");
    const tooMuch = await pay("500.00", cookie);
    expect(tooMuch.status).toBe(400);
    expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, CART))).toHaveLength(1);
  });

  it("the order's identity, not the cart's, decides: a caller the cart lets in but whose order it is not gets 403 and sees no plan", async () => {
    const other = await loginIdentity(api, HM);
    await api.handle.db.update(s.cart).set({ identityId: other.identityId }).where(eq(s.cart.id, CART));
    try {
      const refused = await pay("59.40", other.cookie);
      expect(refused.status).toBe(403);
      expect(errorOf(refused)._code).toBe("forbidden");
      const read = asCart(await getCart(other.cookie));
      expect(read.ticket._data).toHaveLength(0);
      expect(read.scheduled_payment?._data ?? []).toHaveLength(0);
    } finally {
      await api.handle.db.update(s.cart).set({ identityId: "hm-demo-user" }).where(eq(s.cart.id, CART));
    }
    expect(await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, CART))).toHaveLength(1);
  });

  it("paying the due amount makes the Overdue instalment Paid (partial, with the next due date); the last one completes the order", async () => {
    const cookie = await demoCookie();
    const before = asCart(await getCart(cookie)).scheduled_payment?._data ?? [];
    const overdue = before.find((r) => r.status === "Overdue");
    const upcoming = before.find((r) => r.status === "Upcoming");
    if (!overdue || !upcoming) throw new Error("the demo plan lacks its Overdue and Upcoming instalments");

    const partial = await pay(overdue.amount, cookie);
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const result = checkoutAnswer.parse(partial.body).checkout_result._data[0];
    expect(result?.status).toBe("partial");
    expect(result?.amount_paid).toBe(overdue.amount);
    expect(result?.next_due_date).toBe(upcoming.due_date);

    const order = await scheduledOfOrder(cookie);
    expect(order.scheduled_payment?._data.map((r) => r.status)).toEqual(["Paid", "Paid", "Upcoming"]);
    expect(order.payment_audit?._data.filter((p) => p.action === "capture")).toHaveLength(2);

    // The rest through checkout (the 'outstanding' choice): the order is paid in full.
    const done = await send(
      api,
      "POST",
      `/api/my/cart/${CART}/checkout${q}`,
      { gateway_id: "test", gateway_data: CARD, send_email: false },
      { cookie },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const final = checkoutAnswer.parse(done.body).checkout_result._data[0];
    expect(final?.status).toBe("completed");
    expect(final?.ticket_order_ids).toEqual([ORDER]);
    expect(final?.amount_paid).toBe(upcoming.amount);
    expect((await scheduledOfOrder(cookie)).scheduled_payment?._data.map((r) => r.status)).toEqual([
      "Paid",
      "Paid",
      "Paid",
    ]);

    // Nothing is owed any more: the cart reads and answers like any booked cart.
    expect(asCart(await getCart(cookie)).ticket._data).toHaveLength(0);
    const again = await pay("1.00", cookie);
    expect(again.status).toBe(409);
    expect(errorOf(again)._description).toBe(`Cart with order ID ${ORDER} has been booked.`);
  });

  it("a booked order without a plan answers as before: 409 'Cart with order ID ... has been booked.'", async () => {
    const cookie = await demoCookie();
    const res = await send(
      api,
      "POST",
      `/api/my/cart/hm-demo-account-past-cart/pay${q}`,
      { gateway_id: "test", gateway_data: CARD, amount: "1.00" },
      { cookie },
    );
    expect(res.status).toBe(409);
    expect(errorOf(res)._description).toBe(
      `Cart with order ID ${accountDemoOrderId("hm", "past")} has been booked.`,
    );
  });
});
