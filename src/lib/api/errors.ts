/**
 * The typed failure of an API call: the contract's error body
 * `{_data: [{_code, _context, _description, _extra}]}` flattened to its first entry, plus the
 * HTTP status. Network failures and timeouts use status 0 and codes `network_error`/`timeout`.
 */
import { apiErrorBody } from "./schemas.ts";

/** Spec §8: the text shown when an error carries no usable description. */
export const UNEXPECTED_ERROR = "Sorry! Something unexpected happened. Please try again.";

type ApiErrorEntry = {
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

/** Builds the typed error from a failed response, whatever its body looks like. */
export async function errorFromResponse(res: Response): Promise<ApiClientError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const parsed = apiErrorBody.safeParse(body);
  if (parsed.success) return new ApiClientError(res.status, parsed.data._data);
  return new ApiClientError(res.status, [
    {
      _code: res.status === 404 ? "not_found" : "unknown_error",
      _context: "",
      _description: `HTTP ${res.status}`,
      _extra: {},
    },
  ]);
}

/** Thrown when a response does not match the contract's schema: a server bug, never user input. */
export class ApiContractError extends ApiClientError {
  constructor(path: string, message: string) {
    super(502, [{ _code: "contract_mismatch", _context: path, _description: message, _extra: {} }]);
    this.name = "ApiContractError";
  }
}
