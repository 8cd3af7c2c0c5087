/**
 * A small in-process response cache with a time to live and a size limit (least recently used
 * entries go first). It serves /cached_api reads (DESIGN §3) and the micro-cache of public pages.
 * Availability at reserve or checkout time never reads through it: those calls use /api.
 */
export interface CachedResponse {
  body: string;
  /** The body as UTF-8 bytes, when the user keeps them (the page micro-cache): not encoded per hit. */
  bytes?: Uint8Array<ArrayBuffer>;
  contentType: string;
  cacheControl?: string;
  /** A cached page's Content-Security-Policy (Astro's, with the page's script hashes). */
  contentSecurityPolicy?: string | undefined;
  storedAt: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, nowMs: number): CachedResponse | undefined {
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

  set(key: string, value: CachedResponse): void {
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
