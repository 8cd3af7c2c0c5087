/**
 * The API family's contract, guests: "POST user without a password creates a guest identity and returns its
 * id"; "guest_checkout accepts guest_identity_id in place of an identity object" (only a guest of
 * the cart's seller: never a user account); "gateway_data.source is accepted where
 * payment_method_id is, for the stripe and test gateways"; and "GET /cached_api/ticket_order/{id},
 * which clients open as the 'view ticket' link, answers with something a person can use".
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../../fixtures/stripe/fake-server.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  requiredCustomInfo,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
let offset = 0;
let serial = 0;

async function heldCart(seller = "harbour-museum", event = "hm-general-admission", type = "hm-ga-adult") {
  const session = await upcomingSession(api, event, offset++);
  await setSessionCapacity(api, session.id, 50, 0);
  const created = cartOf(
    asCart(await send(api, "POST", "/api/my/cart", { channel_id: "web", seller_id: seller })),
  );
  asCart(
    await send(api, "POST", `/api/my/cart/${created.id}/reserve`, {
      tickets: [{ ticket_type_id: type, event_session_id: session.id }],
    }),
  );
  return created;
}

async function guestUser(seller = "harbour-museum") {
  const email = `guest-${++serial}@example.com`;
  const res = await send(api, "POST", `/api/user?_seller=${seller}`, {
    first_name: "Grace",
    last_name: "Hopper",
    email,
  });
  return { res, email };
}

function identityIdOf(body: Record<string, unknown>): string {
  return ((body.identity as { _data: { id: string }[] })._data[0]?.id ?? "") as string;
}

async function cartState(cartId: string) {
  const [cart] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
  return cart?.state;
}

describe("'POST user without a password creates a guest identity and returns its id'", () => {
  it("201 with identity._data[0].id of kind guest; no session cookie is set", async () => {
    const { res, email } = await guestUser();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = identityIdOf(res.body);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((res.body.identity as { _data: unknown[] })._data[0]).toMatchObject({
      kind: "guest",
      email,
      first_name: "Grace",
    });
    expect(res.headers.get("set-cookie")).toBeNull();
    const [row] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, id));
    expect(row).toMatchObject({ kind: "guest", passwordHash: null, sellerId: "harbour-museum" });
  });

  it("'on 409 the existing identity_id is read from the error's _extra': the same e-mail again is 409 identity_exists", async () => {
    const { res, email } = await guestUser();
    const again = await send(api, "POST", "/api/user?_seller=harbour-museum", {
      first_name: "Someone",
      last_name: "Else",
      email: email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({
      _code: "identity_exists",
      _extra: { identity_id: identityIdOf(res.body) },
    });
    const [row] = await api.handle.db
      .select()
      .from(s.identity)
      .where(eq(s.identity.id, identityIdOf(res.body)));
    expect(row?.firstName).toBe("Grace");
  });
});

describe("'guest_checkout accepts guest_identity_id in place of an identity object'", () => {
  it("with gateway_data.source (a test gateway token) the order is booked for that guest and stays a guest order", async () => {
    const { res } = await guestUser();
    const guestId = identityIdOf(res.body);
    const cart = await heldCart();
    const info = await requiredCustomInfo(api, cart.id);
    const paid = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { source: "tok_visa" },
      guest_identity_id: guestId,
      ...(Object.keys(info).length ? { additional_info: info } : {}),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = checkoutAnswer.parse(paid.body);
    expect(answer.checkout_result._data[0]?.status).toBe("completed");
    const order = answer.ticket_order?._data[0];
    expect(order?.identity_id).toBe(guestId);
    const read = await send(api, "GET", `/api/ticket_order/${order?.id}`);
    expect(read.status).toBe(200);
  });

  it("refuses every id that is not a guest of the cart's seller with one 422 guest_identity_invalid, before any payment", async () => {
    const user = await loginIdentity(api);
    const { res: zooGuest } = await guestUser("riverside-zoo");
    const cases = {
      "a user account": user.identityId,
      "another seller's guest": identityIdOf(zooGuest.body),
      "the public identity": "harbour-museum:public",
      "an unknown id": "00000000-0000-4000-8000-000000000000",
    };
    for (const [name, id] of Object.entries(cases)) {
      const cart = await heldCart();
      const paid = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
        gateway_id: "test",
        gateway_data: { source: "tok_visa" },
        guest_identity_id: id,
      });
      expect(paid.status, name).toBe(422);
      expect(errorOf(paid), name).toMatchObject({
        _code: "guest_identity_invalid",
        _extra: { field: "guest_identity_id" },
      });
      expect(JSON.stringify(paid.body), name).not.toContain(id);
      expect(await cartState(cart.id), name).toBe("pending");
      const payments = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id));
      expect(payments, name).toHaveLength(0);
    }
  });

  it("refuses identity and guest_identity_id together (400), and an unknown test source (400)", async () => {
    const { res } = await guestUser();
    const cart = await heldCart();
    const both = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { source: "tok_visa" },
      guest_identity_id: identityIdOf(res.body),
      identity: { first_name: "A", last_name: "B", email: "ab@example.com" },
    });
    expect(both.status).toBe(400);
    expect(errorOf(both)._extra.field).toBe("guest_identity_id");
    const unknownSource = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { source: "tok_nothing" },
      guest_identity_id: identityIdOf(res.body),
    });
    expect(unknownSource.status).toBe(400);
    expect(errorOf(unknownSource)._code).toBe("validation_failed");
    expect(await cartState(cart.id)).toBe("pending");
  });

  it("'gateway_data.source is accepted where payment_method_id is': a declining test token is declined like its card", async () => {
    const { res } = await guestUser();
    const cart = await heldCart();
    const paid = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { source: "tok_chargeDeclined" },
      guest_identity_id: identityIdOf(res.body),
    });
    expect(paid.status).toBe(402);
    expect(errorOf(paid)._code).toBe("card_declined");
  });
});

describe("'gateway_data.source is accepted where payment_method_id is' (stripe)", () => {
  const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_API_BASE"] as const;
  const saved: Record<string, string | undefined> = {};
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    for (const key of ENV_KEYS) saved[key] = process.env[key];
    process.env.STRIPE_SECRET_KEY = "sk_test_foyer_fake";
    process.env.STRIPE_API_BASE = fake.url;
  });
  afterAll(async () => {
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await fake?.close();
  });

  it("the PaymentIntent is confirmed with the source as its payment method (the fake Stripe answers by payment method)", async () => {
    const buyer = () => ({
      first_name: "Grace",
      last_name: "Hopper",
      email: `stripe-${++serial}@example.com`,
    });
    const cart = await heldCart();
    const paid = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { source: "pm_card_visa" },
      identity: buyer(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(checkoutAnswer.parse(paid.body).checkout_result._data[0]?.status).toBe("completed");
    expect(fake.created.at(-1)).toMatchObject({ status: "succeeded", metadata: { cart_id: cart.id } });
    // A source Stripe does not know is refused by Stripe: the source reached it as the payment method.
    const other = await heldCart();
    const refused = await send(api, "POST", `/api/cart/${other.id}/guest_checkout`, {
      gateway_id: "stripe",
      gateway_data: { source: "src_unknown" },
      identity: buyer(),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).toContain("src_unknown");
    expect(await cartState(other.id)).toBe("pending");
  });
});

describe("'GET /cached_api/ticket_order/{id} … answers with something a person can use'", () => {
  async function guestOrder() {
    const { res } = await guestUser();
    const cart = await heldCart();
    const paid = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: { source: "tok_visa" },
      guest_identity_id: identityIdOf(res.body),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return checkoutAnswer.parse(paid.body).ticket_order?._data[0]?.id ?? "";
  }

  it("a browser (Accept: text/html) is sent to the seller's tickets page; never cached", async () => {
    const orderId = await guestOrder();
    const res = await api.app.request(`/cached_api/ticket_order/${orderId}`, {
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/harbour-museum/checkout/complete/tickets?orderIds=${orderId}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toContain("Accept");
  });

  it("a JSON client keeps the JSON answer; an unknown order is 404 for both", async () => {
    const orderId = await guestOrder();
    const json = await send(api, "GET", `/cached_api/ticket_order/${orderId}`, undefined, {
      accept: "application/json",
    });
    expect(json.status).toBe(200);
    expect((json.body.ticket_order as { _data: { id: string }[] })._data[0]?.id).toBe(orderId);
    const missing = await api.app.request("/cached_api/ticket_order/no-such-order", {
      headers: { accept: "text/html" },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("location")).toBeNull();
  });
});
