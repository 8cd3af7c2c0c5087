/**
 * Code guessing brake (security/lookup-limits.ts CODE_LOOKUPS, security/code-brake.ts), because
 * "Code lookups (`GET code/{code}`, and codes applied to carts) have no limit: 681 lookups per
 * second from one address, and a valid unused CityPASS voucher turned up within 3,000 guesses.
 * Limit them per address and per seller, as the gift-card lookups are." Per address and seller: 30
 * codes in 10 minutes, found or not, and 20 misses an hour; per seller only misses count, and past
 * the ceiling only addresses that already missed a few times are refused.
 */
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { CODE_LOOKUPS } from "../../../src/lib/server/security/lookup-limits.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  type Answer,
  asCart,
  cartOf,
  errorOf,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const MINUTE = 60_000;

async function from(address: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await api.app.request(
    path,
    {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { clientAddress: address },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

const lookup = (address: string, code: string, seller = "harbour-museum") =>
  from(address, "GET", `/api/code/${code}?_seller=${seller}&mode=code`);

async function gaCart(address: string) {
  const session = await upcomingSession(api, "hm-general-admission", 2);
  await setSessionCapacity(api, session.id, 500, 0);
  const env = asCart(
    await from(address, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
    }),
  );
  return cartOf(env).id;
}

function expectRateLimited(answer: Answer, maxSeconds: number): number {
  expect(answer.status).toBe(429);
  expect(errorOf(answer)).toMatchObject({ _code: "rate_limited", _context: "rate_limit" });
  const wait = Number(answer.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
  expect(errorOf(answer)._extra).toEqual({ retry_after: wait });
  return wait;
}

describe("code lookups are limited per address and seller", () => {
  it("GET code/{code}: the 31st lookup in 10 minutes from one address is 429 rate_limited, found or not", async () => {
    expect(CODE_LOOKUPS.attempts).toEqual({ limit: 30, windowSeconds: 600 });
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++)
      statuses.add((await lookup("198.51.100.1", i < 25 ? "WELCOME10" : `NOPE${i}`)).status);
    expect(statuses).toEqual(new Set([200, 404]));
    const wait = expectRateLimited(await lookup("198.51.100.1", "WELCOME10"), 600);
    // Another address, and the same address at another seller, are served.
    expect((await lookup("198.51.100.2", "WELCOME10")).status).toBe(200);
    expect((await lookup("198.51.100.1", "ZOO15", "riverside-zoo")).status).toBe(200);
    api.clock.advance(wait * 1000);
    expect((await lookup("198.51.100.1", "WELCOME10")).status).toBe(200);
  });

  it("apply_code counts every code of a list; a refused list leaves the cart as it was", async () => {
    const address = "198.51.100.3";
    const id = await gaCart(address);
    const list = Array.from({ length: 31 }, (_, i) => `GUESS${i}`).join(",");
    const refused = await from(address, "POST", `/api/my/cart/${id}/apply_code`, { code: list });
    expectRateLimited(refused, 600);
    const cart = await from(address, "GET", `/api/cart/${id}`);
    expect(cartOf(asCart(cart)).codes).toEqual([]);
  });

  it("codes already on the cart are no new lookups: a shopper re-sending them is never limited", async () => {
    const address = "198.51.100.4";
    const id = await gaCart(address);
    asCart(await from(address, "POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOME10" }));
    for (let i = 0; i < 40; i++) {
      const again = await from(address, "POST", `/api/my/cart/${id}/modify`, {
        preReservePromoCodes: ["welcome10"],
      });
      expect(again.status).toBe(200);
    }
  });

  it("regression: CityPASS vouchers can no longer be guessed: after 20 misses in an hour even a real voucher is refused", async () => {
    const address = "198.51.100.5";
    const session = await upcomingSession(api, "rz-day-admission", 5);
    await setSessionCapacity(api, session.id, 500, 0);
    const reserve = (code: string) =>
      from(address, "POST", "/api/my/cart/modify?_seller=riverside-zoo", {
        add: [{ ticket_type_id: "rz-citypass-adult", event_session_id: session.id, code }],
      });
    const { limit } = CODE_LOOKUPS.misses;
    for (let i = 0; i < limit; i++) {
      const guess = await reserve(`CPA1000${String(i).padStart(4, "0")}`);
      expect(guess.status).toBe(422);
      expect(errorOf(guess)._code).toBe("code_not_found");
    }
    const wait = expectRateLimited(await reserve("CPA00000001"), 3600);
    expect(wait).toBeGreaterThan(50 * 60);
    api.clock.advance(wait * 1000);
    const held = asCart(await reserve("CPA00000001"));
    expect(held.ticket._data[0]?.code).toBe("CPA00000001");
  });

  it("a preloaded code skipped silently is a miss too (no free oracle)", async () => {
    const address = "198.51.100.6";
    const session = await upcomingSession(api, "hm-general-admission", 2);
    const preloaded = Array.from({ length: CODE_LOOKUPS.misses.limit }, (_, i) => `SILENT${i}`);
    const env = asCart(
      await from(address, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        preloadedPromoCodes: preloaded,
      }),
    );
    expect(cartOf(env).codes).toEqual([]);
    const id = cartOf(env).id;
    expectRateLimited(
      await from(address, "POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOME10" }),
      3600,
    );
  });
});

describe("'A limit must slow the guesser, not every shopper' (codes)", () => {
  it("past the seller's miss ceiling, addresses with 3 misses are refused; a shopper's real code still applies", async () => {
    await api.handle.db.delete(s.rateLimit);
    const { sellerMisses, missesUnderAttack } = CODE_LOOKUPS;
    const guessers = Array.from({ length: 34 }, (_, i) => `203.0.113.${i}`);
    for (const address of guessers) {
      for (let i = 0; i < missesUnderAttack; i++) {
        expect((await lookup(address, `GUESS${address}x${i}`.replaceAll(".", ""))).status).toBe(404);
      }
    }
    const guesser = await lookup(guessers[0] ?? "", "WELCOME10");
    const wait = expectRateLimited(guesser, sellerMisses.windowSeconds);
    // The shopper: a fresh address, a cart and a printed code, even after one typo.
    const shopper = "198.51.100.9";
    const id = await gaCart(shopper);
    const typo = await from(shopper, "POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOM10" });
    expect(errorOf(typo)._code).toBe("code_not_found");
    const applied = asCart(
      await from(shopper, "POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOME10" }),
    );
    expect(cartOf(applied).codes.map((c) => c.code)).toEqual(["WELCOME10"]);
    // The attack's window over, the guesser has misses to spare again.
    api.clock.advance(wait * 1000);
    expect((await lookup(guessers[0] ?? "", "WELCOME10")).status).toBe(200);
  });

  it("adding tickets without codes is never braked, however often", async () => {
    await api.handle.db.delete(s.rateLimit);
    const address = "198.51.100.10";
    const id = await gaCart(address);
    const session = await upcomingSession(api, "hm-general-admission", 2);
    for (let i = 0; i < 35; i++) {
      const add = asCart(
        await from(address, "POST", `/api/my/cart/${id}/modify`, {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      );
      const added = add.ticket._data.at(-1)?.id;
      expect((await from(address, "POST", `/api/my/cart/${id}/modify`, { remove: [added] })).status).toBe(
        200,
      );
      if (i % 10 === 9) api.clock.advance(MINUTE);
    }
  });
});
