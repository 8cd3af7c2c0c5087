/**
 * The API family's contract: the cart calls existing clients of the API family send, as they send them,
 * asserting the fields they read ("POST my/cart {channel_id, seller_id} creates an empty cart";
 * "POST my/cart/{id}/reserve {tickets:[…]} adds one ticket per row"; "cart_fees._data[0].grand_totals
 * also carries total_before_fees_price and total_after_fees_price").
 */
import { describe, expect, it } from "vitest";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import { createdCartAnswer } from "../../../src/lib/api/compat/cart-schemas.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  heldCount,
  loginIdentity,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
let offset = 0;

async function freshSession(capacity: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset++);
  await setSessionCapacity(api, session.id, capacity, 0);
  return session;
}

async function emptyCart(headers: Record<string, string> = {}) {
  return cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart", { channel_id: "web", seller_id: "harbour-museum" }, headers),
    ),
  );
}

const money = (text: string) => Math.round(Number(text) * 100);

describe("'POST my/cart {channel_id, seller_id} creates an empty cart'", () => {
  it("answers the cart envelope: a pending cart of the seller, no tickets, zero totals, no-store", async () => {
    const res = await send(api, "POST", "/api/my/cart", { channel_id: "web", seller_id: "harbour-museum" });
    const envelope = asCart(res);
    const cart = cartOf(envelope);
    expect(cart).toMatchObject({
      seller_id: "harbour-museum",
      state: "pending",
      identity_id: "harbour-museum:public",
    });
    expect(cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.expires_in).toBeGreaterThan(0);
    expect(envelope.ticket._count).toBe(0);
    expect(envelope.cart_fees._data[0]?.grand_totals).toMatchObject({
      total_before_fees_price: "0.00",
      total_after_fees_price: "0.00",
      total_outstanding: "0.00",
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("'Clients of the API family read the new cart's id and expires_at at the top level of the answer'", async () => {
    // Regression: POST my/cart answered only the envelope, so those clients never got a cart id.
    const res = await send(api, "POST", "/api/my/cart", { channel_id: "web", seller_id: "harbour-museum" });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    const cart = cartOf(asCart(res));
    expect(body.id).toBe(cart.id);
    expect(typeof body.id).toBe("string");
    expect(body.expires_at).toBe(cart.expires_at);
    expect(Date.parse(String(body.expires_at))).toBeGreaterThan(0);
    expect(body).toMatchObject({
      seller_id: "harbour-museum",
      cart_number: cart.cart_number,
      state: "pending",
      expires_in: cart.expires_in,
      identity_id: "harbour-museum:public",
    });
    // The storefront's contract holds: the same answer parses as the cart envelope.
    expect(cartEnvelope.safeParse(res.body).success).toBe(true);
    expect(createdCartAnswer.safeParse(res.body).success).toBe(true);
    // The OpenAPI document says so.
    const doc = (await api.get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    };
    const created = doc.paths["/api/my/cart"]?.post;
    expect(created?.description).toMatch(
      /id, seller_id, cart_number, state, expires_at, expires_in and identity_id/,
    );
    const schema = JSON.stringify(created?.responses["200"]);
    expect(schema).toContain('"expires_at"');
    expect(schema).toContain('"cart_fees"');
  });

  it("takes the seller from _seller when the body has no seller_id; a logged-in user's cart is theirs", async () => {
    const user = await loginIdentity(api);
    const res = await send(
      api,
      "POST",
      "/api/my/cart?_seller=harbour-museum",
      { channel_id: "web" },
      {
        cookie: user.cookie,
      },
    );
    expect(cartOf(asCart(res)).identity_id).toBe(user.identityId);
  });

  it("refuses an unknown seller (404), seller_id and _seller naming different sellers (400), unknown body fields (400) and /cached_api (404)", async () => {
    const unknown = await send(api, "POST", "/api/my/cart", {
      channel_id: "web",
      seller_id: "no-such-seller",
    });
    expect(unknown.status).toBe(404);
    const both = await send(api, "POST", "/api/my/cart?_seller=riverside-zoo", {
      seller_id: "harbour-museum",
    });
    expect(both.status).toBe(400);
    expect(errorOf(both)._code).toBe("validation_failed");
    const extra = await send(api, "POST", "/api/my/cart", { seller_id: "harbour-museum", colour: "red" });
    expect(extra.status).toBe(400);
    const cached = await send(api, "POST", "/cached_api/my/cart", { seller_id: "harbour-museum" });
    expect(cached.status).toBe(404);
  });
});

describe("'POST my/cart/{id}/reserve {tickets:[{ticket_type_id, event_session_id, …}]} adds one ticket per row'", () => {
  it("three rows hold three tickets and take three places of the session", async () => {
    const session = await freshSession(20);
    const cart = await emptyCart();
    const res = await send(api, "POST", `/api/my/cart/${cart.id}/reserve`, {
      tickets: [
        { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
        { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
        { ticket_type_id: "hm-ga-child", event_session_id: session.id, admit_name: "Ada" },
      ],
    });
    const envelope = asCart(res);
    expect(envelope.ticket._count).toBe(3);
    expect(envelope.ticket._data.map((t) => t.ticket_type_id).sort()).toEqual([
      "hm-ga-adult",
      "hm-ga-adult",
      "hm-ga-child",
    ]);
    expect(envelope.ticket._data.every((t) => t.event_session_id === session.id && t.state === "held")).toBe(
      true,
    );
    expect(envelope.ticket._data.find((t) => t.ticket_type_id === "hm-ga-child")?.admit_name).toBe("Ada");
    expect(await heldCount(api, session.id)).toBe(3);
    const again = asCart(
      await send(api, "POST", `/api/my/cart/${cart.id}/reserve`, {
        tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
      }),
    );
    expect(again.ticket._count).toBe(4);
  });

  it("the reserve path's limits and errors apply: past capacity is 409 session_capacity_exceeded (context reserve) and nothing is held", async () => {
    const session = await freshSession(1);
    const cart = await emptyCart();
    const res = await send(api, "POST", `/api/my/cart/${cart.id}/reserve`, {
      tickets: [
        { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
        { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
      ],
    });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ _code: "session_capacity_exceeded", _context: "reserve" });
    expect(await heldCount(api, session.id)).toBe(0);
  });

  it("'one ticket per row': a row with a quantity other than 1, an empty list or an unknown field is 400 validation_failed", async () => {
    const session = await freshSession(20);
    const cart = await emptyCart();
    for (const body of [
      { tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 }] },
      { tickets: [] },
      { tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, colour: "red" }] },
    ]) {
      const res = await send(api, "POST", `/api/my/cart/${cart.id}/reserve`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)._code).toBe("validation_failed");
    }
    expect(await heldCount(api, session.id)).toBe(0);
  });

  it("'ownership is checked on every cart call': reserving on a user's cart without their session is 403", async () => {
    const session = await freshSession(20);
    const user = await loginIdentity(api);
    const cart = await emptyCart({ cookie: user.cookie });
    const res = await send(api, "POST", `/api/my/cart/${cart.id}/reserve`, {
      tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
    });
    expect(res.status).toBe(403);
    expect(await heldCount(api, session.id)).toBe(0);
    const unknown = await send(api, "POST", "/api/my/cart/no-such-cart/reserve", {
      tickets: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
    });
    expect(unknown.status).toBe(404);
  });
});

describe("'cart_fees._data[0].grand_totals also carries total_before_fees_price and total_after_fees_price'", () => {
  it("before fees is the total less the outside fees; after fees is the cart's total", async () => {
    const session = await freshSession(20);
    const cart = await emptyCart();
    const envelope = asCart(
      await send(api, "POST", `/api/my/cart/${cart.id}/reserve`, {
        tickets: [
          { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
          { ticket_type_id: "hm-ga-child", event_session_id: session.id },
        ],
      }),
    );
    const totals = cartOf(envelope).totals;
    const grand = envelope.cart_fees._data[0]?.grand_totals;
    expect(grand?.total_after_fees_price).toBe(totals.total);
    expect(money(grand?.total_before_fees_price ?? "")).toBe(
      money(totals.total) - money(totals.fee_fixed) - money(totals.fee_percent),
    );
    expect(money(totals.fee_fixed)).toBeGreaterThan(0);
    expect(money(grand?.total_before_fees_price ?? "")).toBe(
      money(totals.face_value) - money(totals.promo_discount),
    );
  });
});
