/**
 * Parses a raw query string (every key may repeat) against a resource definition. Anything not
 * understood is a 400 validation_failed: unknown parameters and filter fields are never ignored.
 */
import { isValidDate } from "../../../domain/calendar.ts";
import { ownValue } from "../../../domain/own-property.ts";
import { validationFailed } from "../../errors/api-error.ts";
import type {
  FieldKind,
  Filter,
  FilterOp,
  FilterValue,
  ParsedQuery,
  ResourceDef,
} from "../../services/catalogue/query-types.ts";

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
const MAX_OFFSET = 1_000_000;
const MAX_VALUE_LENGTH = 2000;
const MAX_IN_VALUES = 1000;
const MAX_EMBED_DEPTH = 2;

const OPS: Record<string, FilterOp> = {
  _in: "in",
  _gte: "gte",
  _gt: "gt",
  _lte: "lte",
  _lt: "lt",
  _prefix: "prefix",
};
const RESERVED = ["_seller", "_embed", "_limit", "_offset", "_sort"] as const;
/**
 * Underscore parameters of the API family that existing clients send where they mean nothing here
 * (DESIGN §3): accepted and ignored on every query route. Anything else unknown stays a 400.
 */
export const IGNORED_FAMILY_PARAMS: readonly string[] = ["_withmemberevents"];

const ISO_DATETIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export type RawQuery = Record<string, string[]>;

/**
 * The call's language (`_lang`, request-language.ts): every route takes it, since the browser's
 * client adds it to every call on a page in a language other than the default.
 */
const LANGUAGE_PARAM = "_lang";

/** Any key of `raw` not in `allowed` is a 400 validation_failed (DESIGN §3: never silently ignored). */
export function rejectUnknownKeys(raw: RawQuery, allowed: Iterable<string>): void {
  const known = new Set(allowed);
  known.add(LANGUAGE_PARAM);
  const unknown = Object.keys(raw).find((k) => !known.has(k));
  if (unknown !== undefined)
    throw validationFailed(`Unknown query parameter "${unknown}".`, { field: unknown });
}

/** Hono's c.req.queries() minus nothing: one entry per key, every value. */
export function single(raw: RawQuery, key: string): string | undefined {
  const values = ownValue(raw, key);
  if (values === undefined) return undefined;
  if (values.length !== 1)
    throw validationFailed(`Query parameter ${key} must be given once.`, { field: key });
  const value = values[0] ?? "";
  if (value.length > MAX_VALUE_LENGTH)
    throw validationFailed(`Query parameter ${key} is too long.`, { field: key });
  return value;
}

export function parseIntParam(
  raw: RawQuery,
  key: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = single(raw, key);
  if (value === undefined) return fallback;
  if (!/^\d{1,7}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw validationFailed(`${key} must be an integer between ${min} and ${max}.`, { field: key, value });
  }
  return Number(value);
}

export function parseDateParam(raw: RawQuery, key: string): string | null {
  const value = single(raw, key);
  if (value === undefined) return null;
  if (!isValidDate(value)) throw validationFailed(`${key} must be a date YYYY-MM-DD.`, { field: key, value });
  return value;
}

function coerce(kind: FieldKind | "any", value: string, key: string): FilterValue {
  switch (kind) {
    case "number": {
      const n = Number(value);
      if (value.trim() === "" || !Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
        throw validationFailed(`${key} must be a number.`, { field: key, value });
      }
      return n;
    }
    case "boolean":
      if (value !== "true" && value !== "false") {
        throw validationFailed(`${key} must be true or false.`, { field: key, value });
      }
      return value === "true";
    case "datetime": {
      const t = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (!ISO_DATETIME.test(value) || Number.isNaN(t) || (value.length === 10 && !isValidDate(value))) {
        throw validationFailed(`${key} must be an ISO-8601 date or date-time.`, { field: key, value });
      }
      return new Date(t).toISOString();
    }
    default:
      return value;
  }
}

/** Walks relation names from a resource; returns the target or null when a name is unknown. */
export function walk(def: ResourceDef, path: string[]): ResourceDef | null {
  let current = def;
  for (const name of path) {
    const relation = ownValue(current.relations, name);
    if (!relation) return null;
    current = relation.target();
  }
  return current;
}

