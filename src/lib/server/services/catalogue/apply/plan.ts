/**
 * What applying a catalogue changes, worked out from the rows the files describe, the rows the
 * database holds and what has been sold: pure, so every rule is tested without a database.
 *
 * The rules, in the words a venue reads them:
 * - Applying the same files twice changes nothing.
 * - Something the files no longer describe is retired (no longer sold) and never deleted when
 *   tickets point at it, held or sold. An event, a ticket group and a ticket type are always
 *   retired; a session with no ticket at all is removed; a seat with no booking is removed.
 * - A session's capacity never goes below what is sold and held: the apply is refused and the
 *   refusal names the session.
 * - A new price is for new sales only: a ticket keeps the price it was sold at.
 * - Removing a session (a day, an hour) that has sold tickets is refused, listing the orders.
 * - What the shop itself changes is never undone: a code's uses, a gift card's balance, a
 *   session an operator closed, a capacity staff set for one session (it differs from the
 *   capacity the schedule gave at the last apply). A gift card already in the shop keeps its balance; a code whose
 *   dates are written relative to today keeps the dates it got on its first apply.
 * - Only the sessions of the events in the files, from today to each event's horizon, are
 *   compared: past sessions are history and never touched.
 */
import { localDate } from "../../../../domain/calendar.ts";
import type { PlannedSession } from "../../../../domain/schedule/sessions.ts";
import type {
  CatalogueRows,
  CodeRow,
  ConfigRow,
  EventRow,
  GroupRow,
  LedgerRow,
  MembershipRuleRow,
  MessageRuleRow,
  MetaRow,
  SeatMapRow,
  SeatRow,
  SellerRow,
  TypeRow,
  VenueRow,
} from "./rows.ts";

/** A session row as the database holds it. */
export interface CurrentSession {
  id: string;
  eventTemplateId: string;
  startDatetime: Date;
  endDatetime: Date;
  capacity: number;
  /** The schedule's capacity at the last apply; null on sessions written before it was kept. */
  plannedCapacity: number | null;
  usedCapacity: number;
  priceTier: string | null;
  retiredAt: Date | null;
}

type Retirable = { retiredAt?: Date | null };

/** The tenant's rows in the database (sessions from the start of today only). */
export interface CurrentRows {
  seller: SellerRow | null;
  venues: VenueRow[];
  events: (EventRow & Retirable)[];
  metas: MetaRow[];
  configs: ConfigRow[];
  groups: (GroupRow & Retirable)[];
  types: (TypeRow & Retirable)[];
  messageRules: MessageRuleRow[];
  membershipRules: MembershipRuleRow[];
  codes: CodeRow[];
  ledgers: LedgerRow[];
  seatMaps: SeatMapRow[];
  seats: SeatRow[];
  sessions: CurrentSession[];
}

/** What has been sold or held, as far as the rules need it. */
export interface SalesFacts {
  /** Any ticket of the seller at all (the currency can no longer change). */
  anySale: boolean;
  /** Per session with tickets: the numbers of the orders with sold tickets, and held tickets. */
  sessionTickets: Map<string, { orders: string[]; held: number; any: boolean }>;
  /** Seats booked or held in some session. */
  takenSeats: Set<string>;
}

export type ChangeKind = "added" | "changed" | "retired" | "removed";

export interface CatalogueChange {
  kind: ChangeKind;
  /** "event", "ticket type", "session" … */
  what: string;
  id: string;
  /** Words for a person: a name, what changed. */
  detail: string;
}

export interface TableWrites<R> {
  insert: R[];
  update: { id: string; set: Partial<R> }[];
  remove: string[];
}

export interface ApplyPlan {
  changes: CatalogueChange[];
  refusals: string[];
  seller: { insert: SellerRow | null; update: Partial<SellerRow> | null };
  venues: TableWrites<VenueRow>;
  events: TableWrites<EventRow & Retirable>;
  metas: TableWrites<MetaRow>;
  configs: TableWrites<ConfigRow>;
  groups: TableWrites<GroupRow & Retirable>;
  types: TableWrites<TypeRow & Retirable>;
  messageRules: TableWrites<MessageRuleRow>;
  membershipRules: TableWrites<MembershipRuleRow>;
  codes: TableWrites<CodeRow>;
  ledgers: TableWrites<LedgerRow>;
  seatMaps: TableWrites<SeatMapRow>;
  seats: TableWrites<SeatRow>;
  sessions: TableWrites<CurrentSession> & {
    /** New capacities: applied only while what is used still fits (a sale may come between). */
    capacity: { id: string; capacity: number }[];
  };
}

