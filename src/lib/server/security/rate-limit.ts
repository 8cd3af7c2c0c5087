/**
 * Fixed-window rate limits kept in the database (DESIGN §5 and §10: every process sees the same
 * counts). One statement per hit: INSERT ... ON CONFLICT DO UPDATE starts a new window when the old
 * one has passed, else adds the hit's weight, and answers the count and the window's start.
 * peekRateLimits reads counts without adding to them (a check that must not count, such as "has
 * this address failed before?").
 */
import { eq, inArray, sql } from "drizzle-orm";
import { LOGIN_MESSAGE } from "../../domain/login-input.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t } from "../../tenant/strings.ts";
import type { Executor } from "../db/executor.ts";
import * as s from "../db/schema.ts";
import { fail } from "../errors/api-error.ts";

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
  /** Seconds until the window resets, allowed or not. */
  resetsInSeconds: number;
}

const secondsUntil = (windowStart: Date, windowSeconds: number, now: Date) =>
  Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));

/**
 * Counts one hit on `key` (or `weight` hits, e.g. one per code of a list) and says whether the
 * window's count is within `rule`.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
  now: Date,
  weight = 1,
): Promise<RateLimitResult> {
  const windowStartsAfter = new Date(now.getTime() - rule.windowSeconds * 1000);
  const expired = sql`${s.rateLimit.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(s.rateLimit)
    .values({ key, windowStart: now, count: weight })
    .onConflictDoUpdate({
      target: s.rateLimit.key,
      set: {
        count: sql`case when ${expired} then ${weight}::integer else ${s.rateLimit.count} + ${weight}::integer end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${s.rateLimit.windowStart} end`,
      },
    })
    .returning({ count: s.rateLimit.count, windowStart: s.rateLimit.windowStart });
  const count = row?.count ?? weight;
  const allowed = count <= rule.limit;
  const resetsInSeconds = secondsUntil(row?.windowStart ?? now, rule.windowSeconds, now);
  return { allowed, count, retryAfterSeconds: allowed ? 0 : resetsInSeconds, resetsInSeconds };
}

/** A key's count in its current window, read without counting; 0 when it has no live window. */
export interface PeekedCount {
  count: number;
  /** Seconds until the window resets (0 when there is none). */
  resetsInSeconds: number;
}

/** Reads the live counts of `keys` (each with its own window length) in one statement. */
export async function peekRateLimits(
  db: Executor,
  keys: { key: string; windowSeconds: number }[],
  now: Date,
): Promise<Map<string, PeekedCount>> {
  const out = new Map<string, PeekedCount>(keys.map(({ key }) => [key, { count: 0, resetsInSeconds: 0 }]));
  if (!keys.length) return out;
  const rows = await db
    .select()
    .from(s.rateLimit)
    .where(
      inArray(
        s.rateLimit.key,
        keys.map((k) => k.key),
      ),
    );
  for (const row of rows) {
    const windowSeconds = keys.find((k) => k.key === row.key)?.windowSeconds ?? 0;
    const live = row.windowStart.getTime() + windowSeconds * 1000 > now.getTime();
    if (live) {
      out.set(row.key, {
        count: row.count,
        resetsInSeconds: secondsUntil(row.windowStart, windowSeconds, now),
      });
    }
  }
  return out;
}

/** Hits every key (all are counted) and answers the first refusal, or allowed. */
export async function hitRateLimits(
  db: Executor,
  hits: { key: string; rule: RateLimitRule }[],
  now: Date,
): Promise<RateLimitResult> {
  let worst: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0, resetsInSeconds: 0 };
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

/**
 * The part of a client address that per-address limits count: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4 form), an IPv6 address by its /64 network, because one
 * subscriber is usually given a whole /64 and could otherwise take a fresh address for every try.
 */
export function addressBucket(address: string): string {
  const lower = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped?.[1]) return mapped[1];
  if (!lower.includes(":")) return lower;
  const [head = "", tail] = lower.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const network = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "") || "0");
  while (network.length < 4) network.push("0");
  return `${network.join(":")}::/64`;
}

/**
 * 429 `rate_limited` with the retry delay in _extra, the body every limit answers with; the words
 * are the seller's tenant strings when the caller knows the tenant (`words`), else the defaults.
 */
export const rateLimited = (
  retryAfterSeconds: number,
  words?: Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>,
) =>
  fail("rate_limited", {
    description: t(words, LOGIN_MESSAGE.rateLimited),
    extra: { retry_after: retryAfterSeconds },
  });
