import { type Message, msg } from "../messages.ts";
/**
 * The member event purchase limit (spec 1 §3 "member_event_purchase_limit"):
 * a level may cap how many members-only tickets a member holds or books for one event (event
 * template) in the current membership term, across that event's members-only groups. Configured
 * on the level as ticket type meta `member_event_purchase_limit` (a whole number ≥ 0), copied onto
 * each membership at creation. Tickets of public groups never count and are never refused.
 * Pure arithmetic.
 */

/** The level meta key (next to `member_benefits`). */
export const EVENT_LIMIT_META_KEY = "member_event_purchase_limit";

/** The limit a meta value configures: a whole number ≥ 0, else none (null). */
export function eventLimitOf(raw: unknown): number | null {
  return typeof raw === "number" && Number.isInteger(raw) && raw >= 0 ? raw : null;
}

/**
 * The limit of several current cards of one member: the largest configured one (cards of one order
 * do not add up, as with benefits); null when no card has a limit.
 */
export function mergeEventLimits(limits: readonly (number | null | undefined)[]): number | null {
  let out: number | null = null;
  for (const n of limits) {
    const limit = eventLimitOf(n);
    if (limit !== null) out = Math.max(out ?? 0, limit);
  }
  return out;
}

export interface EventCount {
  eventTemplateId: string;
  count: number;
}

/** Counts summed per event. */
export function countByEvent(counts: readonly EventCount[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of counts) out.set(c.eventTemplateId, (out.get(c.eventTemplateId) ?? 0) + c.count);
  return out;
}

/** What the member may still add for an event (null: no limit), never below 0. */
export function remainingForEvent(limit: number | null, used: number): number | null {
  return limit === null ? null : Math.max(0, limit - used);
}

export interface EventLimitExceeded {
  eventTemplateId: string;
  limit: number;
  /** Members-only tickets of the event already held or booked in the term. */
  used: number;
  /** What the member may still add for the event. */
  available: number;
}

/**
 * The first event (in the order `adding` names them) whose members-only tickets, `held` already
 * plus `adding`, would go beyond `limit`; null when none would, or when there is no limit.
 */
export function eventLimitExceeded(
  limit: number | null,
  held: readonly EventCount[],
  adding: readonly EventCount[],
): EventLimitExceeded | null {
  if (limit === null) return null;
  const before = countByEvent(held);
  for (const [eventTemplateId, n] of countByEvent(adding)) {
    const used = before.get(eventTemplateId) ?? 0;
    if (n > 0 && used + n > limit)
      return { eventTemplateId, limit, used, available: Math.max(0, limit - used) };
  }
  return null;
}

const tickets = (n: number) => `${n} ${n === 1 ? "ticket" : "tickets"}`;

type EventLimitId =
  | "apiError.memberEventLimit.reached.one"
  | "apiError.memberEventLimit.reached.other"
  | "apiError.memberEventLimit.allows.one"
  | "apiError.memberEventLimit.allows.other";

/** The refusal's words as a strings key and values (the API says them in the call's language). */
export function memberEventLimitMessage(
  limit: number,
  available: number,
  eventName: string,
): Message<EventLimitId> {
  if (available <= 0)
    return msg(`apiError.memberEventLimit.reached.${limit === 1 ? "one" : "other"}`, {
      limit,
      event: eventName,
    });
  return msg(`apiError.memberEventLimit.allows.${available === 1 ? "one" : "other"}`, {
    available,
    limit,
    event: eventName,
  });
}

/** The refusal's text (member_limit_exceeded:reserve) naming the event. */
export function memberEventLimitText(limit: number, available: number, eventName: string): string {
  if (available <= 0)
    return `You have reached your member limit of ${tickets(limit)} for ${eventName} this membership term.`;
  return `Your membership allows ${tickets(available)} more for ${eventName} this membership term (limit ${limit} per event).`;
}
