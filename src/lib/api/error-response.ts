/**
 * A failed response read into the typed error, and the error of an answer that breaks the
 * contract. Only the API client (client.ts) uses these: they load with it and its schemas.
 */
import { ApiClientError } from "./errors.ts";
import { apiErrorBody } from "./schemas.ts";

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
