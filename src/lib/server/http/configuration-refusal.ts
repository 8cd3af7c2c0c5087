/**
 * The answer of every API call while the startup check refuses the settings (config/startup.ts):
 * 503 with the contract's error body, `_code` `configuration_refused` and the full message, so
 * scripts/serve.mjs, whose startup check calls /api/health, can print it and exit 1. The message
 * names settings only, never their values.
 */
import type { ConfigurationError } from "../config/startup.ts";
import { ApiError } from "./errors.ts";

export const CONFIGURATION_REFUSED = "configuration_refused";

export function configurationRefusal(error: ConfigurationError): Response {
  const body = new ApiError(503, CONFIGURATION_REFUSED, error.message, {
    extra: { problems: [...error.problems] },
  }).body();
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
