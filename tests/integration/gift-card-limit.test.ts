/**
 * Gift-card lookup rate limit (DESIGN §5, security/gift-card-limit.ts): 10 lookups per minute per
 * address and seller, found or not; the 11th is 429 rate_limited with Retry-After and the text
 * "Too many attempts. Please wait a minute and try again." Ledger-gateway attempts count too.
 */
import { describe, expect, it } from "vitest";
import * as s from "../../src/lib/server/db/schema.ts";
import { GIFT_CARD_PER_ADDRESS, RATE_LIMITED_TEXT } from "../../src/lib/server/security/gift-card-limit.ts";
import { withTestApi } from "../helpers/api.ts";
import { asCart, cartOf, errorOf, setSessionCapacity, upcomingSession } from "../helpers/cart.ts";

const api = withTestApi();

async function from(address: string, method: string, path: string, body?: unknown) {
  const res = await api.app.request(
    path,
    {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { clientAddress: address },
  );
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

const lookup = (address: string, number = "GC-1000-0001", seller = "harbour-museum") =>
  from(address, "GET", `/api/ledger/gift_card/${number}?_seller=${seller}`);

describe("gift-card lookups are rate limited per address and seller", () => {
  it("the 11th lookup in a minute from one address is 429 rate_limited with Retry-After; found or not, all count", async () => {
    expect(GIFT_CARD_PER_ADDRESS.limit).toBe(10);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const number = i % 2 === 0 ? "GC-1000-0001" : `GUESS-${i}`;
      statuses.push((await lookup("198.51.100.1", number)).status);
    }
    expect(statuses).toEqual([200, 404, 200, 404, 200, 404, 200, 404, 200, 404]);
    const eleventh = await lookup("198.51.100.1");
    expect(eleventh.status).toBe(429);
    expect(errorOf(eleventh)._code).toBe("rate_limited");
    expect(errorOf(eleventh)._description).toBe("Too many attempts. Please wait a minute and try again.");
    expect(RATE_LIMITED_TEXT).toBe(errorOf(eleventh)._description);
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(eleventh.headers.get("cache-control")).toBe("no-store");
  });

  it("another address is still served, and so is the same address at another seller", async () => {
    expect((await lookup("198.51.100.2")).status).toBe(200);
    expect((await lookup("198.51.100.1", "GC-2000-0001", "riverside-zoo")).status).not.toBe(429);
    expect((await lookup("198.51.100.1")).status).toBe(429);
  });

  it("a new window (the injected clock a minute later) serves the address again", async () => {
    api.clock.advance(61_000);
    expect((await lookup("198.51.100.1")).status).toBe(200);
  });

  it("ledger-gateway checkout and pay attempts count against the same limit, before any charge", async () => {
    await api.handle.db.delete(s.rateLimit);
    const address = "198.51.100.3";
    for (let i = 0; i < 10; i++) expect((await lookup(address, `GUESS-${i}`)).status).toBe(404);
    const session = await upcomingSession(api, "hm-general-admission", 3);
    await setSessionCapacity(api, session.id, 50, 0);
    const cart = cartOf(
      asCart(
        await from(address, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      ),
    );
    const pay = await from(address, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      amount: "1.00",
    });
    expect(pay.status).toBe(429);
    expect(errorOf(pay)._code).toBe("rate_limited");
    expect(pay.headers.get("retry-after")).toBeTruthy();
    const checkout = await from(address, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "ledger",
      gateway_data: { number: "GC-1000-0001" },
      identity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
    });
    expect(checkout.status).toBe(429);
    // A card payment is not a gift-card attempt: it is not limited.
    const card = await from(address, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
      amount: "1.00",
    });
    expect(card.status).not.toBe(429);
  });
});
