/**
 * Lookups by a key that came from outside (a query parameter, a path segment, a body field).
 * `record[key]` would also find what every object inherits from Object.prototype (`constructor`,
 * `__proto__`, `toString`, `hasOwnProperty` ...), so a stranger could reach a function where a
 * table entry was expected. These helpers see own properties only (DESIGN §5).
 */

/** True when `key` is an own property of `record` (never an inherited member). */
export function hasOwnKey<K extends PropertyKey>(
  record: Readonly<Record<K, unknown>>,
  key: PropertyKey,
): key is K {
  return Object.hasOwn(record, key);
}

/** The own property `key` of `record`, or undefined when `record` has no such own property. */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
