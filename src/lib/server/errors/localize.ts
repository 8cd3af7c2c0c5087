/**
 * An error's `_description` in the call's language. A thrower that gave no text of its own (or the
 * row's default English, the same words) answers the row's text as the tenant's strings say it in
 * the call's language (strings-api-errors.ts, `apiError.<row>`, whose English is the row's text
 * byte for byte: an English answer is unchanged). A text the thrower wrote (a tenant's own words,
 * a text naming a field or an amount) is kept, unless it came as a strings key and values (`message`:
 * said again in the language): throwers that use a tenant's words get the tenant
 * in the call's language from their route.
 */
import type { Tenant } from "../../tenant/schema.ts";
import { defaultStrings, type StringKey, t, tMessage } from "../../tenant/strings.ts";
import { type ApiError, type ApiErrorItem, withDates } from "./api-error.ts";
import { ERROR_CATALOGUE, type ErrorCode } from "./catalogue.ts";

/** The strings key of a row's text, when a shopper can meet the row (staff rows answer in English). */
export function errorTextKey(code: ErrorCode): StringKey | undefined {
  const key = `apiError.${code}`;
  return key in defaultStrings ? (key as StringKey) : undefined;
}

/** The error's body with the row's default text in `words`'s language. */
export function localizedErrorBody(
  error: ApiError,
  words: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined,
): { _data: ApiErrorItem[] } {
  if (!words) return error.body();
  const message = error.wording;
  if (message) {
    const said = tMessage(words, withDates(message, error.dates, words.locale ?? "en-US"));
    return {
      _data: error.items.map((item) => ({
        ...item,
        _description: said,
        // A prompt-marked refusal asks its question in `_extra.prompt` (the description's words).
        _extra: item._extra.prompt === item._description ? { ...item._extra, prompt: said } : item._extra,
      })),
    };
  }
  const key = errorTextKey(error.code);
  if (!key) return error.body();
  const englishDefault: string = ERROR_CATALOGUE[error.code].text;
  return {
    _data: error.items.map((item) =>
      item._description === englishDefault ? { ...item, _description: t(words, key) } : item,
    ),
  };
}
