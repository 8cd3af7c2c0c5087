import type { APIRoute } from "astro";
import { getRuntime } from "../runtime.ts";

/** The single handler behind /api/* and /cached_api/*: hands the request to the Hono app. */
export const handleApiRequest: APIRoute = async (context) => {
  const { api } = await getRuntime();
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address; per-address limits then share "unknown".
  }
  return api.fetch(context.request, { clientAddress });
};
