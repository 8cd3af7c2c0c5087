/**
 * The shared rate limiter (DESIGN §5 "Login and passcode attempts are rate limited"; §10 the
 * process keeps no state, so counts live in the database).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import {
  clearRateLimit,
  hitRateLimit,
  hitRateLimits,
  peekRateLimits,
} from "../../../src/lib/server/security/rate-limit.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const rule = { limit: 3, windowSeconds: 60 };
let handle: DbHandle;

beforeAll(async () => {
  handle = await openDb({ kind: "pglite" });
});
afterAll(async () => {
  await handle.close();
});

describe("hitRateLimit", () => {
  it("allows `limit` hits in a window, refuses the next with the seconds until the window resets", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(handle.db, "k1", rule, at(i * 10)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.count).toBe(4);
    expect(results[3]?.retryAfterSeconds).toBe(30);
  });

  it("starts a new window once the old one has passed", async () => {
    const next = await hitRateLimit(handle.db, "k1", rule, at(61));
    expect(next).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0, resetsInSeconds: 60 });
  });

  it("keeps keys apart, and clearRateLimit forgets a key", async () => {
    for (let i = 0; i < 3; i++) await hitRateLimit(handle.db, "k2", rule, NOW);
    expect((await hitRateLimit(handle.db, "k3", rule, NOW)).allowed).toBe(true);
    expect((await hitRateLimit(handle.db, "k2", rule, NOW)).allowed).toBe(false);
    await clearRateLimit(handle.db, "k2");
    expect((await hitRateLimit(handle.db, "k2", rule, NOW)).allowed).toBe(true);
  });

  it("hitRateLimits counts every key and answers a refusal when any is over", async () => {
    for (let i = 0; i < 3; i++) await hitRateLimit(handle.db, "k4", rule, NOW);
    const result = await hitRateLimits(
      handle.db,
      [
        { key: "k5", rule },
        { key: "k4", rule },
      ],
      NOW,
    );
    expect(result.allowed).toBe(false);
    expect((await hitRateLimit(handle.db, "k5", rule, NOW)).count).toBe(2);
  });

  it("a weighted hit counts `weight` at once (each code of a list is one lookup)", async () => {
    expect((await hitRateLimit(handle.db, "k6", rule, NOW, 2)).count).toBe(2);
    const over = await hitRateLimit(handle.db, "k6", rule, at(20), 2);
    expect([over.allowed, over.count, over.retryAfterSeconds]).toEqual([false, 4, 40]);
  });

  it("peekRateLimits reads live counts without counting, and 0 once a window has passed", async () => {
    await hitRateLimit(handle.db, "k7", rule, NOW);
    const live = await peekRateLimits(
      handle.db,
      [
        { key: "k7", windowSeconds: 60 },
        { key: "never-hit", windowSeconds: 60 },
      ],
      at(15),
    );
    expect(live.get("k7")).toEqual({ count: 1, resetsInSeconds: 45 });
    expect(live.get("never-hit")).toEqual({ count: 0, resetsInSeconds: 0 });
    expect(
      (await peekRateLimits(handle.db, [{ key: "k7", windowSeconds: 60 }], at(60))).get("k7")?.count,
    ).toBe(0);
    expect((await hitRateLimit(handle.db, "k7", rule, at(15))).count).toBe(2);
  });
});
