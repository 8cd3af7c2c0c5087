import type { APIRoute } from "astro";
import { ConfigurationError } from "../config/startup.ts";
import { getRuntime } from "../runtime.ts";
import { configurationRefusal } from "./configuration-refusal.ts";

/** The single handler behind /api/* and /cached_api/*: hands the request to the Hono app. */
export const handleApiRequest: APIRoute = async (context) => {
  let api: Awaited<ReturnType<typeof getRuntime>>["api"];
  try {
    ({ api } = await getRuntime());
  } catch (error) {
    // The startup check refused the settings: say which (scripts/serve.mjs prints it and exits 1).
    if (error instanceof ConfigurationError) return configurationRefusal(error);
    throw error;
  }
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address; per-address limits then share "unknown".
  }
  return api.fetch(context.request, { clientAddress });
};
