/**
 * The answer of every API call while the startup check refuses the settings (config/startup.ts):
 * 503 with the contract's error body, `_code` `configuration_refused` and the full message, so
 * scripts/serve.mjs, whose startup check calls /api/health, can print it and exit 1. The message
 * names settings only, never their values.
 */
import type { ConfigurationError } from "../config/startup.ts";
import { fail } from "../errors/api-error.ts";

export function configurationRefusal(error: ConfigurationError): Response {
  const refused = fail("configuration_refused", {
    description: error.message,
    extra: { problems: [...error.problems] },
  });
  return new Response(JSON.stringify(refused.body()), {
    status: refused.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
