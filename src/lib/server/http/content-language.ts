/**
 * The catalogue texts' language of an API call: `_lang` when it names one of the seller's languages
 * other than its default (request-language.ts), else null, which every reader takes as "the
 * columns as they are", so the default language's answers are the same as before languages.
 */
import type { Context } from "hono";
import { defaultLanguage } from "../../tenant/languages.ts";
import { getTenant } from "../../tenant/load.ts";
import type { Executor } from "../db/executor.ts";
import { localizeAnswer } from "../services/catalogue/localize.ts";
import { requestLanguage } from "./request-language.ts";

export function contentLanguage(c: Pick<Context, "req">, sellerSlug: string): string | null {
  if (c.req.query("_lang") === undefined) return null;
  const tenant = getTenant(sellerSlug);
  if (!tenant) return null;
  const language = requestLanguage(c, tenant);
  return language === defaultLanguage(tenant) ? null : language;
}

/** An answer built from rows (cart, order, manage) with its catalogue texts in the call's language. */
export async function inCallLanguage<T>(
  c: Pick<Context, "req">,
  db: Executor,
  sellerSlug: string,
  answer: T,
): Promise<T> {
  return localizeAnswer(db, answer, contentLanguage(c, sellerSlug));
}

/** The seller an answer names (its `seller` collection, as the cart's envelope has). */
function answerSeller(answer: unknown): string | null {
  const seller = (answer as { seller?: { _data?: { slug?: unknown }[] } } | null)?.seller?._data?.[0]?.slug;
  return typeof seller === "string" ? seller : null;
}

/** A cart's envelope with its lines' catalogue texts in the call's language. */
export async function cartInCallLanguage<T>(c: Pick<Context, "req">, db: Executor, envelope: T): Promise<T> {
  const slug = answerSeller(envelope);
  return slug ? inCallLanguage(c, db, slug, envelope) : envelope;
}
