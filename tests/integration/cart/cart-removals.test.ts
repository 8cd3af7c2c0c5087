/**
 * "Gift cards at checkout" and "An applied promo code can't be removed": a shopper takes
 * an applied gift card off the cart before paying (DELETE .../payment/{id}; the card is credited
 * exactly once), the balance also comes back exactly once when the cart expires or is deleted,
 * and an applied promo code can be taken off (DELETE my/cart/{id}/code/{code}). The refusals of
 * spec 1 §8 each carry their own code: an expired code, a voucher held in another cart, a CityPASS
 * child code on an adult ticket. On PGlite, and the concurrent removal also on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { createTestApi, type TestApi, withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";
import { serveApp } from "../../helpers/http-server.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const api = withTestApi();
const CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
const GUEST = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" };
const HOLD_MS = 901_000;

async function harbourCart(target: Pick<TestApi, "app" | "handle" | "clock">, offset: number, quantity = 1) {
  const session = await upcomingSession(target, "hm-general-admission", offset);
  await setSessionCapacity(target, session.id, 50, 0);
  return cartOf(
    asCart(
      await send(target, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity }],
      }),
    ),
  );
}

/** A gift card of its own (5000 minor units), so other carts never move its balance. */
async function ownCard(target: Pick<TestApi, "handle">, number: string, state = "active"): Promise<void> {
  await target.handle.db.insert(s.ledger).values({
    id: `ledger-${number.toLowerCase()}`,
    sellerId: "harbour-museum",
    type: "gift_card",
    number,
    balance: 5000,
    state,
  });
}

async function balance(target: Pick<TestApi, "handle">, number: string) {
  const [row] = await target.handle.db.select().from(s.ledger).where(eq(s.ledger.number, number));
  return row?.balance;
}