export interface PlanOptions {
  now: Date;
  timezone: string;
  currency: string;
  /** The last day each event's sessions are planned for (exclusive), by event id. */
  horizonEnd: Map<string, Date>;
  formatMoney: (minor: number) => string;
}

/** Two stored values are the same: null and undefined alike, dates by instant, JSON by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  }
  if (typeof a === "object" || typeof b === "object") return stableJson(a) === stableJson(b);
  return a === b;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The fields of `desired` that differ from `current` (ids and the seller never differ). */
function differences<R extends object>(desired: R, current: R, ignore: readonly string[] = []): Partial<R> {
  const set: Partial<R> = {};
  for (const [key, value] of Object.entries(desired)) {
    if (key === "id" || key === "sellerId" || ignore.includes(key)) continue;
    if (!sameValue(value, (current as Record<string, unknown>)[key])) {
      (set as Record<string, unknown>)[key] = value ?? null;
    }
  }
  return set;
}

function emptyWrites<R>(): TableWrites<R> {
  return { insert: [], update: [], remove: [] };
}

const byId = <R extends { id?: string }>(rows: readonly R[]) => new Map(rows.map((r) => [r.id ?? "", r]));

/** Plain words for the fields a venue changes most. */
const FIELD_WORDS: Record<string, string> = {
  currencyAmount: "price",
  currencyAmountMin: "lowest price",
  currencyAmountMax: "highest price",
  feeFixedOutside: "fee",
  feePercentOutside: "fee percentage",
  tierAmounts: "tier prices",
  maxTicketsPerOrder: "most per order",
  minTicketsPerOrder: "least per order",
  hiddenType: "visibility",
  retiredAt: "back on sale",
};

