/** e2e helpers for the shop's languages: a language's strings as the shop has them, and a cart made in it. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";

const LOCALES = join(process.cwd(), "src", "lib", "tenant", "locales");

/** Foyer's built-in strings of a language (every part file merged), to find the page's words. */
export function localeStrings(lang: "es" | "cy" | "ar"): Record<string, string> {
  const dir = join(LOCALES, lang);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, string>),
  );
}

/** A text's words before its first placeholder ("Pagar {amount}" → "Pagar"), for a name that starts with them. */
export function lead(text: string): string {
  return (text.split("{")[0] ?? "").trim();
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first session of an event open for sale with room for a few tickets. */
export async function openSessionOf(
  request: APIRequestContext,
  seller: string,
  eventId: string,
): Promise<string> {
  const res = await request.get(
    `/api/events/${eventId}/sessions?_seller=${seller}&_limit=50&sold_out=false&_sort=start_datetime`,
  );
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    event_session: { _data: Array<{ id: string; available_capacity: number | null }> };
  };
  const session = body.event_session._data.find(
    (s) => s.available_capacity === null || s.available_capacity > 10,
  );
  if (!session) throw new Error(`no open session of ${eventId}`);
  return session.id;
}
