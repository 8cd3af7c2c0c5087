/**
 * A sold-out session's waiting list, as pure rules (the service and the pages ask these):
 * - places that come back go to the list first, in the order people joined: the first entries
 *   whose party fits the places free, in turn (an entry too large for what came back keeps its
 *   place and waits for more; the entries after it are not held up by it);
 * - an offer holds its places for the tenant's time (24 hours by default), shorter on the day of
 *   the session, and never past the session's start;
 * - the list closes when the session starts;
 * - a shopper sees their place ("You are 4th") and that it is not a guarantee.
 */
import { localDate } from "../calendar.ts";

/** The most tickets one entry may wait for. */
export const WAITING_LIST_MAX_PARTY = 10;

export const DEFAULT_OFFER_HOURS = 24;
/** On the day of the session an offer holds for this long at most. */
export const DEFAULT_SAME_DAY_OFFER_MINUTES = 120;

export interface OfferSettings {
  offerHours: number;
  sameDayOfferMinutes: number;
}

export const DEFAULT_OFFER_SETTINGS: OfferSettings = {
  offerHours: DEFAULT_OFFER_HOURS,
  sameDayOfferMinutes: DEFAULT_SAME_DAY_OFFER_MINUTES,
};

/** When an offer made now stops holding its places. */
export function offerExpiresAt(
  now: Date,
  sessionStart: Date,
  timeZone: string,
  settings: OfferSettings = DEFAULT_OFFER_SETTINGS,
): Date {
  const sameDay = localDate(now, timeZone) === localDate(sessionStart, timeZone);
  const hold = sameDay
    ? Math.min(settings.offerHours * 60, settings.sameDayOfferMinutes) * 60_000
    : settings.offerHours * 3_600_000;
  return new Date(Math.min(now.getTime() + hold, sessionStart.getTime()));
}

/** Whether people may still join, and offers still be made: until the session starts. */
export function isListOpen(now: Date, sessionStart: Date): boolean {
  return now.getTime() < sessionStart.getTime();
}

export interface WaitingEntry {
  id: string;
  /** How many tickets the entry wants. */
  quantity: number;
  joinedAt: Date;
}

/** The entries in the order people joined (ties by id, so every server reads the same line). */
export function inLineOrder<E extends WaitingEntry>(waiting: readonly E[]): E[] {
  return [...waiting].sort(
    (a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * Which waiting entries get an offer when `freePlaces` come back: in the order people joined
 * (ties by id), each entry whose party fits what is still free. Answers the entries offered, in
 * order, and the places left over for the public (only when nobody waiting fits them).
 */
export function nextOffers<E extends WaitingEntry>(
  waiting: readonly E[],
  freePlaces: number,
): { offered: E[]; leftOver: number } {
  const inLine = inLineOrder(waiting);
  let free = Math.max(0, freePlaces);
  const offered: E[] = [];
  for (const entry of inLine) {
    if (free <= 0) break;
    if (entry.quantity <= free) {
      offered.push(entry);
      free -= entry.quantity;
    }
  }
  return { offered, leftOver: free };
}

/** An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** A shopper's place in the line: 1-based, counting only the entries still waiting before theirs. */
export function positionOf<E extends WaitingEntry>(waiting: readonly E[], entryId: string): number | null {
  const inLine = inLineOrder(waiting);
  const at = inLine.findIndex((e) => e.id === entryId);
  return at < 0 ? null : at + 1;
}

/** Whether the tenant's setting (`web.waiting_list.events`; `["*"]` is every event) keeps a list for an event. */
export function listIsOn(events: readonly string[], eventId: string): boolean {
  return events.includes("*") || events.includes(eventId);
}

/** The ticket groups a waiting list takes: dated tickets, seated or not (not passes, memberships, gifts). */
export const WAITING_LIST_HANDLERS: readonly string[] = ["tickets", "seated"];
