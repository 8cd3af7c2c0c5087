import type { APIRoute } from "astro";
import { ConfigurationError } from "../config/startup.ts";
import { getRuntime } from "../runtime.ts";
import { configurationRefusal } from "./configuration-refusal.ts";

/**
 * The Hono app's answer to an API request. `clientAddress`: the caller's address as the adapter
 * tells it (per-address limits share "unknown" without it).
 */
export async function apiAnswer(request: Request, clientAddress: string | undefined): Promise<Response> {
  let api: Awaited<ReturnType<typeof getRuntime>>["api"];
  try {
    ({ api } = await getRuntime());
  } catch (error) {
    // The startup check refused the settings: say which (scripts/serve.mjs prints it and exits 1).
    if (error instanceof ConfigurationError) return configurationRefusal(error);
    throw error;
  }
  return api.fetch(request, { clientAddress });
}

/** The single handler behind /api/* and /cached_api/*: hands the request to the Hono app. */
export const handleApiRequest: APIRoute = async (context) => {
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address; per-address limits then share "unknown".
  }
  return apiAnswer(context.request, clientAddress);
};
