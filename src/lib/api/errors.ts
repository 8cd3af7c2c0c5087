/**
 * The typed failure of an API call: the contract's error body
 * `{_data: [{_code, _context, _description, _extra}]}` flattened to its first entry, plus the
 * HTTP status. Network failures and timeouts use status 0 and codes `network_error`/`timeout`.
 *
 * This module carries no schema library: the islands import it with their first module graph and
 * test failures with `instanceof`, while the client, its zod schemas and the reading of an error
 * response (error-response.ts) load on first use.
 */
import { type ApiFailure, serverText, UNEXPECTED_FAILURE } from "../domain/api-failure.ts";

/** Spec §8: the text shown when an error carries no usable description. */
export const UNEXPECTED_ERROR = "Sorry! Something unexpected happened. Please try again.";

export type ApiErrorEntry = {
  _code: string;
  _context: string;
  _description: string;
  _extra: Record<string, unknown>;
};

export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly context: string;
  readonly description: string;
  readonly extra: Record<string, unknown>;
  /** Every entry of the error body (duplicate_code and friends may send several). */
  readonly entries: ApiErrorEntry[];

  constructor(status: number, entries: ApiErrorEntry[], fallback = UNEXPECTED_ERROR) {
    const first = entries[0];
    super(first?._description ?? fallback);
    this.name = "ApiClientError";
    this.status = status;
    this.code = first?._code ?? "unknown_error";
    this.context = first?._context ?? "";
    this.description = first?._description ?? fallback;
    this.extra = first?._extra ?? {};
    this.entries = entries;
  }
}

/** What the domain's rules read of a failed call; anything but an API answer is UNEXPECTED_FAILURE. */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiClientError)
    return { status: error.status, code: error.code, description: error.description, extra: error.extra };
  return { ...UNEXPECTED_FAILURE, extra: {} };
}

/**
 * The one way from a failed call to the words the shopper sees (spec §8): a 4xx's own description,
 * else `fallback`, the screen's generic text.
 */
export function shopperMessage(error: unknown, fallback: string): string {
  return serverText(failureOf(error)) ?? fallback;
}
