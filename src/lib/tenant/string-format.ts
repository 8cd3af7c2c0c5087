/**
 * The part of the tenant strings the islands run: filling `{name}` placeholders, and the keys every
 * island's string subset carries. Kept apart from strings.ts, whose default table the islands must
 * not ship: a bundler keeps an object spread of imported tables, so importing `format` from
 * strings.ts put the whole table (about 4 KB of gzip) into every island page.
 */

export type StringVars = Record<string, string | number>;

/**
 * An ICU text's one plural or select, as the server encodes it for an island (icu.ts
 * `islandText`): start, locale, field, argument, field, kind ("cardinal", "ordinal" or "select"),
 * then for each form: option, its key ("one", "=0", "other"…), body, its plain text. Private-use
 * characters, so no text the tenant writes can look like one.
 */
export const CHOICE = { start: "\uE000", field: "\uE001", option: "\uE002", body: "\uE003" } as const;

/** The plain text of an encoded choice for `vars`: the exact `=n` form, else the plural category's, else "other". */
function choose(encoded: string, vars: StringVars): string {
  const [head = "", ...options] = encoded.slice(1).split(CHOICE.option);
  const [locale = "en", argument = "", kind = "cardinal"] = head.split(CHOICE.field);
  const forms = new Map(options.map((option) => option.split(CHOICE.body) as [string, string]));
  const value = vars[argument];
  let key = "other";
  if (kind === "select") key = String(value);
  else if (
    typeof value === "number" ||
    (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
  ) {
    const n = Number(value);
    key = forms.has(`=${n}`)
      ? `=${n}`
      : new Intl.PluralRules(locale, { type: kind === "ordinal" ? "ordinal" : "cardinal" }).select(n);
  }
  return forms.get(key) ?? forms.get("other") ?? "";
}

export function format(template: string, vars: StringVars = {}): string {
  // Most texts have no placeholder: they are returned as they are, with no pattern run (a page
  // formats a few hundred of them).
  if (!template.includes("{") && !template.startsWith(CHOICE.start)) return template;
  const text = template.startsWith(CHOICE.start) ? choose(template, vars) : template;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
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
