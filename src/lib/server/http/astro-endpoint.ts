import type { APIRoute } from "astro";
import { getRuntime } from "../runtime.ts";

/** The single handler behind /api/* and /cached_api/*: hands the request to the Hono app. */
export const handleApiRequest: APIRoute = async ({ request }) => {
  const { api } = await getRuntime();
  return api.fetch(request);
};
