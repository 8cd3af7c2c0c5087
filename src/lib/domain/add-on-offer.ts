/**
 * What an add-on's reserve screen offers once the cart holds its anchor (spec 1 §2 "If an anchor
 * (admission) event is required...", §9 "Upsells: anchor events or categories;
 * tickets_must_match_anchor_tickets; visit_time values timeslot, same_start (1 minute window),
 * same_date, until_close"). The server refuses a session outside the visit window
 * (services/cart/rules.ts); the screen offers only the dates and sessions that fit, so the shopper
 * never meets that refusal. The anchor's own sessions are not conflicts of its add-ons: the add-on
 * belongs with the admission, so the session at the admission's time is offered, not hidden as an
 * overlap (spec §5 "Conflicts").
 */
import { addDays, localDate } from "./calendar.ts";
import { fitsVisitTime, isVisitTime, type SessionTimes, type VisitTime, visitWindow } from "./visit-time.ts";

/** An add-on's upsell rule: its event meta and its web.ecommerce config. */
export interface AddOnRule {
  /** web.ecommerce anchor_event_ids; null: any anchor (is_anchor) event. */
  anchorEventIds: string[] | null;
  /** web.ecommerce visit_time; the server's default is same_date. */
  visitTime: VisitTime;
  /** meta tickets_must_match_anchor_tickets: the visit window and the ticket count apply. */
  mustMatchAnchor: boolean;
}

/**
 * The rule of an event that needs an anchor (meta requires_anchor or
 * tickets_must_match_anchor_tickets), else undefined. Reads the raw config value by hand: it arrives
 * from the API, and the island's bundle stays free of zod.
 */
export function addOnRuleOf(meta: Record<string, unknown>, ecommerce: unknown): AddOnRule | undefined {
  const mustMatchAnchor = meta.tickets_must_match_anchor_tickets === true;
  if (meta.requires_anchor !== true && !mustMatchAnchor) return undefined;
  const config = ecommerce && typeof ecommerce === "object" ? (ecommerce as Record<string, unknown>) : {};
  const ids = config.anchor_event_ids;
  return {
    anchorEventIds: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : null,
    visitTime: isVisitTime(config.visit_time) ? config.visit_time : "same_date",
    mustMatchAnchor,
  };
}

/** A held ticket as far as the anchor needs it. */
export interface HeldTicketLike {
  event_template_id: string;
  event_session_id: string | null;
}

/** The cart's anchor for this add-on: its event, its session (times) and its ticket count. */
export interface CartAnchor {
  eventId: string;
  sessionId: string | null;
  session: SessionTimes | null;
  tickets: number;
}

/**
 * The anchor the server checks the add-on against: the first held ticket of an anchor (is_anchor)
 * event that the add-on accepts (anchor_event_ids), with that event's ticket count.
 */
export function cartAnchorFor(
  rule: AddOnRule,
  tickets: readonly HeldTicketLike[],
  isAnchorEvent: (eventId: string) => boolean,
  sessionTimes: (sessionId: string) => SessionTimes | undefined,
): CartAnchor | null {
  const first = tickets.find(
    (t) =>
      isAnchorEvent(t.event_template_id) &&
      (!rule.anchorEventIds || rule.anchorEventIds.includes(t.event_template_id)),
  );
  if (!first) return null;
  return {
    eventId: first.event_template_id,
    sessionId: first.event_session_id,
    session: first.event_session_id ? (sessionTimes(first.event_session_id) ?? null) : null,
    tickets: tickets.filter((t) => t.event_template_id === first.event_template_id).length,
  };
}

/** The venue-local dates the visit window touches (start inclusive, end exclusive). */
export function visitDates(rule: VisitTime, anchor: SessionTimes, timeZone: string): Set<string> {
  const window = visitWindow(rule, anchor, timeZone);
  const first = localDate(window.start, timeZone);
  const last = localDate(new Date(Math.max(window.start.getTime(), window.end.getTime() - 1)), timeZone);
  const dates = new Set<string>();
  for (let d = first; d <= last; d = addDays(d, 1)) dates.add(d);
  return dates;
}

/**
 * The calendar days an add-on offers: with an anchor session and a rule that must match it, the
 * days outside the visit window are closed (status 'unreleased', as a day with no sessions); otherwise
 * the days as they are.
 */
export function offeredDays<D extends { date: string; status: string }>(
  days: readonly D[],
  rule: AddOnRule | undefined,
  anchor: CartAnchor | null,
  timeZone: string,
): D[] {
  if (!rule?.mustMatchAnchor || !anchor?.session) return [...days];
  const dates = visitDates(rule.visitTime, anchor.session, timeZone);
  return days.map((d) => (dates.has(d.date) ? d : { ...d, status: "unreleased" }));
}

/** The sessions an add-on offers: those whose start fits the anchor session under the visit_time rule. */
export function offeredSessions<S extends { start: Date }>(
  sessions: readonly S[],
  rule: AddOnRule | undefined,
  anchor: CartAnchor | null,
  timeZone: string,
): S[] {
  const session = anchor?.session;
  if (!rule?.mustMatchAnchor || !session) return [...sessions];
  return sessions.filter((s) => fitsVisitTime(rule.visitTime, session, s.start, timeZone));
}

/**
 * The cart sessions an add-on's sessions may conflict with: all of them, less the sessions of its
 * anchor event (the admission it belongs with is not an overlap).
 */
export function conflictSessionsFor<T extends { id: string }>(
  cartSessions: readonly T[],
  rule: AddOnRule | undefined,
  anchor: CartAnchor | null,
  sessionEvent: (session: T) => string | null,
): T[] {
  if (!rule || !anchor) return [...cartSessions];
  return cartSessions.filter((s) => sessionEvent(s) !== anchor.eventId);
}

/**
 * tickets_must_match_anchor_tickets: how many more add-on tickets the cart can take (the anchor's
 * count less the add-on's), or undefined when no such limit applies.
 */
export function addOnTicketsLeft(
  rule: AddOnRule | undefined,
  anchor: CartAnchor | null,
  addOnTicketsHeld: number,
): number | undefined {
  if (!rule?.mustMatchAnchor || !anchor) return undefined;
  return Math.max(0, anchor.tickets - addOnTicketsHeld);
}

/**
 * The anchors each event is an add-on of (spec §9 "Upsells: anchor events or categories"): its own
 * web.ecommerce anchor_event_ids, and every event whose web.ecommerce upsell_event_ids names it.
 */
export function anchorsByEvent(events: readonly { id: string; ecommerce: unknown }[]): Map<string, string[]> {
  const ids = (config: unknown, key: string): string[] => {
    const value = config && typeof config === "object" ? (config as Record<string, unknown>)[key] : undefined;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  };
  const out = new Map<string, Set<string>>(
    events.map((e) => [e.id, new Set(ids(e.ecommerce, "anchor_event_ids"))]),
  );
  for (const anchor of events) {
    for (const upsell of ids(anchor.ecommerce, "upsell_event_ids")) {
      const set = out.get(upsell) ?? new Set<string>();
      set.add(anchor.id);
      out.set(upsell, set);
    }
  }
  return new Map([...out].map(([id, set]) => [id, [...set]]));
}
