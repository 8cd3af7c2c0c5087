/**
 * Calendar building: venue-local dates of sessions, calendar days with status and prices, and
 * calendar months (id YYYY-MM, name, weeks from the locale's first day: Sunday in English). Pure:
 * time zones via Intl only.
 */
import { minAvailable, sumAvailable } from "./availability.ts";
import { formatMonth, isEnglishLocale } from "./date-format.ts";
import { addOutsideFees } from "./money.ts";
import type { OutsideFees } from "./price-display.ts";

const partsCache = new Map<string, Intl.DateTimeFormat>();
function dtf(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export interface ZonedParts {
  date: string; // YYYY-MM-DD
  time: string; // HH:mm
  weekday: number; // 0 Sunday
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Parts already worked out, per time zone and instant: ICU's formatToParts is the costly step, and
 * a shop asks about the same few instants (its sessions' starts, their days) over and over. Bounded:
 * emptied when full.
 */
const knownParts = new Map<string, Readonly<ZonedParts>>();
const KNOWN_PARTS_MAX = 4096;

/** The wall-clock parts of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): Readonly<ZonedParts> {
  const key = `${timeZone}|${instant.getTime()}`;
  const known = knownParts.get(key);
  if (known) return known;
  const parts = computeZonedParts(instant, timeZone);
  if (knownParts.size >= KNOWN_PARTS_MAX) knownParts.clear();
  knownParts.set(key, parts);
  return parts;
}

function computeZonedParts(instant: Date, timeZone: string): Readonly<ZonedParts> {
  const parts: Record<string, string> = {};
  for (const p of dtf(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const pad = (n: number) => n.toString().padStart(2, "0");
  return Object.freeze({
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
    year,
    month,
    day,
    hour,
    minute,
    second: Number(parts.second),
  });
}

/** The venue-local date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  return zonedParts(instant, timeZone).date;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date YYYY-MM-DD (2026-02-30 is not). */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The UTC instant of local midnight starting `date` in a time zone (handles DST shifts). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`).getTime();
  let t = guess;
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(new Date(t), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const offset = asUtc - t;
    const next = guess - offset;
    if (next === t) break;
    t = next;
  }
  return new Date(t);
}

/** [start, end) instants covering local dates from..to inclusive. */
export function localDateRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(from, timeZone), end: startOfLocalDay(addDays(to, 1), timeZone) };
}

export interface CalendarSessionInput {
  start: Date;
  /** -1 unlimited */
  available: number;
  soldOut: boolean;
  /** Lowest price (minor units) of the selection on this session, if known. */
  minPrice?: number | null;
  /** Lowest price plus outside fees (minor units), over the same ticket types. */
  minPriceFees?: number | null;
  /** The price shown for the session: the primary ticket type's, else the lowest. */
  price?: number | null;
}

/** A ticket group's own availability (shared by all its sessions), for the extended format. */
export interface CalendarGroupInput {
  ticketGroupId: string;
  /** capacity + oversell - used of the group, -1 unlimited */
  available: number;
  soldOut: boolean;
}

export interface CalendarDayOut {
  date: string;
  /** The original API's set: a day without sessions on sale is "unreleased". */
  status: "available" | "sold_out" | "unreleased";
  available: number;
  min_price: number | null;
  min_price_fees: number | null;
  price: number | null;
  ticket_groups?: { ticket_group_id: string; available: number; sold_out: boolean }[];
}

/** A ticket type priced on one session: its amount for the session's tier and its outside fees. */
export interface PricedType {
  id: string;
  amount: number;
  fees: OutsideFees;
  /** Flexible prices (a min or a max) are never "from" prices. */
  flexible: boolean;
}

function lowest(values: readonly (number | null | undefined)[]): number | null {
  let best: number | null = null;
  for (const v of values) if (v != null && (best === null || v < best)) best = v;
  return best;
}

/**
 * The prices of one session over fixed-price types: the lowest price, the lowest price with outside
 * fees (each type with its own fees, so not necessarily the type cheapest before fees), and the
 * shown price: the primary ticket type's (web.price_display.primary_ticket_type_id) when it is
 * among the types, else the lowest.
 */
export function sessionPrices(
  types: readonly PricedType[],
  primaryTypeId?: string | null,
): { minPrice: number | null; minPriceFees: number | null; price: number | null } {
  const fixed = types.filter((t) => !t.flexible);
  const minPrice = lowest(fixed.map((t) => t.amount));
  const primary = primaryTypeId ? fixed.find((t) => t.id === primaryTypeId) : undefined;
  return {
    minPrice,
    minPriceFees: lowest(fixed.map((t) => addOutsideFees(t.amount, t.fees))),
    price: primary?.amount ?? minPrice,
  };
}

/**
 * One calendar day per local date from..to: available when a session has capacity, sold_out when
 * sessions exist but none has, other when there are no sessions (closed). Prices are the lowest of
 * the available sessions (or of all sessions when the day is sold out). In the extended format each
 * group's availability on a day is min(the group's own availability, the sum over the day's open
 * sessions): a group's capacity is shared by its sessions, so it counts once, not once per session.
 */
export function buildCalendarDays(
  sessions: CalendarSessionInput[],
  timeZone: string,
  from: string,
  to: string,
  options: { extended?: boolean; groups?: readonly CalendarGroupInput[] } = {},
): CalendarDayOut[] {
  const byDate = new Map<string, CalendarSessionInput[]>();
  for (const s of sessions) {
    const d = localDate(s.start, timeZone);
    const list = byDate.get(d);
    if (list) list.push(s);
    else byDate.set(d, [s]);
  }
  const days: CalendarDayOut[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const list = byDate.get(date) ?? [];
    const open = list.filter((s) => !s.soldOut);
    const priced = open.length > 0 ? open : list;
    const sessionsAvailable = open.length === 0 ? 0 : sumAvailable(open.map((s) => s.available));
    const day: CalendarDayOut = {
      date,
      status: list.length === 0 ? "unreleased" : open.length > 0 ? "available" : "sold_out",
      available: sessionsAvailable,
      min_price: lowest(priced.map((s) => s.minPrice)),
      min_price_fees: lowest(priced.map((s) => s.minPriceFees ?? s.minPrice)),
      price: lowest(priced.map((s) => s.price ?? s.minPrice)),
    };
    if (options.extended) {
      day.ticket_groups =
        list.length === 0
          ? []
          : (options.groups ?? []).map((g) => {
              const soldOut = g.soldOut || open.length === 0;
              return {
                ticket_group_id: g.ticketGroupId,
                available: soldOut ? 0 : minAvailable(g.available, sessionsAvailable),
                sold_out: soldOut,
              };
            });
    }
    days.push(day);
  }
  return days;
}

export interface CalendarMonth {
  id: string; // YYYY-MM
  name: string; // "November 2026"
  /** Weeks from the locale's first day (firstDayOfWeek); null pads days outside the month. */
  weeks: (string | null)[][];
}

/**
 * CLDR's first day of the week by region, for a runtime without Intl.Locale week info (0 Sunday,
 * 6 Saturday; Monday elsewhere): the regions Foyer's languages are written in.
 */
const FIRST_DAY_BY_REGION: Readonly<Record<string, number>> = {
  US: 0,
  CA: 0,
  MX: 0,
  BR: 0,
  PR: 0,
  CO: 0,
  PE: 0,
  VE: 0,
  GT: 0,
  HN: 0,
  SV: 0,
  NI: 0,
  PA: 0,
  DO: 0,
  PY: 0,
  IL: 0,
  SA: 0,
  YE: 0,
  JO: 0,
  PH: 0,
  JP: 0,
  IN: 0,
  AU: 0,
  KW: 6,
  AE: 6,
  BH: 6,
  QA: 6,
  OM: 6,
  EG: 6,
  IQ: 6,
  SY: 6,
  LY: 6,
  DZ: 6,
  SD: 6,
  AF: 6,
  IR: 6,
};

/** The region of a locale when it names one ("es-US" US, "ar-KW-u-nu-latn" KW). */
function regionOf(locale: string): string | undefined {
  return locale.split("-").find((part, i) => i > 0 && /^[A-Z]{2}$/.test(part));
}

/**
 * The first day of the week (0 Sunday … 6 Saturday): Sunday for every English locale (the spec's
 * calendar), else the locale's (Intl.Locale week info where the runtime has it, else CLDR's table):
 * es-US Sunday, cy-GB Monday, ar-KW Saturday.
 */
export function firstDayOfWeek(locale: string): number {
  if (isEnglishLocale(locale)) return 0;
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    // Intl numbers the days 1 Monday … 7 Sunday.
    if (firstDay !== undefined) return firstDay % 7;
  } catch {
    // An unusable locale falls through to the table.
  }
  const region = regionOf(locale);
  return (region ? FIRST_DAY_BY_REGION[region] : undefined) ?? 1;
}

const ENGLISH_WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

/**
 * The calendar's weekday header from the locale's first day: [short, full name] pairs. English keeps
 * the spec's "Su"…"Sa"; another language its own short and long names (Intl).
 */
export function weekdayHeaders(locale: string): (readonly [string, string])[] {
  const first = firstDayOfWeek(locale);
  const english = isEnglishLocale(locale);
  const short = english ? undefined : new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const long = english ? undefined : new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => {
    const day = (first + i) % 7;
    if (!short || !long) return ENGLISH_WEEKDAYS[day] as readonly [string, string];
    // 2023-01-01 was a Sunday.
    const date = new Date(Date.UTC(2023, 0, 1 + day));
    return [short.format(date), long.format(date)] as const;
  });
}

/** Calendar months covering from..to (YYYY-MM-DD), weeks from the locale's first day. */
export function calendarMonths(from: string, to: string, locale = "en-US"): CalendarMonth[] {
  const firstDay = firstDayOfWeek(locale);
  if (!isValidDate(from) || !isValidDate(to)) throw new RangeError("calendarMonths needs YYYY-MM-DD dates");
  const months: CalendarMonth[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endId = to.slice(0, 7);
  for (;;) {
    const id = `${y}-${m.toString().padStart(2, "0")}`;
    if (id > endId) break;
    const first = new Date(Date.UTC(y, m - 1, 1));
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const weeks: (string | null)[][] = [];
    let week: (string | null)[] = Array.from({ length: (first.getUTCDay() - firstDay + 7) % 7 }, () => null);
    for (let d = 1; d <= daysInMonth; d++) {
      week.push(`${id}-${d.toString().padStart(2, "0")}`);
      if (week.length === 7) {
        weeks.push(week);
        week = [];
      }
    }
    if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
    months.push({ id, name: formatMonth(id, locale), weeks });
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** Spec §9 calendar keyboard: up and down move 7 days, left and right 1 day (Enter selects). */
export const CALENDAR_KEY_STEPS: Readonly<Record<string, number>> = {
  ArrowUp: -7,
  ArrowDown: 7,
  ArrowLeft: -1,
  ArrowRight: 1,
};

/**
 * The date a calendar key moves focus to, kept within [first, last]; undefined for other keys.
 * Left and right follow what the eye sees: a right-to-left page lays the week out from the right,
 * so there ArrowLeft is the next day and ArrowRight the day before (the WAI-ARIA grid pattern).
 */
export function moveCalendarFocus(
  date: string,
  key: string,
  first: string,
  last: string,
  direction: "ltr" | "rtl" = "ltr",
): string | undefined {
  const step = CALENDAR_KEY_STEPS[key];
  if (step === undefined) return undefined;
  const mirrored = direction === "rtl" && (key === "ArrowLeft" || key === "ArrowRight");
  const next = addDays(date, mirrored ? -step : step);
  if (next < first) return first;
  if (next > last) return last;
  return next;
}

/** 0 Sunday ... 6 Saturday of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
