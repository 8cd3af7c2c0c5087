/**
 * A cart belongs to its seller, and every call is made in one seller's context (`_seller`, or the
 * tenant's own host name): in another seller's context a cart answers as an unknown id does (404
 * not_found), whoever calls, and is left as it was. Riverside Zoo has no host name of its own, so
 * its context is `_seller=riverside-zoo`; Harbour Museum's is also its host name
 * tickets.harbour-museum.example.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  setSessionCapacity,
  TEST_CARD,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const MUSEUM_HOST = "tickets.harbour-museum.example";
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };

async function guestCart(seller: "harbour-museum" | "riverside-zoo", offset: number) {
  const [template, type] =
    seller === "harbour-museum"
      ? ["hm-general-admission", "hm-ga-adult"]
      : ["rz-day-admission", "rz-day-adult"];
  const session = await upcomingSession(api, template, offset);
  await setSessionCapacity(api, session.id, 60, 0);
  const env = asCart(
    await send(api, "POST", `/api/my/cart/modify?_seller=${seller}`, {
      add: [{ ticket_type_id: type, event_session_id: session.id }],
      preReservePromoCodes: seller === "harbour-museum" ? ["WELCOME10"] : [],
    }),
  );
  return { id: cartOf(env).id, session, type };
}

/** What a cart call could change: the row and its tickets and payments. */
async function snapshot(cartId: string) {
  const { db } = api.handle;
  const [cart] = await db.select().from(s.cart).where(eq(s.cart.id, cartId));
  const tickets = await db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
  const payments = await db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
  return {
    state: cart?.state,
    expiresAt: cart?.expiresAt?.toISOString(),
    codes: cart?.codes,
    identityId: cart?.identityId,
    ticketOrderId: cart?.ticketOrderId,
    tickets: tickets.map((t) => `${t.id}:${t.state}`).sort(),
    payments: payments.length,
  };
}

type Call = [method: string, path: string, body?: unknown];

/** Every cart, checkout and payment call that takes a cart id, with a body it would accept. */
function cartCalls(id: string, session: { id: string }, type: string): Call[] {
  const later = new Date(api.clock.now().getTime() + 60_000).toISOString();
  const add = { add: [{ ticket_type_id: type, event_session_id: session.id }] };
  const checkout = { gateway_id: "test", identity: GUEST, gateway_data: TEST_CARD };
  const pay = { gateway_id: "test", gateway_data: TEST_CARD, amount: "1.00" };
  return [
    ["GET", `/api/my/cart/${id}`],
    ["GET", `/api/cart/${id}`],
    ["GET", `/api/cart/${id}?embed=ticket_order`],
    ["POST", `/api/my/cart/${id}/modify`, add],
    ["POST", `/api/cart/${id}/modify`, add],
    [
      "POST",
      `/api/my/cart/${id}/reserve`,
      { tickets: [{ ticket_type_id: type, event_session_id: session.id }] },
    ],
    ["POST", `/api/cart/${id}/remove`, { tickets: ["no-such-ticket"] }],
    ["POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOME10" }],
    ["DELETE", `/api/my/cart/${id}/code/WELCOME10`],
    ["DELETE", `/api/my/cart/${id}/payment/no-such-payment`],
    ["DELETE", `/api/cart/${id}/payment/no-such-payment`],
    ["PATCH", `/api/my/cart/${id}`, { expires_at: later }],
    ["POST", `/api/cart/${id}/pay`, pay],
    ["POST", `/api/my/cart/${id}/pay`, pay],
    ["POST", `/api/cart/${id}/guest_checkout`, checkout],
    ["POST", `/api/my/cart/${id}/guest_checkout`, checkout],
    ["POST", `/api/my/cart/${id}/checkout`, { gateway_id: "test", gateway_data: TEST_CARD }],
    ["POST", `/api/my/cart/${id}/gift_checkout`, { gateway_id: "test", gateway_data: TEST_CARD }],
    ["DELETE", `/api/my/cart/${id}`],
    ["DELETE", `/api/cart/${id}`],
  ];
}

