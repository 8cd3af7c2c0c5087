/**
 * A small in-process response cache with a time to live and a size limit (least recently used
 * entries go first). It serves /cached_api reads (DESIGN §3) and, holding CachedPage entries
 * (src/perf/page-cache.ts), the micro-cache of public pages.
 * Availability at reserve or checkout time never reads through it: those calls use /api.
 */
export interface CachedResponse {
  body: string;
  contentType: string;
  cacheControl?: string;
  storedAt: number;
}

/** Anything kept in the cache: it carries the instant it was stored (its time to live runs from there). */
export interface Stored {
  storedAt: number;
}

export class ResponseCache<T extends Stored = CachedResponse> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, nowMs: number): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (nowMs - hit.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency: Map keeps insertion order, so re-inserting marks it most recent.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