async function payGiftCard(cartId: string, number: string, amount = "20.00") {
  const res = await send(api, "POST", `/api/cart/${cartId}/pay`, {
    gateway_id: "ledger",
    gateway_data: { number },
    amount,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const payment = (res.body.payment as { _data: { id: string; gateway_id: string }[] })._data.find(
    (p) => p.gateway_id === "ledger",
  );
  if (!payment) throw new Error("no ledger payment in the answer");
  return payment.id;
}

const removePayment = (cartId: string, paymentId: string, headers: Record<string, string> = {}) =>
  send(api, "DELETE", `/api/my/cart/${cartId}/payment/${paymentId}`, undefined, headers);

beforeEach(async () => {
  // Every call comes from one address in one clock minute: a fresh gift-card and code brake.
  await api.handle.db.delete(s.rateLimit);
});

describe("'Let a shopper remove an applied card before paying: it refunds to the card's balance'", () => {
  it("the answer shows the paid line and the remaining amount; removing the card credits it and clears both", async () => {
    await ownCard(api, "GC-REMOVE-0001");
    const cart = await harbourCart(api, 2);
    const paymentId = await payGiftCard(cart.id, "GC-REMOVE-0001");
    expect(await balance(api, "GC-REMOVE-0001")).toBe(3000);
    const paid = asCart(await send(api, "GET", `/api/my/cart/${cart.id}`));
    expect(paid.cart_fees._data[0]?.grand_totals).toMatchObject({
      total_payments: "20.00",
      total_outstanding: "6.50",
    });
    // The number stays masked to its last 4 in every answer.
    expect(paid.payment?._data[0]?.card_number).toBe("****0001");

    const removed = asCart(await removePayment(cart.id, paymentId));
    expect(await balance(api, "GC-REMOVE-0001")).toBe(5000);
    expect(removed.payment?._data.map((p) => [p.id, p.state])).toEqual([[paymentId, "refunded"]]);
    expect(removed.cart_fees._data[0]?.grand_totals).toMatchObject({
      total_payments: "0.00",
      total_outstanding: "26.50",
    });
    expect(JSON.stringify(removed.payment)).not.toContain("GC-REMOVE-0001");

    // The same card applies again, and the rest is paid by card.
    await payGiftCard(cart.id, "GC-REMOVE-0001");
    const done = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: CARD,
      identity: GUEST,
      amount: "6.50",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await balance(api, "GC-REMOVE-0001")).toBe(3000);
  });

  it("removing twice credits the card once (the second answers the cart unchanged)", async () => {
    await ownCard(api, "GC-TWICE-0001");
    const cart = await harbourCart(api, 3);
    const paymentId = await payGiftCard(cart.id, "GC-TWICE-0001");
    const [first, second] = await Promise.all([
      removePayment(cart.id, paymentId),
      removePayment(cart.id, paymentId),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await balance(api, "GC-TWICE-0001")).toBe(5000);
    // And the cart's later expiry gives nothing back again.
    api.clock.advance(HOLD_MS);
    try {
      await releaseExpiredCarts(api.handle.db, api.clock.now());
    } finally {
      api.clock.advance(-HOLD_MS);
    }
    expect(await balance(api, "GC-TWICE-0001")).toBe(5000);
  });

  it("a card payment cannot be removed (409 payment_not_removable); an unknown payment is 404", async () => {
    const cart = await harbourCart(api, 4, 2);
    const res = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: CARD,
      amount: "10.00",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.payment as { _data: { id: string }[] })._data[0]?.id ?? "";
    const refused = await removePayment(cart.id, id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)._code).toBe("payment_not_removable");
    expect((await removePayment(cart.id, "no-such-payment")).status).toBe(404);
  });

  it("another user's cart is 403, like every cart call", async () => {
    await ownCard(api, "GC-OWNER-0001");
    const owner = await loginIdentity(api);
    const session = await upcomingSession(api, "hm-general-admission", 5);
    await setSessionCapacity(api, session.id, 50, 0);
    const cart = cartOf(
      asCart(
        await send(
          api,
          "POST",
          "/api/my/cart/modify?_seller=harbour-museum",
          { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
          { cookie: owner.cookie },
        ),
      ),
    );
    const paid = await send(
      api,
      "POST",
      `/api/my/cart/${cart.id}/pay`,
      { gateway_id: "ledger", gateway_data: { number: "GC-OWNER-0001" }, amount: "10.00" },
      { cookie: owner.cookie },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const paymentId = (paid.body.payment as { _data: { id: string }[] })._data[0]?.id ?? "";
    const stranger = await loginIdentity(api);
    expect((await removePayment(cart.id, paymentId, { cookie: stranger.cookie })).status).toBe(403);
    expect((await removePayment(cart.id, paymentId)).status).toBe(403);
    expect(await balance(api, "GC-OWNER-0001")).toBe(4000);
    expect((await removePayment(cart.id, paymentId, { cookie: owner.cookie })).status).toBe(200);
    expect(await balance(api, "GC-OWNER-0001")).toBe(5000);
  });

  it("an inactive card has its own refusal, ledger_inactive, not 'Gift Card balance is $0'", async () => {
    await ownCard(api, "GC-INACTIVE-0001", "inactive");
    const cart = await harbourCart(api, 6);
    const res = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-INACTIVE-0001" },
      amount: "10.00",
    });
    expect(res.status).toBe(422);
    expect(errorOf(res)._code).toBe("ledger_inactive");
    expect(errorOf(res)._description).not.toContain("balance is");
  });
});

describe("'When the cart is abandoned or expires, the balance goes back' — exactly once", () => {
  it("expired by the sweeper (injected clock), then swept again and deleted: credited once", async () => {
    await ownCard(api, "GC-EXPIRE-0001");
    const cart = await harbourCart(api, 7);
    await payGiftCard(cart.id, "GC-EXPIRE-0001");
    expect(await balance(api, "GC-EXPIRE-0001")).toBe(3000);
    api.clock.advance(HOLD_MS);
    try {
      expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBeGreaterThan(0);
      await releaseExpiredCarts(api.handle.db, api.clock.now());
      expect((await send(api, "DELETE", `/api/my/cart/${cart.id}`)).status).toBe(410);
      expect((await removePayment(cart.id, "any")).status).toBe(410);
    } finally {
      api.clock.advance(-HOLD_MS);
    }
    expect(await balance(api, "GC-EXPIRE-0001")).toBe(5000);
  });

  it("deleted (abandoned) twice: credited once", async () => {
    await ownCard(api, "GC-ABANDON-0001");
    const cart = await harbourCart(api, 8);
    await payGiftCard(cart.id, "GC-ABANDON-0001");
    const deletes = await Promise.all([
      send(api, "DELETE", `/api/my/cart/${cart.id}`),
      send(api, "DELETE", `/api/my/cart/${cart.id}`),
    ]);
    expect(deletes.map((d) => d.status)).toEqual([204, 204]);
    expect(await balance(api, "GC-ABANDON-0001")).toBe(5000);
  });
});

