/**
 * Fixed-window rate limits kept in the database (DESIGN §5 and §10: every process sees the same
 * counts). One statement per hit: INSERT ... ON CONFLICT DO UPDATE starts a new window when the old
 * one has passed, else adds one, and answers the count and the window's start.
 */
import { eq, sql } from "drizzle-orm";
import * as s from "../db/schema.ts";
import type { Executor } from "../db/seed/helpers.ts";

export interface RateLimitRule {
  /** Allowed hits per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/** Counts one hit on `key` and says whether it is within `rule`. */
export async function hitRateLimit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitResult> {
  const windowStartsAfter = new Date(now.getTime() - rule.windowSeconds * 1000);
  const expired = sql`${s.rateLimit.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(s.rateLimit)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: s.rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${s.rateLimit.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${s.rateLimit.windowStart} end`,
      },
    })
    .returning({ count: s.rateLimit.count, windowStart: s.rateLimit.windowStart });
  const count = row?.count ?? 1;
  const start = row?.windowStart ?? now;
  const allowed = count <= rule.limit;
  const resetsAt = start.getTime() + rule.windowSeconds * 1000;
  return {
    allowed,
    count,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
  };
}

/** Hits every key (all are counted) and answers the first refusal, or allowed. */
export async function hitRateLimits(
  db: Executor,
  hits: { key: string; rule: RateLimitRule }[],
  now: Date,
): Promise<RateLimitResult> {
  let worst: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0 };
  for (const { key, rule } of hits) {
    const result = await hitRateLimit(db, key, rule, now);
    if (!result.allowed && (worst.allowed || result.retryAfterSeconds > worst.retryAfterSeconds))
      worst = result;
  }
  return worst;
}

/** Forgets a key's window, e.g. after a successful login. */
export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(s.rateLimit).where(eq(s.rateLimit.key, key));
}

/**
 * A per-address rule scaled by RATE_LIMIT_ADDRESS_FACTOR (a whole number, default 1). Every visitor
 * behind one address shares its counts, so an operator with many shoppers behind one NAT, or an
 * end-to-end suite where every browser is 127.0.0.1, can raise the per-address limits without
 * touching the per-account ones.
 */
export function perAddress(rule: RateLimitRule, env: NodeJS.ProcessEnv = process.env): RateLimitRule {
  const factor = Number(env.RATE_LIMIT_ADDRESS_FACTOR ?? 1);
  const scale = Number.isInteger(factor) && factor >= 1 && factor <= 1000 ? factor : 1;
  return { ...rule, limit: rule.limit * scale };
}
