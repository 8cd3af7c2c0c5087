/**
 * Reserve screen query parameters of the date-first flow (spec §2, §5 "Date-first query"):
 * session (a session id, 'today' or 'next'), date (YYYY-MM-DD), reserve ('warn', 'strict', any
 * other truthy value gives 'true', else 'false') and quantity (comma list of ticket type id or name,
 * colon, count). Session and date together are an error. Error keys name tenant strings.
 */
import { isValidDate } from "./calendar.ts";

export type ReserveMode = "warn" | "strict" | "true" | "false";
export type ReserveQueryError =
  | "reserve.sessionAndDate"
  | "reserve.unavailableOnDate"
  | "reserve.sessionUnavailable"
  | "reserve.sessionNotFound"
  | "reserve.ticketTypesNotFound";

export interface QuantityEntry {
  /** A ticket type id or name, as written. */
  key: string;
  count: number;
}

export interface ReserveQuery {
  session: { kind: "id"; id: string } | { kind: "today" } | { kind: "next" } | undefined;
  date: string | undefined;
  reserve: ReserveMode;
  quantity: QuantityEntry[];
  errors: ReserveQueryError[];
}

const MAX_VALUE = 200;
const MAX_ENTRIES = 50;
const FALSY = new Set(["", "0", "false", "no", "off"]);

export function reserveMode(value: string | null): ReserveMode {
  const v = value?.trim().toLowerCase() ?? "";
  if (v === "warn" || v === "strict") return v;
  return FALSY.has(v) ? "false" : "true";
}

/** "adult:2,hm-ga-child:1" -> entries; malformed parts and counts are dropped. */
export function parseQuantityParam(value: string | null): QuantityEntry[] {
  if (!value) return [];
  const entries: QuantityEntry[] = [];
  for (const part of value.split(",").slice(0, MAX_ENTRIES)) {
    const at = part.lastIndexOf(":");
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const count = Number(part.slice(at + 1).trim());
    if (!key || key.length > MAX_VALUE || !Number.isInteger(count) || count < 0) continue;
    entries.push({ key, count });
  }
  return entries;
}

export function parseReserveQuery(params: URLSearchParams): ReserveQuery {
  const rawSession = params.get("session")?.trim() || undefined;
  const rawDate = params.get("date")?.trim() || undefined;
  const errors: ReserveQueryError[] = [];
  let session: ReserveQuery["session"];
  if (rawSession && rawSession.length <= MAX_VALUE) {
    session =
      rawSession === "today" || rawSession === "next" ? { kind: rawSession } : { kind: "id", id: rawSession };
  }
  let date = rawDate;
  if (date !== undefined && !isValidDate(date)) {
    errors.push("reserve.unavailableOnDate");
    date = undefined;
  }
  if (session && date) {
    // Session and date together are an error: neither is applied.
    errors.push("reserve.sessionAndDate");
    session = undefined;
    date = undefined;
  }
  return {
    session,
    date,
    reserve: reserveMode(params.get("reserve")),
    quantity: parseQuantityParam(params.get("quantity")),
    errors,
  };
}

/**
 * Matches quantity entries to ticket types by id, else by name (case-insensitive). Entries that
 * match nothing give ticketTypesNotFound; counts of the same type add up.
 */
export function resolveQuantities(
  entries: readonly QuantityEntry[],
  types: readonly { id: string; name: string }[],
): { quantities: Record<string, number>; error: ReserveQueryError | undefined } {
  const quantities: Record<string, number> = {};
  let unmatched = false;
  for (const entry of entries) {
    const key = entry.key.toLowerCase();
    const type = types.find((t) => t.id === entry.key) ?? types.find((t) => t.name.toLowerCase() === key);
    if (!type) {
      unmatched = true;
      continue;
    }
    quantities[type.id] = (quantities[type.id] ?? 0) + entry.count;
  }
  return { quantities, error: unmatched ? "reserve.ticketTypesNotFound" : undefined };
}

export interface QuerySession {
  id: string;
  /** venue-local date */
  date: string;
  soldOut: boolean;
}

/**
 * Picks the session the query asks for among the upcoming sessions (sorted by start): 'today' the
 * first open session on today's date, 'next' the first open one; an id must exist
 * (sessionNotFound) and be open (sessionUnavailable).
 */
export function pickQuerySession(
  wanted: NonNullable<ReserveQuery["session"]>,
  sessions: readonly QuerySession[],
  today: string,
): { session: QuerySession | undefined; error: ReserveQueryError | undefined } {
  if (wanted.kind === "id") {
    const found = sessions.find((s) => s.id === wanted.id);
    if (!found) return { session: undefined, error: "reserve.sessionNotFound" };
    if (found.soldOut) return { session: undefined, error: "reserve.sessionUnavailable" };
    return { session: found, error: undefined };
  }
  const open = sessions.filter((s) => !s.soldOut && (wanted.kind === "next" || s.date === today));
  const first = open[0];
  return first
    ? { session: first, error: undefined }
    : { session: undefined, error: "reserve.sessionUnavailable" };
}

/** A `date` value is usable only when the calendar offers it. */
export function checkQueryDate(
  date: string,
  days: readonly { date: string; status: string }[],
): ReserveQueryError | undefined {
  return days.some((d) => d.date === date && d.status === "available")
    ? undefined
    : "reserve.unavailableOnDate";
}

/** utm_* parameters for the cart's campaign (spec §3 "campaign (the query parameters)"). */
export function campaignParams(params: URLSearchParams): Record<string, string> {
  const campaign: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith("utm_") && key.length <= 100 && value.length <= 500) campaign[key] = value;
  }
  return campaign;
}
