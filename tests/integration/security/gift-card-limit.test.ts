/**
 * Gift-card guessing brake (security/lookup-limits.ts, GIFT_CARD_LOOKUPS). "300 lookups a
 * minute from any mix of addresses switch gift cards off for every shopper of that seller for 60 s.
 * A limit must slow the guesser, not every shopper." Per address and seller: 10 lookups a minute,
 * found or not, and 20 misses an hour; per seller only misses count, and past the ceiling only the
 * addresses that already missed a few times are refused. Ledger-gateway payments count too.
 */
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { GIFT_CARD_LOOKUPS } from "../../../src/lib/server/security/lookup-limits.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

/** The spec's texts (spec 1 §8, spec 2 §8), as the API's _description gives them. */
const TEXT = {
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;

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

const MINUTE = 60_000;

describe("gift-card lookups are rate limited per address and seller", () => {
  it("the 11th lookup in a minute from one address is 429 rate_limited with Retry-After; found or not, all count", async () => {
    expect(GIFT_CARD_LOOKUPS.attempts).toEqual({ limit: 10, windowSeconds: 60 });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const number = i % 2 === 0 ? "GC-1000-0001" : `GUESS-${i}`;
      statuses.push((await lookup("198.51.100.1", number)).status);
    }
    expect(statuses).toEqual([200, 404, 200, 404, 200, 404, 200, 404, 200, 404]);
    const eleventh = await lookup("198.51.100.1");
    expect(eleventh.status).toBe(429);
    expect(errorOf(eleventh)).toMatchObject({
      _code: "rate_limited",
      _context: "rate_limit",
      _description: TEXT.rateLimited,
    });
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(errorOf(eleventh)._extra).toEqual({ retry_after: retryAfter });
    expect(eleventh.headers.get("cache-control")).toBe("no-store");
  });

  it("another address is still served, and so is the same address at another seller", async () => {
    expect((await lookup("198.51.100.2")).status).toBe(200);
    expect((await lookup("198.51.100.1", "GC-2000-0001", "riverside-zoo")).status).not.toBe(429);
    expect((await lookup("198.51.100.1")).status).toBe(429);
  });

  it("a new window (the injected clock a minute later) serves the address again", async () => {
    api.clock.advance(MINUTE + 1000);
    expect((await lookup("198.51.100.1")).status).toBe(200);
  });

  it("a patient guesser from one address: after 20 misses in an hour even a real card is refused until the hour is over", async () => {
    await api.handle.db.delete(s.rateLimit);
    const address = "198.51.100.4";
    const { limit } = GIFT_CARD_LOOKUPS.misses;
    for (let i = 0; i < limit; i++) {
      if (i > 0 && i % 10 === 0) api.clock.advance(MINUTE); // stay under 10 a minute
      expect((await lookup(address, `GUESS-${i}`)).status).toBe(404);
    }
    api.clock.advance(MINUTE);
    const refused = await lookup(address);
    expect(refused.status).toBe(429);
    expect(errorOf(refused)._code).toBe("rate_limited");
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(55 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    // Found lookups are no misses: a shopper who looks up a real card often is never refused this way.
    expect((await lookup("198.51.100.5")).status).toBe(200);
    api.clock.advance(wait * 1000);
    expect((await lookup(address)).status).toBe(200);
  });
});

describe("'A limit must slow the guesser, not every shopper'", () => {
  it("regression: guesses spread over many addresses no longer switch gift cards off for every shopper of the seller", async () => {
    await api.handle.db.delete(s.rateLimit);
    // 400 lookups in a minute from 40 addresses: the old brake (300 a minute per seller) refused everyone.
    for (let a = 0; a < 40; a++) {
      for (let i = 0; i < 10; i++) await lookup(`203.0.113.${a}`, i < 3 ? `GUESS-${a}-${i}` : "GC-1000-0001");
    }
    expect((await lookup("198.51.100.20")).status).toBe(200);
  });

  it("past the seller's miss ceiling, addresses with 3 misses are refused; a shopper with a real card is served", async () => {
    await api.handle.db.delete(s.rateLimit);
    const { sellerMisses, missesUnderAttack } = GIFT_CARD_LOOKUPS;
    expect(sellerMisses).toEqual({ limit: 100, windowSeconds: 600 });
    // 34 guessers, 3 misses each: 102 misses at the seller in the window.
    const guessers = Array.from({ length: 34 }, (_, i) => `203.0.113.${100 + i}`);
    for (const address of guessers) {
      for (let i = 0; i < missesUnderAttack; i++) {
        expect((await lookup(address, `GUESS-${address}-${i}`)).status).toBe(404);
      }
    }
    const guesser = await lookup(guessers[0] ?? "", "GUESS-again");
    expect(guesser.status).toBe(429);
    expect(errorOf(guesser)._code).toBe("rate_limited");
    const wait = Number(guesser.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(sellerMisses.windowSeconds);
    // A real card from an address that never missed, and from one that missed once, is served.
    expect((await lookup("198.51.100.30")).status).toBe(200);
    expect((await lookup("198.51.100.31", "GC-1000-typo")).status).toBe(404);
    expect((await lookup("198.51.100.31")).status).toBe(200);
    // Another seller is not under attack: the same guesser is served there.
    expect((await lookup(guessers[0] ?? "", "GC-2000-0001", "riverside-zoo")).status).toBe(200);
    // Once the seller's window passes, the attack is over and the guesser has misses to spare again.
    api.clock.advance(wait * 1000);
    expect((await lookup(guessers[0] ?? "")).status).toBe(200);
  });
});

describe("ledger-gateway payments run under the same brake", () => {
  async function cartFrom(address: string) {
    const session = await upcomingSession(api, "hm-general-admission", 3);
    await setSessionCapacity(api, session.id, 50, 0);
    return cartOf(
      asCart(
        await from(address, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      ),
    );
  }

  it("checkout and pay attempts count against the same limit, before any charge", async () => {
    await api.handle.db.delete(s.rateLimit);
    const address = "198.51.100.3";
    for (let i = 0; i < 10; i++) expect((await lookup(address, `GUESS-${i}`)).status).toBe(404);
    const cart = await cartFrom(address);
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

  it("a pay with an unknown card number is a miss like a failed lookup", async () => {
    await api.handle.db.delete(s.rateLimit);
    const address = "198.51.100.6";
    const cart = await cartFrom(address);
    const { limit } = GIFT_CARD_LOOKUPS.misses;
    for (let i = 0; i < limit; i++) {
      if (i > 0 && i % 5 === 0) api.clock.advance(MINUTE);
      const guess = await from(address, "POST", `/api/cart/${cart.id}/pay`, {
        gateway_id: "ledger",
        gateway_data: { number: `GUESS-PAY-${i}` },
        amount: "1.00",
      });
      expect(guess.status).toBe(404);
    }
    api.clock.advance(MINUTE);
    expect((await lookup(address)).status).toBe(429);
  });
});