const withSeller = (path: string, seller: string) =>
  `${path}${path.includes("?") ? "&" : "?"}_seller=${seller}`;

describe("a cart belongs to its seller: in another seller's context it is not found", () => {
  it("regression: logged in at the zoo (or as a guest in the zoo's context), a museum guest cart could be read, paid, checked out and deleted; now every call is 404 and the cart unchanged", async () => {
    const museum = await guestCart("harbour-museum", 0);
    const before = await snapshot(museum.id);
    expect(before.tickets).toHaveLength(1);
    const zooUser = await loginIdentity(api, "riverside-zoo");
    const zoo = (path: string) => withSeller(path, "riverside-zoo");
    const contexts: [string, Record<string, string>, (path: string) => string][] = [
      ["logged in at the zoo, _seller=riverside-zoo", { cookie: zooUser.cookie }, zoo],
      ["logged in at the zoo, naming no seller", { cookie: zooUser.cookie }, (path) => path],
      ["a guest, _seller=riverside-zoo", {}, zoo],
    ];
    for (const [who, headers, inContext] of contexts) {
      for (const [method, path, body] of cartCalls(museum.id, museum.session, museum.type)) {
        const res = await send(api, method, inContext(path), body, headers);
        const label = `${who}: ${method} ${path}`;
        expect(res.status, `${label} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(404);
        // The same answer as an unknown id: nothing says the cart exists elsewhere.
        expect(errorOf(res)._code, label).toBe("not_found");
        expect(await snapshot(museum.id), label).toEqual(before);
      }
    }
    // In its own seller's context the cart is there, unchanged.
    const own = await send(api, "GET", `/api/my/cart/${museum.id}?_seller=harbour-museum`);
    expect(own.status).toBe(200);
    expect(asCart(own).ticket._count).toBe(1);
  });

  it("on a tenant's own host name the host is the context: a zoo cart there is 404, a museum cart is found", async () => {
    const zoo = await guestCart("riverside-zoo", 1);
    const before = await snapshot(zoo.id);
    for (const [method, path, body] of cartCalls(zoo.id, zoo.session, zoo.type)) {
      const res = await send(api, method, `http://${MUSEUM_HOST}${path}`, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(404);
      expect(errorOf(res)._code).toBe("not_found");
    }
    expect(await snapshot(zoo.id)).toEqual(before);
    const museum = await guestCart("harbour-museum", 2);
    expect((await send(api, "GET", `http://${MUSEUM_HOST}/api/my/cart/${museum.id}`)).status).toBe(200);
  });

  it("an unknown `_seller`, or two naming different sellers, finds no cart; the cart's own seller by id or slug does, whoever is logged in", async () => {
    const museum = await guestCart("harbour-museum", 3);
    const read = (query: string) => send(api, "GET", `/api/my/cart/${museum.id}?${query}`);
    expect((await read("_seller=no-such-seller")).status).toBe(404);
    expect((await read("_seller=harbour-museum&_seller=riverside-zoo")).status).toBe(404);
    expect((await read("_seller=harbour-museum")).status).toBe(200);
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, museum.id));
    expect((await read(`_seller=${row?.sellerId}`)).status).toBe(200);
    // No context named on the shared host: the id alone opens a guest cart (spec §6).
    expect((await send(api, "GET", `/api/my/cart/${museum.id}`)).status).toBe(200);
    // Logged in at the zoo and shopping at the museum: the storefront names the museum, so its own
    // museum guest cart is there (the storefront sends _seller on every call by cart id).
    const zooUser = await loginIdentity(api, "riverside-zoo");
    const atMuseum = await send(api, "GET", `/api/my/cart/${museum.id}?_seller=harbour-museum`, undefined, {
      cookie: zooUser.cookie,
    });
    expect(atMuseum.status).toBe(200);
  });
});
