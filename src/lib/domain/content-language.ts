/**
 * A catalogue row's texts in one language (DESIGN §13). The row's own columns are the tenant's
 * default language; `translations` holds the other languages' texts by language code, each field
 * optional. A field falls back to the default language's on its own, so a venue may translate an
 * event's name and leave its description for later.
 */

/** The texts a catalogue row may give per language. */
export const TRANSLATABLE_FIELDS = ["name", "subtitle", "summary", "description", "category"] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

/** `{ "es": { "name": "…" } }`: one language's texts, by language code. */
export type ContentTranslations = Partial<Record<string, Partial<Record<TranslatableField, string>>>>;

/** The fields `inLanguage` replaces. `category` is not one: it is the listing's filter value. */
const REPLACED = ["name", "subtitle", "summary", "description"] as const;

/**
 * The row with its texts in `lang`: each of name, subtitle, summary and description the row has is
 * the language's when that language gives it (not empty), else the row's own. No language, or one
 * the row has no texts in, gives the row itself (the default language needs no copy).
 */
export function inLanguage<R extends object>(
  row: R,
  translations: ContentTranslations | null | undefined,
  lang: string | null | undefined,
): R {
  const own = lang ? translations?.[lang] : undefined;
  if (!own) return row;
  let out: R | undefined;
  for (const field of REPLACED) {
    const text = own[field];
    if (typeof text !== "string" || text === "" || !(field in row)) continue;
    out ??= { ...row };
    (out as Record<string, unknown>)[field] = text;
  }
  return out ?? row;
}

/** An event's category as `lang` shows it: its translated label, else the category itself. */
export function categoryLabel(
  category: string,
  translations: ContentTranslations | null | undefined,
  lang: string | null | undefined,
): string {
  const label = lang ? translations?.[lang]?.category : undefined;
  return label ? label : category;
}

interface WithTranslations {
  translations?: ContentTranslations | null;
}
interface VenueTexts {
  name: string;
  address?: string | null;
  translations?: Partial<Record<string, { name?: string; address?: string }>> | null;
}

/**
 * A ticket's catalogue rows (its event and venue, and its group and type when given) in `lang`, each
 * text falling back to the default language's: a mail, a pass or a calendar file of an order speaks
 * the order's language.
 */
export function ticketRowIn<
  R extends { event: WithTranslations; venue: VenueTexts; group?: WithTranslations; type?: WithTranslations },
>(row: R, lang: string | null | undefined): R {
  if (!lang) return row;
  const venue = row.venue.translations?.[lang];
  const out: R = {
    ...row,
    event: inLanguage(row.event, row.event.translations, lang),
    venue: venue
      ? { ...row.venue, name: venue.name || row.venue.name, address: venue.address || row.venue.address }
      : row.venue,
  };
  if (row.group) out.group = inLanguage(row.group, row.group.translations, lang);
  if (row.type) out.type = inLanguage(row.type, row.type.translations, lang);
  return out;
}
