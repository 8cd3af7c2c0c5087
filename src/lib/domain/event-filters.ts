/**
 * The event listing's filters (spec doc 1 §2, doc 2 §2): query parameters `category`, `date`
 * (all, today, tomorrow), `time.start` and `time.end` (HH:mm, in the tenant's time zone) and
 * metadata filters `meta.{key}={value}`. Any other parameter (a promo `code`, campaign tags) is
 * carried through every link untouched. Pure: the clock and time zone are arguments.
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_FILTERS = ["all", "today", "tomorrow"] as const;
type DateFilter = (typeof DATE_FILTERS)[number];
const META_PREFIX = "meta.";

const FILTER_KEYS = new Set(["category", "date", "time.start", "time.end"]);
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
const META_KEY = /^[A-Za-z0-9_]{1,64}$/;

export interface ListingFilters {
  category?: string;
  date: DateFilter;
  /** HH:mm */
  timeStart?: string;
  /** HH:mm; "24:00" means the end of the day */
  timeEnd?: string;
  metadata: Record<string, string>;
  /** Non-filter parameters, kept in every link. */
  passthrough: Array<[string, string]>;
}

function parseTime(value: string | null, allowEndOfDay: boolean): string | undefined {
  if (!value) return undefined;
  if (allowEndOfDay && value === "24:00") return value;
  const m = TIME.exec(value.trim());
  return m ? `${m[1]}:${m[2]}` : undefined;
}

export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const date = params.get("date");
  const category = params.get("category")?.trim();
  const filters: ListingFilters = {
    category: category ? category : undefined,
    date: (DATE_FILTERS as readonly string[]).includes(date ?? "") ? (date as DateFilter) : "all",
    timeStart: parseTime(params.get("time.start"), false),
    timeEnd: parseTime(params.get("time.end"), true),
    metadata: {},
    passthrough: [],
  };
  for (const [key, value] of params) {
    if (FILTER_KEYS.has(key)) continue;
    if (key.startsWith(META_PREFIX)) {
      const metaKey = key.slice(META_PREFIX.length);
      if (META_KEY.test(metaKey) && value.trim()) filters.metadata[metaKey] = value.trim();
      continue;
    }
    filters.passthrough.push([key, value]);
  }
  return filters;
}

export function hasMetadataFilters(filters: ListingFilters): boolean {
  return Object.keys(filters.metadata).length > 0;
}

export function hasActiveFilters(filters: ListingFilters): boolean {
  return Boolean(
    filters.category ||
      filters.date !== "all" ||
      filters.timeStart ||
      filters.timeEnd ||
      hasMetadataFilters(filters),
  );
}

/** The calendar day (YYYY-MM-DD, tenant time zone) the date filter selects; "all" uses today. */
function filterDay(filters: ListingFilters, tz: string, now: Date): string {
  const today = dayjs(now).tz(tz).startOf("day");
  return (filters.date === "tomorrow" ? today.add(1, "day") : today).format("YYYY-MM-DD");
}

function instant(day: string, time: string, tz: string): string {
  if (time === "24:00") return dayjs.tz(`${day} 00:00`, tz).add(1, "day").toISOString();
  return dayjs.tz(`${day} ${time}`, tz).toISOString();
}

/**
 * API query parameters for GET events/available. A day without a time window is `_ondate`; a time
 * window becomes `event_session.start_datetime._gte/_lt` instants on that day in the tenant time
 * zone. A time window with the date filter "all" applies to today (a time of day needs a day).
 * A window never starts before now: the listing offers what can still be booked, as the API's
 * `_ondate` does.
 */
export function buildEventQuery(filters: ListingFilters, tz: string, now: Date): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.category) query.category = filters.category;
  for (const [key, value] of Object.entries(filters.metadata)) query[`${META_PREFIX}${key}`] = value;
  const hasWindow = Boolean(filters.timeStart || filters.timeEnd);
  if (!hasWindow) {
    if (filters.date !== "all") query._ondate = filterDay(filters, tz, now);
    return query;
  }
  const day = filterDay(filters, tz, now);
  const start = instant(day, filters.timeStart ?? "00:00", tz);
  query["event_session.start_datetime._gte"] = new Date(
    Math.max(Date.parse(start), now.getTime()),
  ).toISOString();
  query["event_session.start_datetime._lt"] = instant(day, filters.timeEnd ?? "24:00", tz);
  return query;
}

/** Canonical query string of the filters (defaults omitted), passthrough parameters first. */
function filtersToParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams(filters.passthrough);
  if (filters.category) params.set("category", filters.category);
  if (filters.date !== "all") params.set("date", filters.date);
  if (filters.timeStart) params.set("time.start", filters.timeStart);
  if (filters.timeEnd) params.set("time.end", filters.timeEnd);
  for (const [key, value] of Object.entries(filters.metadata)) params.set(`${META_PREFIX}${key}`, value);
  return params;
}

export function listingUrl(base: string, filters: ListingFilters): string {
  const qs = filtersToParams(filters).toString();
  return qs ? `${base}?${qs}` : base;
}

/** The listing with another category (undefined: all categories), other filters kept. */
export function categoryUrl(base: string, filters: ListingFilters, category: string | undefined): string {
  return listingUrl(base, { ...filters, category });
}

/** 'See all': the same listing without metadata filters. */
export function seeAllUrl(base: string, filters: ListingFilters): string {
  return listingUrl(base, { ...filters, metadata: {} });
}

/** 'Clear filters': every filter removed; non-filter parameters kept. */
export function clearFiltersUrl(base: string, filters: ListingFilters): string {
  return listingUrl(base, { date: "all", metadata: {}, passthrough: filters.passthrough });
}

/** Server-side stand-in for "buttons wrap onto more than two rows": more than this many buttons. */
export const MAX_CATEGORY_BUTTONS = 6;

export interface CategoryOptions {
  categories: string[];
  /** An all-categories option only when more than one category exists. */
  showAll: boolean;
  display: "buttons" | "select" | "none";
  /** A category's label in the page's language, where an event gives one (the value stays the filter). */
  labels: Readonly<Record<string, string>>;
}

/** An event's category and, on a page in another language, its label there (`category_label`). */
type CategorizedEvent = { category: string | null | undefined; category_label?: string | undefined };

/** The labels the events give their categories in the page's language (the first event's wins). */
export function categoryLabels(events: readonly CategorizedEvent[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const e of events) if (e.category && e.category_label) labels[e.category] ??= e.category_label;
  return labels;
}

export function categoryOptions(
  eventCategories: Array<string | null | undefined>,
  labels: Readonly<Record<string, string>> = {},
): CategoryOptions {
  const categories = [...new Set(eventCategories.filter((c): c is string => Boolean(c?.trim())))];
  const showAll = categories.length > 1;
  const buttons = categories.length + (showAll ? 1 : 0);
  return {
    categories,
    showAll,
    display: categories.length === 0 ? "none" : buttons > MAX_CATEGORY_BUTTONS ? "select" : "buttons",
    labels,
  };
}
