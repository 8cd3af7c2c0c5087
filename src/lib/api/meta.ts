/**
 * Meta comes from the API in the original shape, one row per key of a resource
 * (`meta._data[] = {resource, resource_id, metakey, value}`). The storefront folds a resource's rows
 * into one object (key -> value) here, the one place that knows the row shape.
 */
import { foldMeta, type MetaRow } from "../domain/meta-fold.ts";

export { foldMeta, type MetaRow };

/** A resource's meta folded into one record next to its link fields (the shape domain readers take). */
export type MetaRecord = Record<string, unknown> & { resource: string; resource_id: string };

/** Every resource's meta folded into one record each, in the order the resources first appear. */
export function metaRecords(rows: readonly MetaRow[] | undefined): MetaRecord[] {
  const byResource = new Map<string, MetaRecord>();
  for (const r of rows ?? []) {
    const key = `${r.resource}\u0000${r.resource_id}`;
    let record = byResource.get(key);
    if (!record) {
      record = { resource: r.resource, resource_id: r.resource_id };
      byResource.set(key, record);
    }
    // The link fields stay the link fields; other keys are own data keys (never the prototype).
    if (r.metakey === "resource" || r.metakey === "resource_id") continue;
    Object.defineProperty(record, r.metakey, {
      value: r.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return [...byResource.values()];
}
