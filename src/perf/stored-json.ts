/**
 * The /cached_api answers this process has stored, read in process (for the listing's SSR
 * without the page cache). A page's catalogue read that the cache holds skips the request through
 * the API app, the encoding of its answer and the JSON parse of it again: the same entries, under
 * the same time to live, as /cached_api over HTTP. A miss goes through the API as before, which
 * stores the answer for the next read. Each entry is parsed once and frozen, since every request
 * that reads it shares the value (a page that changed it would throw, not change another's page).
 */
import type { Clock } from "../lib/server/clock.ts";
import type { CachedResponse, ResponseCache } from "../lib/server/response-cache.ts";

/** The stored answer of a /cached_api path and query (the cache's key), or undefined. */
export type StoredJsonReader = (key: string) => unknown;

export function storedJsonReader(cache: ResponseCache, clock: Clock): StoredJsonReader {
  const parsed = new WeakMap<CachedResponse, unknown>();
  return (key) => {
    const hit = cache.get(key, clock.now().getTime());
    if (!hit) return undefined;
    if (!parsed.has(hit)) parsed.set(hit, deepFreeze(JSON.parse(hit.body)));
    return parsed.get(hit);
  };
}

/** Freezes a JSON value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
