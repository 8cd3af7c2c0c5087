/**
 * Runs a parsed query over root rows: root filters, dotted filters into relations (a parent is kept
 * when it has a matching child), sort, count, page, then embeds (dotted embeds too) as sibling
 * collections keyed by resource type.
 */
import { ownValue } from "../../../domain/own-property.ts";
import type { Db } from "../../db/client.ts";
import type {
  Envelope,
  Filter,
  FilterValue,
  ParsedQuery,
  ResourceDef,
  Row,
} from "../../services/catalogue/query-types.ts";

export interface ExecuteContext {
  db: Db;
  now: Date;
  sellerId: string | null;
  /** `_ondate`, for the loaders (sessions on that venue-local date). */
  ondate?: string | null;
  /** The call's language, for the loaders' catalogue texts (request-language.ts). */
  language?: string | null;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function valueMatches(actual: unknown, op: Filter["op"], values: FilterValue[]): boolean {
  if (Array.isArray(actual)) return actual.some((a) => valueMatches(a, op, values));
  const first = values[0];
  switch (op) {
    case "eq":
    case "in":
      return values.some((v) => (typeof v === "string" ? String(actual) === v : actual === v));
    case "gte":
      return actual != null && compare(actual, first) >= 0;
    case "gt":
      return actual != null && compare(actual, first) > 0;
    case "lte":
      return actual != null && compare(actual, first) <= 0;
    case "lt":
      return actual != null && compare(actual, first) < 0;
    case "prefix":
      return actual != null && values.some((v) => String(actual).startsWith(String(v)));
  }
}

export function applyOwnFilters(rows: Row[], filters: Filter[]): Row[] {
  const own = filters.filter((f) => f.path.length === 0);
  if (own.length === 0) return rows;
  // Open resources (meta) take any field name: read own fields only, never Object.prototype's.
  return rows.filter((r) => own.every((f) => valueMatches(ownValue(r, f.field), f.op, f.values)));
}

/** Per-request loader with a cache of loaded (and filtered) children per relation path. */
class Graph {
  private readonly cache = new Map<string, Array<[string, Row]>>();
  constructor(
    private readonly ctx: ExecuteContext,
    private readonly filters: Filter[],
  ) {}

  /** Filters addressed below `prefix`, re-rooted there. */
  private under(prefix: string[]): Filter[] {
    return this.filters
      .filter((f) => f.path.length >= prefix.length && prefix.every((p, i) => f.path[i] === p))
      .map((f) => ({ ...f, path: f.path.slice(prefix.length) }));
  }

  /** Children of `parents` along relation `name` at `path`, filtered by any filters addressed there. */
  async children(def: ResourceDef, parents: Row[], path: string[]): Promise<Array<[string, Row]>> {
    const key = path.join(".");
    const cached = this.cache.get(key);
    if (cached) return cached;
    const name = path[path.length - 1] ?? "";
    const relation = ownValue(def.relations, name);
    if (!relation || parents.length === 0) return [];
    const scoped = this.under(path);
    const pairs = await relation.load(
      { ...this.ctx, filters: scoped.filter((f) => f.path.length === 0) },
      parents,
    );
    const kept = new Set(
      applyOwnFilters(
        pairs.map(([, c]) => c),
        scoped,
      ),
    );
    let result = pairs.filter(([, c]) => kept.has(c));
    // Deeper filters: keep children that themselves have matching children.
    const target = relation.target();
    for (const sub of new Set(scoped.filter((f) => f.path.length > 0).map((f) => f.path[0] ?? ""))) {
      const grand = await this.children(
        target,
        result.map(([, c]) => c),
        [...path, sub],
      );
      const withChild = new Set(grand.map(([pid]) => pid));
      result = result.filter(([, c]) => withChild.has(c.id));
    }
    this.cache.set(key, result);
    return result;
  }