describe("'An applied promo code can't be removed'", () => {
  it("DELETE my/cart/{id}/code/{code} takes WELCOME10 off and the total goes back up", async () => {
    const cart = await harbourCart(api, 9, 2);
    const applied = asCart(
      await send(api, "POST", `/api/my/cart/${cart.id}/apply_code`, { code: "WELCOME10" }),
    );
    expect(cartOf(applied).totals.promo_discount).toBe("5.00");
    const removed = asCart(await send(api, "DELETE", `/api/my/cart/${cart.id}/code/welcome10`));
    expect(cartOf(removed).codes).toEqual([]);
    expect(cartOf(removed).cart_mods).toEqual([]);
    expect(cartOf(removed).totals).toMatchObject({ promo_discount: "0.00", total: "53.00" });
    const again = await send(api, "DELETE", `/api/my/cart/${cart.id}/code/WELCOME10`);
    expect(again.status).toBe(404);
  });

  it("a voucher a held ticket was reserved with stays (409 code_needed_by_tickets)", async () => {
    const session = await upcomingSession(api, "rz-day-admission", 6);
    await setSessionCapacity(api, session.id, 100, 0);
    const env = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
        preReservePromoCodes: ["CPA00000001"],
        add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id }],
      }),
    );
    const refused = await send(api, "DELETE", `/api/my/cart/${cartOf(env).id}/code/CPA00000001`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)._code).toBe("code_needed_by_tickets");
  });
});

describe("spec 1 §8 code refusals each with its own code ('Wrong error texts')", () => {
  it("a CityPASS child code for an adult ticket is invalid_citypass, not 'A code is required for these tickets'", async () => {
    const session = await upcomingSession(api, "rz-day-admission", 7);
    await setSessionCapacity(api, session.id, 100, 0);
    const res = await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
      preReservePromoCodes: ["CPC12345678"],
      add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id }],
    });
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: "invalid_citypass",
      _description: "Does not match the expected format. Please check your CityPASS code.",
    });
  });

  it("a voucher held in another cart is code_held via apply_code too; once that cart is deleted it applies", async () => {
    const session = await upcomingSession(api, "rz-day-admission", 8);
    await setSessionCapacity(api, session.id, 100, 0);
    const holder = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
        add: [{ ticket_type_id: "rz-citypass-child", event_session_id: session.id, code: "CPC00000001" }],
      }),
    );
    const other = asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
        add: [{ ticket_type_id: "rz-day-adult", event_session_id: session.id }],
      }),
    );
    const held = await send(api, "POST", `/api/my/cart/${cartOf(other).id}/apply_code`, {
      code: "CPC00000001",
    });
    expect(errorOf(held)._code).toBe("code_held");
    await send(api, "DELETE", `/api/my/cart/${cartOf(holder).id}`);
    asCart(await send(api, "POST", `/api/my/cart/${cartOf(other).id}/apply_code`, { code: "CPC00000001" }));
  });
});

describe("concurrent removals of one gift card payment credit it exactly once", () => {
  async function race(target: TestApi): Promise<void> {
    await ownCard(target, "GC-RACE-0001");
    const cart = await harbourCart(target, 2);
    const paid = await send(target, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-RACE-0001" },
      amount: "20.00",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const paymentId = (paid.body.payment as { _data: { id: string }[] })._data[0]?.id ?? "";
    const server = await serveApp(target.app);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const res = await fetch(`${server.url}/api/my/cart/${cart.id}/payment/${paymentId}`, {
            method: "DELETE",
          });
          await res.text();
          return res.status;
        }),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await server.close();
    }
    expect(await balance(target, "GC-RACE-0001")).toBe(5000);
  }

  it("PGlite: 12 parallel removals over HTTP", async () => {
    const own = await createTestApi();
    try {
      await race(own);
    } finally {
      await own.close();
    }
  });

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)("PostgreSQL: 12 parallel removals over HTTP", async () => {
    await withFreshPostgres(url ?? "", async (dbUrl) => {
      const own = await createTestApi({ target: { kind: "postgres", url: dbUrl } });
      try {
        await race(own);
      } finally {
        await own.close();
      }
    });
  });
});
