/**
 * The shared rate limiter (DESIGN §5 "Login and passcode attempts are rate limited"; §10 the
 * process keeps no state, so counts live in the database).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "../../src/lib/server/db/client.ts";
import { clearRateLimit, hitRateLimit, hitRateLimits } from "../../src/lib/server/security/rate-limit.ts";

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
    expect(next).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
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
});
