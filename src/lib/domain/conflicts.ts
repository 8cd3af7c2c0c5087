/**
 * Session conflicts (spec §5/§9): a session conflicts with a cart session when their padded
 * intervals overlap, each session extended by its own event's padding before and after.
 * The cart session's padding defaults to 5 minutes, is overridden by the event's pad_pre_start /
 * pad_post_end, or the seller's default_pad_pre_start / default_pad_post_end. The candidate is
 * extended by its own event's pad_pre_start / pad_post_end when set (the default gap is applied
 * once, around the cart session, so two default sessions need 5 minutes between them, not 10).
 * Sessions of excluded categories never conflict.
 */

export const DEFAULT_PAD_MINUTES = 5;

export interface TimedSession {
  id: string;
  start: Date;
  end: Date;
  category?: string | null;
  /** event meta pad_pre_start / pad_post_end (minutes) */
  padPreStart?: number | null;
  padPostEnd?: number | null;
}

export interface ConflictOptions {
  defaultPadPreStart?: number | null;
  defaultPadPostEnd?: number | null;
  excludedCategories?: readonly string[];
}

export function padding(s: TimedSession, options: ConflictOptions = {}): { pre: number; post: number } {
  return {
    pre: s.padPreStart ?? options.defaultPadPreStart ?? DEFAULT_PAD_MINUTES,
    post: s.padPostEnd ?? options.defaultPadPostEnd ?? DEFAULT_PAD_MINUTES,
  };
}

const MINUTE = 60_000;

export function conflicts(
  candidate: TimedSession,
  cartSession: TimedSession,
  options: ConflictOptions = {},
): boolean {
  if (candidate.id === cartSession.id) return false;
  const excluded = options.excludedCategories ?? [];
  if (candidate.category && excluded.includes(candidate.category)) return false;
  if (cartSession.category && excluded.includes(cartSession.category)) return false;
  const pad = padding(cartSession, options);
  const start = cartSession.start.getTime() - pad.pre * MINUTE;
  const end = cartSession.end.getTime() + pad.post * MINUTE;
  const candidateStart = candidate.start.getTime() - (candidate.padPreStart ?? 0) * MINUTE;
  const candidateEnd = candidate.end.getTime() + (candidate.padPostEnd ?? 0) * MINUTE;
  return candidateStart < end && candidateEnd > start;
}

/** Splits candidates into the ones shown and the ones hidden as conflicting with the cart. */
export function partitionConflicts<T extends TimedSession>(
  candidates: readonly T[],
  cartSessions: readonly TimedSession[],
  options: ConflictOptions = {},
): { available: T[]; conflicting: T[] } {
  const available: T[] = [];
  const conflicting: T[] = [];
  for (const c of candidates) {
    if (cartSessions.some((s) => conflicts(c, s, options))) conflicting.push(c);
    else available.push(c);
  }
  return { available, conflicting };
}
