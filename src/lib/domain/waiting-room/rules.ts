/**
 * The on-sale waiting room's rules, pure. A room guards some events (or all of a tenant's) from
 * its on-sale time: everyone who arrives before it gets a random place at that moment (their
 * random key, drawn on arrival, never shown), so hammering refresh gains nothing; those who come
 * later queue in the order they arrived. Shoppers are let in at a rate (per minute), or as places
 * in the shop free up (at most so many at once), and may stay a set time once admitted.
 */

export interface RoomSettings {
  /** The moment the sale opens. */
  onSaleAt: Date;
  /** Shoppers let in per minute; null when only `maxInShop` limits. */
  ratePerMinute: number | null;
  /** Shoppers in the shop at once; null when only the rate limits. */
  maxInShop: number | null;
  /** How long an admitted shopper may stay, in minutes. */
  stayMinutes: number;
}

export interface RoomConfig extends RoomSettings {
  /** The events it guards; ["*"]: every event of the tenant. */
  events: readonly string[];
}

/** The room guarding an event: one naming the event wins over one for every event. */
export function roomFor<R extends Pick<RoomConfig, "events">>(
  rooms: readonly R[],
  eventId: string,
): R | undefined {
  return rooms.find((r) => r.events.includes(eventId)) ?? rooms.find((r) => r.events.includes("*"));
}

/** A room's key: which events it guards (stable while the file names the same events). */
export function roomKey(room: Pick<RoomConfig, "events">): string {
  return [...room.events].sort().join(",");
}

export function beforeOnSale(now: Date, room: Pick<RoomSettings, "onSaleAt">): boolean {
  return now.getTime() < room.onSaleAt.getTime();
}

export interface LineVisitor {
  id: string;
  arrivedAt: Date;
  /** Drawn on arrival; orders those who came before the on-sale. */
  randomKey: string;
}

/**
 * The order of the line: everyone who arrived before the on-sale by their random key, then the
 * later ones by arrival (ties by id).
 */
export function compareInLine(onSaleAt: Date, a: LineVisitor, b: LineVisitor): number {
  const early = (v: LineVisitor) => v.arrivedAt.getTime() < onSaleAt.getTime();
  if (early(a) !== early(b)) return early(a) ? -1 : 1;
  if (early(a)) return a.randomKey < b.randomKey ? -1 : a.randomKey > b.randomKey ? 1 : 0;
  return a.arrivedAt.getTime() - b.arrivedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface AdmissionState {
  paused: boolean;
  /** Fractional admissions earned but not yet given (the rate's remainder between passes). */
  credit: number;
  /** When credit was last counted. */
  countedAt: Date;
  /** Admitted shoppers still within their stay. */
  inShop: number;
}

/** At most this many seconds of the rate are saved up while nobody waits (a burst's ceiling). */
export const MAX_CREDIT_SECONDS = 10;

/**
 * How many to let in now, and the credit left: the rate's share of the time since the last count
 * (never before the on-sale, never while paused), limited by the room left in the shop.
 */
export function admissionsDue(
  room: RoomSettings,
  state: AdmissionState,
  now: Date,
  waiting: number,
): { admit: number; credit: number } {
  if (state.paused || beforeOnSale(now, room) || waiting <= 0) {
    return { admit: 0, credit: state.paused || beforeOnSale(now, room) ? 0 : Math.min(state.credit, 1) };
  }
  let credit = state.credit;
  let admit = waiting;
  if (room.ratePerMinute !== null) {
    const from = Math.max(state.countedAt.getTime(), room.onSaleAt.getTime());
    const seconds = Math.max(0, (now.getTime() - from) / 1000);
    const perSecond = room.ratePerMinute / 60;
    credit = Math.min(credit + seconds * perSecond, Math.max(1, perSecond * MAX_CREDIT_SECONDS));
    admit = Math.min(admit, Math.floor(credit));
  }
  if (room.maxInShop !== null) admit = Math.min(admit, Math.max(0, room.maxInShop - state.inShop));
  admit = Math.max(0, admit);
  return { admit, credit: room.ratePerMinute !== null ? credit - admit : 0 };
}

/**
 * An honest estimate of the wait, in seconds, for the n-th in line: at the rate; with only a cap
 * on the shop, a stay per shop's worth ahead. Null when it can't be told (paused).
 */
export function waitEstimateSeconds(room: RoomSettings, position: number, paused: boolean): number | null {
  if (paused) return null;
  if (room.ratePerMinute !== null && room.ratePerMinute > 0)
    return Math.ceil((position / room.ratePerMinute) * 60);
  if (room.maxInShop !== null && room.maxInShop > 0) {
    return Math.ceil(position / room.maxInShop) * room.stayMinutes * 60;
  }
  return 0;
}
