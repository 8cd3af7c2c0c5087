/**
 * Scheduled and partial payments (spec 2 §4, §5): a membership group's payment_plan
 * lists scheduled payments on the cart (Upcoming/Overdue by the clock); pay takes an amount
 * between the due amount and the outstanding balance and answers partial with the next due date.
 * After the first plan payment the cart has no expiry: it outlives its hold for later instalments.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send } from "../../helpers/cart.ts";

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
/** The plan carts are harbour memberships, whose checkout requires the buyer's ZIP. */
const GUEST = {
  first_name: "Grace",
  last_name: "Hopper",
  email: "grace@example.com",
  additional_info: { zip_code: "02110" },
};

async function membershipCart() {
  const res = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return asCart(res);
}

describe("scheduled payments", () => {
  it("spec 2 §4: a plan lists scheduled payments, the first Overdue (due now), the rest Upcoming", async () => {
    const env = await membershipCart();
    const rows = env.scheduled_payment?._data ?? [];
    expect(rows.map((r) => [r.amount, r.status])).toEqual([
      ["25.50", "Overdue"],
      ["24.75", "Upcoming"],
      ["24.75", "Upcoming"],
    ]);
    expect(cartOf(env).outstanding_balance).toBe("75.00");
    // 'Nothing due today is Overdue': the new purchase's deposit is shown as due today.
    expect(rows.map((r) => r.due_today)).toEqual([true, false, false]);
  });

  it("a cart without a plan has no scheduled payments", async () => {
    const env = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-donation-amount", face_value: "20.00" }],
      }),
    );
    expect(env.scheduled_payment).toBeUndefined();
  });

  it("spec 2 §5: pay takes between due and outstanding; partial answers the next due date; checkout takes the rest", async () => {
    const cart = cartOf(await membershipCart());
    const tooLittle = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "10.00",
    });
    expect(tooLittle.status).toBe(400);
    expect(errorOf(tooLittle)._description).toBe("The amount is less than the amount due.");
    const partial = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "30.00",
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const result = checkoutAnswer.parse(partial.body).checkout_result._data[0];
    expect(result).toMatchObject({ status: "partial", amount_paid: "30.00", total_outstanding: "45.00" });
    const rowsAfter = asCart(await send(api, "GET", `/api/cart/${cart.id}`)).scheduled_payment?._data ?? [];
    expect(result?.next_due_date).toBe(rowsAfter[1]?.due_date);
    expect(rowsAfter.map((r) => r.status)).toEqual(["Paid", "Upcoming", "Upcoming"]);
    const rest = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "45.00",
      identity: GUEST,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(checkoutAnswer.parse(rest.body).checkout_result._data[0]?.status).toBe("completed");
  });
});