  async filterRoots(def: ResourceDef, roots: Row[]): Promise<Row[]> {
    let rows = applyOwnFilters(roots, this.filters);
    for (const rel of new Set(this.filters.filter((f) => f.path.length > 0).map((f) => f.path[0] ?? ""))) {
      const pairs = await this.children(def, rows, [rel]);
      const withChild = new Set(pairs.map(([pid]) => pid));
      rows = rows.filter((r) => withChild.has(r.id));
    }
    return rows;
  }
}

export function newGraph(ctx: ExecuteContext, filters: Filter[] = []): Graph {
  return new Graph(ctx, filters);
}

/**
 * Sorts rows by own fields and by embedded fields (`event_session.start_datetime`: a root's key is
 * its earliest matching child's value; roots without one come last either way).
 */
async function sortRows(
  def: ResourceDef,
  rows: Row[],
  sort: ParsedQuery["sort"],
  graph: Graph,
): Promise<Row[]> {
  if (sort.length === 0) return rows;
  const keys = await Promise.all(
    sort.map(async ({ field, path }) => {
      if (!path?.length) return (r: Row) => r[field];
      const pairs = await graph.children(def, rows, path.slice(0, 1));
      let level = new Map<string, Row[]>();
      for (const [pid, c] of pairs) level.set(pid, [...(level.get(pid) ?? []), c]);
      // Deeper paths: follow each child down to its own children.
      let current = ownValue(def.relations, path[0] ?? "")?.target();
      for (let i = 1; i < path.length && current; i++) {
        const kids = [...level.values()].flat();
        const deeper = await graph.children(current, kids, path.slice(0, i + 1));
        const byChild = new Map<string, Row[]>();
        for (const [pid, c] of deeper) byChild.set(pid, [...(byChild.get(pid) ?? []), c]);
        level = new Map(
          [...level].map(([root, list]) => [root, list.flatMap((k) => byChild.get(k.id) ?? [])]),
        );
        current = ownValue(current.relations, path[i] ?? "")?.target();
      }
      const first = new Map<string, unknown>();
      for (const [root, list] of level) {
        const values = list.map((c) => c[field]).filter((v) => v != null);
        if (values.length)
          first.set(
            root,
            values.reduce((m, v) => (compare(v, m) < 0 ? v : m)),
          );
      }
      return (r: Row) => first.get(r.id);
    }),
  );
  return [...rows].sort((a, b) => {
    for (const [i, { desc }] of sort.entries()) {
      const key = keys[i];
      if (!key) continue;
      const [x, y] = [key(a), key(b)];
      if (x == null || y == null) {
        if (x != null || y != null) return x == null ? 1 : -1;
        continue;
      }
      const c = compare(x, y);
      if (c !== 0) return desc ? -c : c;
    }
    return compare(a.id, b.id);
  });
}

/**
 * The envelope for a list (or a single resource when `roots` holds one row). `_count` of the root
 * collection is the number of matches before paging; embedded collections count what they hold.
 */
export async function execute(
  def: ResourceDef,
  roots: Row[],
  query: ParsedQuery,
  ctx: ExecuteContext,
  options: { defaultSort?: ParsedQuery["sort"] } = {},
): Promise<Envelope> {
  const graph = new Graph(ctx, query.filters);
  const matched = await sortRows(
    def,
    await graph.filterRoots(def, roots),
    query.sort.length ? query.sort : (options.defaultSort ?? []),
    graph,
  );
  const page = matched.slice(query.offset, query.offset + query.limit);
  const envelope: Envelope = { [def.name]: { _count: matched.length, _data: page } };
  await embedInto(envelope, def, page, query, graph);
  return envelope;
}

/** Adds the query's embeds for `parents` to an envelope (merging collections of one resource type). */
export async function embedInto(
  envelope: Envelope,
  def: ResourceDef,
  parents: Row[],
  query: Pick<ParsedQuery, "embeds">,
  graph: Graph,
): Promise<void> {
  const levelRows = new Map<string, Row[]>();
  for (const path of query.embeds) {
    let current = def;
    let rows = parents;
    for (let i = 0; i < path.length; i++) {
      const sub = path.slice(0, i + 1);
      const key = sub.join(".");
      let children = levelRows.get(key);
      if (!children) {
        const pairs = await graph.children(current, rows, sub);
        const parentIds = new Set(rows.map((r) => r.id));
        children = dedupe(pairs.filter(([pid]) => parentIds.has(pid)).map(([, c]) => c));
        levelRows.set(key, children);
      }
      const relation = ownValue(current.relations, path[i] ?? "");
      if (!relation) break;
      current = relation.target();
      rows = children;
    }
    const name = current.name;
    const existing = envelope[name]?._data ?? [];
    const merged = dedupe([...existing, ...rows]);
    envelope[name] = { _count: merged.length, _data: merged };
  }
}

function dedupe(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
}

export type { Graph };