export interface ParseOptions {
  /** Route-specific query keys the route validates itself (e.g. _format, geometry). */
  extraKeys?: readonly string[];
  /** Whether field filters are accepted at all (single-resource reads take only _embed). */
  filters?: boolean;
  /** Whether `_ondate` (sessions on a venue-local date) means something on this route. */
  ondate?: boolean;
  defaultLimit?: number;
}

export function parseQuery(raw: RawQuery, def: ResourceDef, options: ParseOptions = {}): ParsedQuery {
  const extra = new Set(options.extraKeys ?? []);
  const allowed = [...RESERVED, ...IGNORED_FAMILY_PARAMS, ...extra, ...(options.ondate ? ["_ondate"] : [])];
  // Keys starting with "_" are parameters; the others are field filters, checked by parseFilter.
  rejectUnknownKeys(Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith("_"))), allowed);
  const limit = parseIntParam(raw, "_limit", 1, MAX_LIMIT, options.defaultLimit ?? DEFAULT_LIMIT);
  const offset = parseIntParam(raw, "_offset", 0, MAX_OFFSET, 0);

  const sort: ParsedQuery["sort"] = [];
  const sortRaw = single(raw, "_sort");
  if (sortRaw !== undefined) {
    for (const part of sortRaw.split(",")) {
      // "-field" sorts descending; "relation.field" sorts by an embedded resource's field.
      const desc = part.startsWith("-");
      const segments = (desc ? part.slice(1) : part).split(".");
      const field = segments.pop() ?? "";
      const target = segments.length <= MAX_EMBED_DEPTH ? walk(def, segments) : null;
      if (!target?.sortable.includes(field)) {
        throw validationFailed(`Cannot sort ${def.name} by "${desc ? part.slice(1) : part}".`, {
          field: "_sort",
          allowed: [...def.sortable],
        });
      }
      sort.push(segments.length ? { field, desc, path: segments } : { field, desc });
    }
  }

  const embeds: string[][] = [];
  const embedRaw = single(raw, "_embed");
  if (embedRaw !== undefined && embedRaw !== "") {
    for (const part of embedRaw.split(",")) {
      const path = part.trim().split(".");
      if (path.length > MAX_EMBED_DEPTH || walk(def, path) === null) {
        throw validationFailed(`Unknown embed "${part}" for ${def.name}.`, {
          field: "_embed",
          allowed: Object.keys(def.relations),
        });
      }
      if (!embeds.some((e) => e.join(".") === path.join("."))) embeds.push(path);
    }
  }

  const filters: Filter[] = [];
  for (const key of Object.keys(raw)) {
    if (key.startsWith("_") || extra.has(key)) continue;
    const value = single(raw, key) ?? "";
    filters.push(parseFilter(def, key, value, options.filters !== false));
  }

  return {
    limit,
    offset,
    sort,
    embeds,
    filters,
    ondate: options.ondate ? parseDateParam(raw, "_ondate") : null,
    seller: single(raw, "_seller") ?? null,
  };
}

function parseFilter(def: ResourceDef, key: string, value: string, allowed: boolean): Filter {
  const unknown = () => validationFailed(`Unknown filter field "${key}" for ${def.name}.`, { field: key });
  if (!allowed) throw unknown();
  const segments = key.split(".");
  const last = segments[segments.length - 1] ?? "";
  let op: FilterOp = "eq";
  if (segments.length > 1 && last.startsWith("_")) {
    const o = ownValue(OPS, last);
    if (!o) throw unknown();
    op = o;
    segments.pop();
  }
  const field = segments.pop();
  if (!field || segments.length > MAX_EMBED_DEPTH) throw unknown();
  const target = walk(def, segments);
  if (!target) throw unknown();
  const kind: FieldKind | "any" | undefined =
    target.fields === "open" ? "any" : ownValue(target.fields, field);
  if (!kind) throw unknown();
  if (kind === "boolean" && op !== "eq" && op !== "in") throw unknown();
  if (op === "prefix" && kind !== "string" && kind !== "any") throw unknown();
  const parts = op === "in" ? value.split(",") : [value];
  if (parts.length > MAX_IN_VALUES) throw validationFailed(`Too many values for ${key}.`, { field: key });
  return { path: segments, field, op, values: parts.map((p) => coerce(kind, p, key)) };
}