describe("a part-paid plan cart keeps its hold", () => {
  const DAY_MS = 86_400_000;
  const groupUsed = async (cartId: string) => {
    const [ticket] = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
    const [group] = await api.handle.db
      .select()
      .from(s.ticketGroup)
      .where(eq(s.ticketGroup.id, ticket?.ticketGroupId ?? ""));
    return { ticketState: ticket?.state, used: group?.usedCapacity };
  };
  /** Releases the earlier tests' carts first, so the shared group counter moves only for this test's. */
  const sweepStale = async () => {
    api.clock.advance(DAY_MS);
    try {
      await releaseExpiredCarts(api.handle.db, api.clock.now());
    } finally {
      api.clock.advance(-DAY_MS);
    }
  };

  it("spec 1 §4: after the first plan payment the cart has no expiry, survives the sweeper past its hold, and the next instalment is paid on a later visit", async () => {
    // Regression: part-paid plan carts expired with the normal hold, so later instalments could not be paid.
    await sweepStale();
    const cart = cartOf(await membershipCart());
    const paid = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "30.00",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const held = await groupUsed(cart.id);
    expect(held.ticketState).toBe("held");
    const extend = await send(api, "PATCH", `/api/my/cart/${cart.id}`, {
      expires_at: new Date(api.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(extend.status, JSON.stringify(extend.body)).toBe(200);
    expect(extend.body).toMatchObject({ cart: { _data: [{ expires_at: null, expires_in: null }] } });
    api.clock.advance(31 * DAY_MS);
    try {
      await releaseExpiredCarts(api.handle.db, api.clock.now());
      expect(await groupUsed(cart.id)).toEqual(held);
      const later = asCart(await send(api, "GET", `/api/cart/${cart.id}`));
      expect(cartOf(later)).toMatchObject({ state: "pending", expires_at: null, expires_in: null });
      expect(later.scheduled_payment?._data.map((r) => [r.amount, r.status])).toEqual([
        ["25.50", "Paid"],
        ["24.75", "Overdue"],
        ["24.75", "Upcoming"],
      ]);
      const next = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
        gateway_id: "test",
        gateway_data: CARD,
        amount: "20.25",
      });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(checkoutAnswer.parse(next.body).checkout_result._data[0]).toMatchObject({
        status: "partial",
        total_outstanding: "24.75",
      });
      const rest = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
        gateway_id: "test",
        gateway_data: CARD,
        identity: GUEST,
      });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(checkoutAnswer.parse(rest.body).checkout_result._data[0]?.status).toBe("completed");
      expect(await groupUsed(cart.id)).toEqual({ ticketState: "booked", used: held.used });
    } finally {
      api.clock.advance(-31 * DAY_MS);
    }
  });

  it("a plan cart with no payment yet still expires with the normal hold and gives its place back", async () => {
    await sweepStale();
    const cart = cartOf(await membershipCart());
    const before = await groupUsed(cart.id);
    api.clock.advance(DAY_MS);
    try {
      await releaseExpiredCarts(api.handle.db, api.clock.now());
      expect(await groupUsed(cart.id)).toEqual({ ticketState: "cancelled", used: (before.used ?? 0) - 1 });
      expect((await send(api, "GET", `/api/cart/${cart.id}`)).status).toBe(410);
    } finally {
      api.clock.advance(-DAY_MS);
    }
  });

  it("spec 2 §4 partial at checkout: the buyer stays, and now has the order, the membership and a mail with the payment schedule", async () => {
    // Regression: after paying the first instalment the buyer had no order number, no membership and no e-mail.
    const cart = cartOf(await membershipCart());
    const buyer = { ...GUEST, email: `plan-${cart.id}@example.com` };
    const res = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "25.50",
      identity: buyer,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = checkoutAnswer.parse(res.body);
    const result = answer.checkout_result._data[0];
    expect(result).toMatchObject({ status: "partial", amount_paid: "25.50", total_outstanding: "49.50" });
    const order = answer.ticket_order?._data[0];
    expect(result?.ticket_order_ids).toEqual([order?.id]);
    expect(order?.order_number).toBe(cart.cart_number);
    const members = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.ticketOrderId, order?.id ?? ""));
    expect(members).toHaveLength(1);
    const mails = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.toAddress, buyer.email));
    expect(mails.map((m) => m.kind)).toEqual(["order_confirmation"]);
    expect(mails[0]?.text).toContain(`Your order number is ${cart.cart_number}`);
    expect(mails[0]?.text).toContain("Your payment schedule:");
    expect(mails[0]?.text).toMatch(/- \w{3}, \w+ \d+ \d{4}: \$25\.50 \(Paid\)/);
    expect(mails[0]?.text).toMatch(/: \$24\.75 \(Upcoming\)/);
    expect(mails[0]?.text).toContain("Paid so far: $25.50. Still to pay: $49.50.");
  });

  it("pay, which names no buyer, takes the payment but books nothing", async () => {
    const cart = cartOf(await membershipCart());
    const paid = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "25.50",
    });
    expect(checkoutAnswer.parse(paid.body).checkout_result._data[0]?.ticket_order_ids).toEqual([]);
    const orders = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.cartId, cart.id));
    expect(orders).toEqual([]);
  });
});
