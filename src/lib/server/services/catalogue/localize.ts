/**
 * An answer's catalogue texts in the call's language (DESIGN §13), for the answers built from rows
 * away from the catalogue's serializers: the cart, an order, my account's orders, the manage page.
 * It finds the events, ticket groups and ticket types the answer names (their collections, and the
 * flat `event_name` / `ticket_type_name` of a ticket row), reads their translations, and gives their
 * names and texts in the language, each falling back to the default language's. The default
 * language (null) returns the answer as it is, untouched.
 */
import { inArray } from "drizzle-orm";
import { type ContentTranslations, inLanguage } from "../../../domain/content-language.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

type Json = Record<string, unknown>;
type Kind = "event" | "group" | "type";

/** The collections whose rows are catalogue resources, by envelope key. */
const COLLECTIONS: ReadonlyMap<string, Kind> = new Map([
  ["event_template", "event"],
  ["ticket_group", "group"],
  ["ticket_type", "type"],
]);
/** A flat row's name of a catalogue resource, and the field that holds the resource's id. */
const FLAT: readonly { name: string; id: string; kind: Kind }[] = [
  { name: "event_name", id: "event_template_id", kind: "event" },
  { name: "ticket_type_name", id: "ticket_type_id", kind: "type" },
];

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every id of each kind the answer names. */
export function collectIds(value: unknown, into: Record<Kind, Set<string>>, kind?: Kind): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into, kind);
    return;
  }
  if (!isObject(value)) return;
  if (kind && typeof value.id === "string") into[kind].add(value.id);
  for (const flat of FLAT) {
    const id = value[flat.id];
    if (typeof value[flat.name] === "string" && typeof id === "string") into[flat.kind].add(id);
  }
  for (const [key, inner] of Object.entries(value)) {
    const collection = COLLECTIONS.get(key);
    collectIds(collection && isObject(inner) ? inner._data : inner, into, collection);
  }
}

/** The value with its catalogue texts in `lang`; what has nothing to translate is returned as it is. */
export function translate(
  value: unknown,
  found: Record<Kind, Map<string, ContentTranslations>>,
  lang: string,
  kind?: Kind,
): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => translate(item, found, lang, kind));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (!isObject(value)) return value;
  let out: Json = value;
  if (kind && typeof value.id === "string") {
    const translations = found[kind].get(value.id);
    out = inLanguage(value, translations, lang);
    const label = kind === "event" ? translations?.[lang]?.category : undefined;
    if (label) out = { ...out, category_label: label };
  }
  for (const flat of FLAT) {
    const id = value[flat.id];
    if (typeof value[flat.name] !== "string" || typeof id !== "string") continue;
    const name = found[flat.kind].get(id)?.[lang]?.name;
    if (name) out = { ...out, [flat.name]: name };
  }
  for (const [key, inner] of Object.entries(out)) {
    const collection = COLLECTIONS.get(key);
    let next: unknown;
    if (collection && isObject(inner)) {
      const data = translate(inner._data, found, lang, collection);
      next = data === inner._data ? inner : { ...inner, _data: data };
    } else next = translate(inner, found, lang);
    if (next === inner) continue;
    if (out === value) out = { ...value };
    out[key] = next;
  }
  return out;
}

async function translationsOf(
  db: Executor,
  ids: Record<Kind, Set<string>>,
): Promise<Record<Kind, Map<string, ContentTranslations>>> {
  const read = async (
    table: typeof s.eventTemplate | typeof s.ticketGroup | typeof s.ticketType,
    wanted: Set<string>,
  ): Promise<Map<string, ContentTranslations>> => {
    if (wanted.size === 0) return new Map();
    const rows = await db
      .select({ id: table.id, translations: table.translations })
      .from(table)
      .where(inArray(table.id, [...wanted]));
    return new Map(rows.flatMap((r) => (r.translations ? [[r.id, r.translations] as const] : [])));
  };
  return {
    event: await read(s.eventTemplate, ids.event),
    group: await read(s.ticketGroup, ids.group),
    type: await read(s.ticketType, ids.type),
  };
}

/** The answer with its catalogue texts in `language`; null (the default language) changes nothing. */
export async function localizeAnswer<T>(db: Executor, answer: T, language: string | null): Promise<T> {
  if (!language) return answer;
  const ids: Record<Kind, Set<string>> = { event: new Set(), group: new Set(), type: new Set() };
  collectIds(answer, ids);
  if (ids.event.size + ids.group.size + ids.type.size === 0) return answer;
  const found = await translationsOf(db, ids);
  if (found.event.size + found.group.size + found.type.size === 0) return answer;
  return translate(answer, found, language) as T;
}
