import { type Message, msg } from "../messages.ts";
/**
 * Member benefits (spec 1 §6, §5 quantities): a membership's `benefits` limit how many
 * tickets of a type the member may hold or book in the current term, keyed by ticket type id, with
 * a wildcard pool "*" for every other type of a members-only group. A type listed by id counts
 * only against its own limit; types of no pool are unlimited. Pure arithmetic.
 */

export const WILDCARD_POOL = "*";

export type Benefits = Readonly<Record<string, number>>;

/** The benefits of several current cards of one member: the larger limit of each pool (cards of one order do not add up). */
export function mergeBenefits(list: readonly Benefits[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of list)
    for (const [key, n] of Object.entries(b)) {
      if (!Number.isInteger(n) || n < 0) continue;
      out[key] = Math.max(out[key] ?? 0, n);
    }
  return out;
}

/** The pool a ticket type counts against: its own id, else the wildcard for members-only types, else none. */
export function benefitPool(benefits: Benefits, typeId: string, membersOnlyType: boolean): string | null {
  if (Object.hasOwn(benefits, typeId)) return typeId;
  if (membersOnlyType && Object.hasOwn(benefits, WILDCARD_POOL)) return WILDCARD_POOL;
  return null;
}

export interface TypeCount {
  ticketTypeId: string;
  membersOnly: boolean;
  count: number;
}

/** Tickets counted per pool. */
export function usedByPool(benefits: Benefits, counts: readonly TypeCount[]): Map<string, number> {
  const used = new Map<string, number>();
  for (const c of counts) {
    const pool = benefitPool(benefits, c.ticketTypeId, c.membersOnly);
    if (pool) used.set(pool, (used.get(pool) ?? 0) + c.count);
  }
  return used;
}

export interface RemainingBenefit {
  pool: string;
  limit: number;
  used: number;
  remaining: number;
}

/** Every pool with its limit, the tickets already held or booked, and what remains (never below 0). */
export function remainingBenefits(benefits: Benefits, counts: readonly TypeCount[]): RemainingBenefit[] {
  const used = usedByPool(benefits, counts);
  return Object.entries(benefits)
    .sort(([a], [b]) => (a === WILDCARD_POOL ? 1 : b === WILDCARD_POOL ? -1 : a.localeCompare(b)))
    .map(([pool, limit]) => {
      const n = used.get(pool) ?? 0;
      return { pool, limit, used: n, remaining: Math.max(0, limit - n) };
    });
}

/** The remaining count for one ticket type (null: no limit), for the reserve steppers' cap. */
export function remainingForType(
  remaining: readonly RemainingBenefit[],
  typeId: string,
  membersOnlyType: boolean,
): number | null {
  const own = remaining.find((r) => r.pool === typeId);
  if (own) return own.remaining;
  if (!membersOnlyType) return null;
  return remaining.find((r) => r.pool === WILDCARD_POOL)?.remaining ?? null;
}

export interface BenefitExceeded {
  pool: string;
  limit: number;
  /** What the member may still add in this pool. */
  available: number;
}

/** The first pool `adding` would take beyond its limit, given what is `held` already (held, booked). */
export function benefitExceeded(
  benefits: Benefits,
  held: readonly TypeCount[],
  adding: readonly TypeCount[],
): BenefitExceeded | null {
  const before = usedByPool(benefits, held);
  const added = usedByPool(benefits, adding);
  for (const [pool, n] of added) {
    const limit = benefits[pool] ?? 0;
    const used = before.get(pool) ?? 0;
    if (n > 0 && used + n > limit) return { pool, limit, available: Math.max(0, limit - used) };
  }
  return null;
}

/** The refusal's words as a strings key and values (the API says them in the call's language). */
export function memberLimitMessage(
  limit: number,
  available: number,
): Message<
  "apiError.memberLimit.reached" | "apiError.memberLimit.allows.one" | "apiError.memberLimit.allows.other"
> {
  if (available <= 0) return msg("apiError.memberLimit.reached", { limit });
  return available === 1
    ? msg("apiError.memberLimit.allows.one", { limit })
    : msg("apiError.memberLimit.allows.other", { available, limit });
}

/** The refusal's text (member_limit_exceeded:reserve). */
export function memberLimitText(limit: number, available: number): string {
  if (available <= 0)
    return `You have reached your member limit of ${limit} tickets for this membership term.`;
  return `Your membership allows ${available} more ${available === 1 ? "ticket" : "tickets"} of this kind (limit ${limit} per membership term).`;
}
