/**
 * An error's `_description` in the call's language. A thrower that gave no text of its own (or the
 * row's default English, the same words) answers the row's text as the tenant's strings say it in
 * the call's language (strings-api-errors.ts, `apiError.<row>`, whose English is the row's text
 * byte for byte: an English answer is unchanged). A text the thrower wrote (a tenant's own words,
 * a text naming a field or an amount) is kept, unless it came as a strings key and values (`message`:
 * said again in the language): throwers that use a tenant's words get the tenant
 * in the call's language from their route.
 */

import { z } from "zod";
import type { Tenant } from "../../tenant/schema.ts";
import { defaultStrings, type StringKey, t, tMessage } from "../../tenant/strings.ts";
import { type ApiError, type ApiErrorItem, type SchemaIssue, withDates } from "./api-error.ts";
import { ERROR_CATALOGUE, type ErrorCode } from "./catalogue.ts";

/** The strings key of a row's text, when a shopper can meet the row (staff rows answer in English). */
export function errorTextKey(code: ErrorCode): StringKey | undefined {
  const key = `apiError.${code}`;
  return key in defaultStrings ? (key as StringKey) : undefined;
}

/** zod's own translations of its messages, for the languages zod has (Welsh has none: English). */
const SCHEMA_LOCALES: Readonly<Record<string, () => { localeError: z.core.$ZodErrorMap }>> = {
  es: z.locales.es,
  ar: z.locales.ar,
};
const englishSchemaWords = z.locales.en().localeError;

/** The words of zod's error map for an issue, or undefined. */
function mapped(map: z.core.$ZodErrorMap, issue: SchemaIssue): string | undefined {
  const said = map(issue as unknown as z.core.$ZodRawIssue);
  return typeof said === "string" ? said : said?.message;
}

/**
 * A validation_failed answer in the call's language: each issue zod worded in its default English
 * (not a schema's own text) is worded by zod's locale of the language; `_description` names the first.
 */
function schemaIssuesBody(
  error: ApiError,
  issues: readonly SchemaIssue[],
  locale: string,
): { _data: ApiErrorItem[] } {
  const load = SCHEMA_LOCALES[locale.split("-")[0] ?? ""];
  if (!load) return error.body();
  const map = load().localeError;
  // zod's own words are its English map's, or the map configured globally at the time the issue
  // was made (a test process may have configured another); a schema's own text is neither.
  const global = z.core.globalConfig.localeError;
  const zodSaid = (issue: SchemaIssue) =>
    mapped(englishSchemaWords, issue) === issue.message ||
    (global !== undefined && mapped(global, issue) === issue.message);
  const words = issues.map((issue) =>
    zodSaid(issue) ? (mapped(map, issue) ?? issue.message) : issue.message,
  );
  return {
    _data: error.items.map((item) => ({
      ...item,
      _description:
        item._description === issues[0]?.message ? (words[0] ?? item._description) : item._description,
      _extra: {
        ...item._extra,
        issues: issues.map((issue, i) => ({
          path: issue.path.join("."),
          message: words[i] ?? issue.message,
        })),
      },
    })),
  };
}

/** The error's body with the row's default text in `words`'s language. */
export function localizedErrorBody(
  error: ApiError,
  words: (Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>) | undefined,
): { _data: ApiErrorItem[] } {
  if (!words) return error.body();
  if (error.schemaIssues) return schemaIssuesBody(error, error.schemaIssues, words.locale ?? "en-US");
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
