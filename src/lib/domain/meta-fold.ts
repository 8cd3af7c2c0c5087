/**
 * Folding meta rows (the original API's shape, one row per key of a resource) into one object per
 * resource. Pure, so the domain rules fold meta without importing the API layer; src/lib/api/meta.ts
 * re-exports it for the readers there.
 */
export interface MetaRow {
  resource: string;
  resource_id: string;
  metakey: string;
  value?: unknown;
}

/** The meta of one resource as an object (later rows of a key win); `{}` when it has none. */
export function foldMeta(
  rows: readonly MetaRow[] | undefined,
  resourceId: string,
  resource?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of rows ?? []) {
    if (r.resource_id !== resourceId || (resource !== undefined && r.resource !== resource)) continue;
    // Own data keys only: "__proto__" must stay a plain key, never the prototype.
    Object.defineProperty(out, r.metakey, {
      value: r.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
