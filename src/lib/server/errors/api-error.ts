/**
 * The error every layer throws and the API answers as the contract's body
 * `{"_data": [{"_code", "_context", "_description", "_extra"}]}`. It names a row of the catalogue
 * (catalogue.ts), which gives the status, the context and the default text; http/app.ts turns it
 * into the response. It lives below the services so that they, the payments and the security
 * checks can throw it without importing http/.
 */
import { formatDateIn } from "../../domain/date-format.ts";
import type { Message } from "../../domain/messages.ts";
import { type StringKey, tMessage } from "../../tenant/strings.ts";
import {
  type CatalogueEntry,
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorStatus,
  type ProviderErrorCode,
  wireCode,
} from "./catalogue.ts";

export interface ApiErrorItem {
  _code: string;
  _context: string;
  _description: string;
  _extra: Record<string, unknown>;
}

/** A request schema's issue: zod's issue, its `message` in zod's English unless the schema wrote one. */
export interface SchemaIssue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

/** A day in an error's text: an instant, shown as a date in the venue's zone. */
export interface ErrorDate {
  readonly at: Date;
  readonly timeZone: string;
}

/** The message with its date values written in `locale` (the English "Sat, Jul 4, 2026" for en-US). */
export function withDates(
  message: Message<StringKey>,
  dates: Readonly<Record<string, ErrorDate>> | undefined,
  locale: string,
): Message<StringKey> {
  if (!dates || "text" in message) return message;
  const written = Object.fromEntries(
    Object.entries(dates).map(([name, day]) => [name, formatDateIn(day.at, locale, day.timeZone)]),
  );
  return { id: message.id, vars: { ...message.vars, ...written } };
}

export interface ErrorDetails {
  /** The `_description`, when it is not the row's text (a tenant's words, a text naming the code). */
  description?: string | undefined;
  /**
   * The `_description` as a strings key and its values (a text naming the code the shopper typed):
   * English here, and the call's language when http/app.ts answers (errors/localize.ts).
   */
  message?: Message<StringKey> | undefined;
  /**
   * Values of `message` that are days (an instant and the venue's zone): written as the call's
   * language writes a date ("Sat, Jul 4, 2026" in English), when the text is said.
   */
  dates?: Readonly<Record<string, ErrorDate>> | undefined;
  /** A request schema's issues as zod gave them (its default English words), for the call's language. */
  schemaIssues?: readonly SchemaIssue[] | undefined;
  /** The `_context`, when it is not the row's (the generic rows: not_found, forbidden, validation_failed). */
  context?: string | undefined;
  extra?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: ErrorStatus;
  /** The catalogue row: http/app.ts answers its text in the call's language (errors/localize.ts). */
  readonly code: ErrorCode;
  /** The description's strings key and values, when the thrower gave them. */
  readonly wording: Message<StringKey> | undefined;
  /** The wording's date values. */
  readonly dates: Readonly<Record<string, ErrorDate>> | undefined;
  /** The schema issues of a validation_failed answer. */
  readonly schemaIssues: readonly SchemaIssue[] | undefined;
  readonly items: ApiErrorItem[];

  /** `providerCode`: the `_code` of a row marked fromProvider (use `providerError`). */
  constructor(code: ErrorCode, details: ErrorDetails = {}, providerCode?: string) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[code];
    const description =
      details.description ??
      (details.message
        ? tMessage(undefined, withDates(details.message, details.dates, "en-US"))
        : entry.text);
    super(description);
    this.status = entry.status;
    this.code = code;
    this.wording = details.description === undefined ? details.message : undefined;
    this.dates = details.dates;
    this.schemaIssues = details.schemaIssues;
    this.items = [
      {
        _code: (entry.fromProvider ? providerCode : undefined) ?? wireCode(code),
        _context: details.context ?? entry.context,
        _description: description,
        _extra: details.extra ?? {},
      },
    ];
  }

  body(): { _data: ApiErrorItem[] } {
    return { _data: this.items };
  }
}

/** The error of a catalogue row (not one whose code is the payment provider's). */
export const fail = (code: Exclude<ErrorCode, ProviderErrorCode>, details: ErrorDetails = {}): ApiError =>
  new ApiError(code, details);

/** A payment provider's refusal: the row gives the status and context, the provider the `_code`. */
export const providerError = (
  code: ProviderErrorCode,
  providerCode: string,
  details: ErrorDetails = {},
): ApiError => new ApiError(code, details, providerCode);

export const notFound = (type: string, id?: string): ApiError =>
  fail("not_found", { description: `Resource ${type} not found.`, extra: id ? { id } : {} });

export const validationFailed = (
  description: string,
  extra: Record<string, unknown> = {},
  context = "",
): ApiError => fail("validation_failed", { description, context, extra });