function describeFields(set: object): string {
  return Object.keys(set)
    .map((k) => FIELD_WORDS[k] ?? k.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`))
    .join(", ");
}

export function planApply(
  desired: CatalogueRows,
  current: CurrentRows,
  sales: SalesFacts,
  options: PlanOptions,
): ApplyPlan {
  const changes: CatalogueChange[] = [];
  const refusals: string[] = [];
  const note = (kind: ChangeKind, what: string, id: string, detail = "") => {
    changes.push({ kind, what, id, detail });
  };

  // The seller: its currency is fixed once something is sold (every price and payment is in it).
  const seller: ApplyPlan["seller"] = { insert: null, update: null };
  if (!current.seller) {
    seller.insert = desired.seller;
    note("added", "tenant", desired.seller.id, `${desired.seller.name} (${desired.seller.currencyCode})`);
  } else {
    const set = differences(desired.seller, current.seller);
    if (set.currencyCode !== undefined && sales.anySale) {
      refusals.push(
        `The currency cannot change from ${current.seller.currencyCode} to ${desired.seller.currencyCode}: tickets have been sold in ${current.seller.currencyCode}.`,
      );
    }
    if (Object.keys(set).length > 0) {
      seller.update = set;
      note("changed", "tenant", desired.seller.id, describeFields(set));
    }
  }

  /** Insert new rows, update changed ones; what is left over is returned for the caller's rule. */
  const upsert = <R extends { id?: string }>(
    what: string,
    wanted: readonly R[],
    have: readonly R[],
    label: (r: R) => string,
    options: { ignore?: readonly string[]; quiet?: boolean } = {},
  ): { writes: TableWrites<R>; leftOver: R[] } => {
    const writes = emptyWrites<R>();
    const existing = byId(have);
    for (const row of wanted) {
      const id = row.id ?? "";
      const old = existing.get(id);
      if (!old) {
        writes.insert.push(row);
        if (!options.quiet) note("added", what, id, label(row));
        continue;
      }
      const set = differences(row, old, options.ignore);
      const retired = (old as Retirable).retiredAt;
      if (retired) (set as Retirable).retiredAt = null;
      if (Object.keys(set).length > 0) {
        writes.update.push({ id, set });
        if (!options.quiet) note("changed", what, id, `${label(row)}: ${describeFields(set)}`);
      }
    }
    const wantedIds = new Set(wanted.map((r) => r.id));
    return { writes, leftOver: have.filter((r) => !wantedIds.has(r.id)) };
  };

  /** Rows no longer described are retired (once): nothing that was sold loses its event or price. */
  const retire = <R extends { id?: string } & Retirable>(
    what: string,
    table: TableWrites<R>,
    leftOver: R[],
    label: (r: R) => string,
  ) => {
    for (const row of leftOver) {
      if (row.retiredAt) continue;
      table.update.push({ id: row.id ?? "", set: { retiredAt: options.now } as Partial<R> });
      note("retired", what, row.id ?? "", label(row));
    }
  };

  /** Rows no longer described that nothing points at: removed. */
  const removeAll = <R extends { id?: string }>(
    what: string,
    table: TableWrites<R>,
    leftOver: R[],
    label: (r: R) => string,
    quiet = false,
  ) => {
    for (const row of leftOver) {
      table.remove.push(row.id ?? "");
      if (!quiet) note("removed", what, row.id ?? "", label(row));
    }
  };

  const venues = upsert("venue", desired.venues, current.venues, (v) => v.name);
  // A venue may still be the place of a retired event: it stays.
  const eventVenues = new Set(current.events.map((e) => e.venueId));
  removeAll(
    "venue",
    venues.writes,
    venues.leftOver.filter((v) => !eventVenues.has(v.id ?? "")),
    (v) => v.name,
  );

  const events = upsert("event", desired.events, current.events, (e) => e.name);
  retire("event", events.writes, events.leftOver, (e) => e.name);
  const groups = upsert("ticket group", desired.groups, current.groups, (g) => g.name);
  retire("ticket group", groups.writes, groups.leftOver, (g) => g.name);

  const typeLabel = (t: TypeRow) => `${t.name} (${options.formatMoney(t.currencyAmount)})`;
  const types = upsert("ticket type", desired.types, current.types, typeLabel);
  for (const u of types.writes.update) {
    const old = current.types.find((t) => t.id === u.id);
    if (old && u.set.currencyAmount !== undefined) {
      const change = changes.find((c) => c.what === "ticket type" && c.id === u.id);
      if (change) {
        change.detail = `${old.name}: price ${options.formatMoney(old.currencyAmount)} → ${options.formatMoney(u.set.currencyAmount ?? 0)} for new sales`;
      }
    }
  }
  retire("ticket type", types.writes, types.leftOver, typeLabel);

  // Metas and configs of what the files describe; those of retired rows stay with them.
  const described = new Set([
    desired.seller.id,
    ...desired.events.map((e) => e.id),
    ...desired.groups.map((g) => g.id),
    ...desired.types.map((t) => t.id),
  ]);
  const metas = upsert("settings", desired.metas, current.metas, (m) => `${m.resource} ${m.resourceId}`, {
    quiet: true,
  });
  removeAll(
    "settings",
    metas.writes,
    metas.leftOver.filter((m) => described.has(m.resourceId)),
    () => "",
    true,
  );
  const configs = upsert("settings", desired.configs, current.configs, (c) => c.key, { quiet: true });
  removeAll(
    "settings",
    configs.writes,
    configs.leftOver.filter((c) => described.has(c.resourceId)),
    () => "",
    true,
  );
  const settingsChanged =
    metas.writes.insert.length +
    metas.writes.update.length +
    metas.writes.remove.length +
    configs.writes.insert.length +
    configs.writes.update.length +
    configs.writes.remove.length;
  if (settingsChanged > 0 && current.seller) {
    note(
      "changed",
      "settings",
      desired.seller.id,
      `${settingsChanged} settings (pictures, flows, pads, pages)`,
    );
  }

  const ruleLabel = (r: MessageRuleRow) => Object.values(r.actions).join(" / ");
  const messageRules = upsert("message rule", desired.messageRules, current.messageRules, ruleLabel);
  removeAll("message rule", messageRules.writes, messageRules.leftOver, ruleLabel);

  const roleLabel = (r: MembershipRuleRow) => `${r.ticketTypeId}: ${r.partyRole}`;
  const membershipRules = upsert(
    "membership role",
    desired.membershipRules,
    current.membershipRules,
    roleLabel,
  );
  const describedTypes = new Set(desired.types.map((t) => t.id));
  removeAll(
    "membership role",
    membershipRules.writes,
    membershipRules.leftOver.filter((r) => describedTypes.has(r.ticketTypeId)),
    roleLabel,
  );

  const codes = planCodes(desired, current, options.now, note);
  const ledgers = planGiftCards(desired, current, note);

  const seatMaps = upsert("seat map", desired.seatMaps, current.seatMaps, (m) => m.id ?? "");
  const seatLabel = (s: SeatRow) => `seat ${s.name} of ${s.seatMapId}`;
  const seats = upsert("seat", desired.seats, current.seats, seatLabel, { quiet: true });
  summarize(note, "seat", seats.writes, seatLabel);
  for (const seat of seats.leftOver) {
    if (sales.takenSeats.has(seat.id ?? "")) {
      if (!seat.unavailable) {
        seats.writes.update.push({ id: seat.id ?? "", set: { unavailable: true } });
        note(
          "retired",
          "seat",
          seat.id ?? "",
          `${seatLabel(seat)} (booked in a session: kept, no longer sold)`,
        );
      }
    } else {
      seats.writes.remove.push(seat.id ?? "");
      note("removed", "seat", seat.id ?? "", seatLabel(seat));
    }
  }

  const sessions = planSessions(desired, current, sales, options, note, refusals);

  return {
    changes,
    refusals,
    seller,
    venues: venues.writes,
    events: events.writes,
    metas: metas.writes,
    configs: configs.writes,
    groups: groups.writes,
    types: types.writes,
    messageRules: messageRules.writes,
    membershipRules: membershipRules.writes,
    codes,
    ledgers,
    seatMaps: seatMaps.writes,
    seats: seats.writes,
    sessions,
  };
}

type Note = (kind: ChangeKind, what: string, id: string, detail?: string) => void;

/** Many rows of one kind (seats) are told as a count. */
function summarize<R>(note: Note, what: string, writes: TableWrites<R>, label: (r: R) => string) {
  if (writes.insert.length === 1) note("added", what, "", label(writes.insert[0] as R));
  else if (writes.insert.length > 1) note("added", `${what}s`, "", `${writes.insert.length}`);
  if (writes.update.length > 0) note("changed", `${what}s`, "", `${writes.update.length}`);
}

function planCodes(
  desired: CatalogueRows,
  current: CurrentRows,
  now: Date,
  note: Note,
): TableWrites<CodeRow> {
  const writes = emptyWrites<CodeRow>();
  const have = new Map(current.codes.map((c) => [c.code, c]));
  for (const row of desired.codes) {
    const old = have.get(row.code);
    if (!old) {
      writes.insert.push(row);
      note("added", "code", row.code, row.description ?? "");
      continue;
    }
    const ignore = desired.relativeCodes.has(row.code) ? ["validFrom", "validTo"] : [];
    const set = differences(row, old, ignore);
    if (Object.keys(set).length > 0) {
      writes.update.push({ id: old.id ?? "", set });
      note("changed", "code", row.code, describeFields(set));
    }
  }
  // A code the files no longer have ends now; codes the shop issued itself (a gift of membership
  // bought in the shop) were never in the files and are left alone.
  const wanted = new Set(desired.codes.map((c) => c.code));
  for (const old of current.codes) {
    if (wanted.has(old.code) || old.sourceOrderId) continue;
    if (old.validTo && old.validTo.getTime() <= now.getTime()) continue;
    writes.update.push({ id: old.id ?? "", set: { validTo: now } });
    note("retired", "code", old.code, "no longer accepted");
  }
  return writes;
}

function planGiftCards(desired: CatalogueRows, current: CurrentRows, note: Note): TableWrites<LedgerRow> {
  const writes = emptyWrites<LedgerRow>();
  const have = new Map(current.ledgers.map((l) => [`${l.type} ${l.number}`, l]));
  for (const row of desired.ledgers) {
    const old = have.get(`${row.type} ${row.number}`);
    if (!old) {
      writes.insert.push(row);
      note("added", "gift card", row.number, "");
    } else if (old.state !== row.state) {
      // The balance is the shop's (cards are spent); only activating or blocking comes from files.
      writes.update.push({ id: old.id ?? "", set: { state: row.state } });
      note("changed", "gift card", row.number, row.state === "active" ? "activated" : "blocked");
    }
  }
  return writes;
}

function planSessions(
  desired: CatalogueRows,
  current: CurrentRows,
  sales: SalesFacts,
  options: PlanOptions,
  note: Note,
  refusals: string[],
): ApplyPlan["sessions"] {
  const writes: ApplyPlan["sessions"] = { ...emptyWrites<CurrentSession>(), capacity: [] };
  const eventName = new Map(desired.events.map((e) => [e.id, e.name]));
  const when = (start: Date) => {
    const parts = new Intl.DateTimeFormat("en-GB", {
      timeZone: options.timezone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(start);
    return `${localDate(start, options.timezone)} ${parts}`;
  };
  const sessionLabel = (eventId: string, start: Date) =>
    `${eventName.get(eventId) ?? eventId}, ${when(start)}`;
  const have = byId(current.sessions);
  const added = new Map<string, PlannedSession[]>();

  for (const planned of desired.sessions) {
    const old = have.get(planned.id);
    if (!old) {
      writes.insert.push({
        id: planned.id,
        eventTemplateId: planned.eventId,
        startDatetime: planned.start,
        endDatetime: planned.end,
        capacity: planned.capacity,
        plannedCapacity: planned.capacity,
        usedCapacity: 0,
        priceTier: planned.priceTier,
        retiredAt: null,
      });
      added.set(planned.eventId, [...(added.get(planned.eventId) ?? []), planned]);
      continue;
    }
    const set: Partial<CurrentSession> = {};
    if (old.endDatetime.getTime() !== planned.end.getTime()) set.endDatetime = planned.end;
    if ((old.priceTier ?? null) !== planned.priceTier) set.priceTier = planned.priceTier;
    if (old.retiredAt) set.retiredAt = null;
    const parts: string[] = Object.keys(set).map((k) =>
      k === "endDatetime" ? "length" : k === "priceTier" ? "price tier" : "back on sale",
    );
    if (old.plannedCapacity === null && old.capacity === planned.capacity)
      set.plannedCapacity = planned.capacity;
    const lastPlanned = old.plannedCapacity ?? old.capacity;
    const staffSet = old.capacity !== lastPlanned;
    if (staffSet && planned.capacity !== lastPlanned) {
      // The schedule changed, but staff set this session's capacity: theirs stays.
      set.plannedCapacity = planned.capacity;
      parts.push(
        `capacity kept at ${old.capacity} (set by staff; the schedule now says ${planned.capacity})`,
      );
    } else if (!staffSet && old.capacity !== planned.capacity) {
      // -1 is unlimited: anything fits.
      const fits = planned.capacity < 0 || old.usedCapacity <= planned.capacity;
      if (!fits) {
        refusals.push(
          `Session ${planned.id} (${sessionLabel(planned.eventId, planned.start)}): the schedule gives ${planned.capacity} places, but ${old.usedCapacity} are already sold or held. Give it at least ${old.usedCapacity}.`,
        );
      } else {
        writes.capacity.push({ id: old.id, capacity: planned.capacity });
        parts.push(`capacity ${old.capacity} → ${planned.capacity}`);
      }
    }
    if (Object.keys(set).length > 0) writes.update.push({ id: old.id, set });
    if (parts.length > 0)
      note(
        "changed",
        "session",
        old.id,
        `${sessionLabel(planned.eventId, planned.start)}: ${parts.join(", ")}`,
      );
  }
  for (const [eventId, list] of added) {
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) continue;
    const range = list.length === 1 ? when(first.start) : `${when(first.start)} to ${when(last.start)}`;
    note(
      "added",
      list.length === 1 ? "session" : `${list.length} sessions`,
      eventId,
      `${eventName.get(eventId) ?? eventId}, ${range}`,
    );
  }

  // Sessions of the described events, from today to the horizon, that the schedules no longer plan.
  const planned = new Set(desired.sessions.map((s) => s.id));
  const describedEvents = new Set(desired.events.map((e) => e.id));
  for (const old of current.sessions) {
    if (planned.has(old.id) || !describedEvents.has(old.eventTemplateId)) continue;
    const end = options.horizonEnd.get(old.eventTemplateId);
    if (end && old.startDatetime.getTime() >= end.getTime()) continue;
    // Today's sessions that already started are history too.
    if (old.startDatetime.getTime() < options.now.getTime()) continue;
    const tickets = sales.sessionTickets.get(old.id);
    const label = sessionLabel(old.eventTemplateId, old.startDatetime);
    if (tickets && tickets.orders.length > 0) {
      refusals.push(
        `Session ${old.id} (${label}) is no longer in the schedule, but it has sold tickets: order${tickets.orders.length === 1 ? "" : "s"} ${tickets.orders.join(", ")}. Keep it in the schedule, or move or refund those orders first.`,
      );
    } else if (tickets?.any) {
      if (!old.retiredAt) {
        writes.update.push({ id: old.id, set: { retiredAt: options.now } });
        note("retired", "session", old.id, `${label} (tickets held in a cart: kept, no longer sold)`);
      }
    } else {
      writes.remove.push(old.id);
      note("removed", "session", old.id, label);
    }
  }
  return writes;
}
