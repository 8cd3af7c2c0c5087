/**
 * The part of the tenant strings the islands run: filling `{name}` placeholders, and the keys every
 * island's string subset carries. Kept apart from strings.ts, whose default table the islands must
 * not ship: a bundler keeps an object spread of imported tables, so importing `format` from
 * strings.ts put the whole table (about 4 KB of gzip) into every island page.
 */

export type StringVars = Record<string, string | number>;

export function format(template: string, vars: StringVars = {}): string {
  // Most texts have no placeholder: they are returned as they are, with no pattern run (a page
  // formats a few hundred of them).
  if (!template.includes("{")) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : match,
  );
}

/**
 * Strings every island's subset carries, whatever its prefix: the shared UI parts' words (the
 * dialogs' close button). One list, so a new shared word is added here once.
 */
export const ISLAND_SHARED_KEYS = ["dialog.close"] as const;
export type IslandSharedKey = (typeof ISLAND_SHARED_KEYS)[number];
export const isIslandSharedKey = (key: string): key is IslandSharedKey =>
  (ISLAND_SHARED_KEYS as readonly string[]).includes(key);
