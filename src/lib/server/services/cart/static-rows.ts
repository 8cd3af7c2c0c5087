/**
 * Static catalogue rows for the cart answer and the upsell checks, read through a small in-process
 * cache with a short life (STATIC_TTL_MS, like /cached_api): seller, ticket types, events with
 * their venue, meta and config. Counters are never read here: sessions and groups in an answer
 * come from fresh rows (the capacity UPDATE's RETURNING or a fresh read), and every reserve check
 * that an operator can change (group limits, capacity, session times) reads fresh rows.
 *
 * The cache belongs to one database handle (`owner`, the Db) so tests with fresh databases never
 * share it; loads run on the executor given (the open transaction inside one, PGlite has a single
 * connection and must never be called around its open transaction).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { requireSeller, type SellerRow } from "../catalogue/reads.ts";
import type { EventRow, TypeRow } from "./types.ts";

export const STATIC_TTL_MS = 30_000;

type VenueRow = typeof s.venue.$inferSelect;
export type MetaRow = typeof s.meta.$inferSelect;
export type ConfigRow = typeof s.config.$inferSelect;
export interface EventWithVenue {
  event: EventRow;
  venue: VenueRow;
}

interface Entry {
  at: number;
  value: unknown;
}

const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(owner: object): Map<string, Entry> {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

function hit(cache: Map<string, Entry>, key: string, now: number): Entry | undefined {
  const entry = cache.get(key);
  return entry && now - entry.at < STATIC_TTL_MS ? entry : undefined;
}

/*
 * Only loaded values are shared, never a load in flight: on PGlite a request inside its
 * transaction must not wait for another request's query, which waits for that transaction.
 */

async function cachedOne<T>(owner: object, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(owner);
  const found = hit(cache, key, Date.now());
  if (found) return found.value as T;
  const value = await load();
  cache.set(key, { at: Date.now(), value });
  return value;
}

/**
 * Values for many ids: the cached ones, and the missing ones in one load. `load` answers a map;
 * ids it leaves out get `absent` (cached too, so a resource without meta costs no query).
 */
async function cachedMany<T>(
  owner: object,
  kind: string,
  ids: readonly string[],
  absent: T | undefined,
  load: (ids: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const cache = cacheOf(owner);
  const now = Date.now();
  const out = new Map<string, T>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const found = hit(cache, `${kind}:${id}`, now);
    if (!found) missing.push(id);
    else if (found.value !== undefined) out.set(id, found.value as T);
  }
  if (!missing.length) return out;
  const loaded = await load(missing);
  const at = Date.now();
  for (const id of missing) {
    const value = loaded.get(id) ?? absent;
    if (value === undefined) continue;
    cache.set(`${kind}:${id}`, { at, value });
    out.set(id, value);
  }
  return out;
}

/** `_seller` (slug or id): 400 when absent, 404 when unknown (errors are not cached). */
export function cachedSeller(db: Db, ref: string | null | undefined): Promise<SellerRow> {
  if (!ref) return requireSeller(db, ref);
  return cachedOne(db, `seller:${ref}`, () => requireSeller(db, ref));
}

export async function cachedSellerById(owner: Db, ex: Executor, id: string): Promise<SellerRow | undefined> {
  const rows = await cachedMany(owner, "seller-id", [id], undefined, async (ids) => {
    const found = await ex.select().from(s.seller).where(inArray(s.seller.id, ids));
    return new Map(found.map((r) => [r.id, r]));
  });
  return rows.get(id);
}

export function cachedTypes(owner: Db, ex: Executor, ids: readonly string[]): Promise<Map<string, TypeRow>> {
  return cachedMany(owner, "type", ids, undefined, async (missing) => {
    const rows = await ex.select().from(s.ticketType).where(inArray(s.ticketType.id, missing));
    return new Map(rows.map((r) => [r.id, r]));
  });
}

export function cachedEvents(
  owner: Db,
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, EventWithVenue>> {
  return cachedMany(owner, "event", ids, undefined, async (missing) => {
    const rows = await ex
      .select({ event: s.eventTemplate, venue: s.venue })
      .from(s.eventTemplate)
      .innerJoin(s.venue, eq(s.venue.id, s.eventTemplate.venueId))
      .where(inArray(s.eventTemplate.id, missing));
    return new Map(rows.map((r) => [r.event.id, r]));
  });
}

/** The meta row of each resource that has one (resource is seller, event_template or ticket_group). */
export async function cachedMetas(
  owner: Db,
  ex: Executor,
  resource: string,
  ids: readonly string[],
): Promise<Map<string, MetaRow>> {
  const rows = await cachedMany<MetaRow | null>(owner, `meta:${resource}`, ids, null, async (missing) => {
    const found = await ex
      .select()
      .from(s.meta)
      .where(and(eq(s.meta.resource, resource), inArray(s.meta.resourceId, missing)));
    return new Map(found.map((r) => [r.resourceId, r]));
  });
  const out = new Map<string, MetaRow>();
  for (const [id, row] of rows) if (row) out.set(id, row);
  return out;
}

/** Every config row of each event template. */
export function cachedEventConfigs(
  owner: Db,
  ex: Executor,
  eventIds: readonly string[],
): Promise<Map<string, ConfigRow[]>> {
  return cachedMany<ConfigRow[]>(owner, "config:event_template", eventIds, [], async (missing) => {
    const rows = await ex
      .select()
      .from(s.config)
      .where(and(eq(s.config.resource, "event_template"), inArray(s.config.resourceId, missing)));
    const out = new Map<string, ConfigRow[]>();
    for (const r of rows) out.set(r.resourceId, [...(out.get(r.resourceId) ?? []), r]);
    return out;
  });
}
