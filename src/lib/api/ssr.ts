/**
 * The API client for server-rendered pages: requests go to the embedded Hono app in process,
 * with no network hop. Server only.
 */
import { getRuntime } from "../server/runtime.ts";
import { type ApiClient, createApiClient } from "./client.ts";

let client: ApiClient | undefined;

export function ssrApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: "http://foyer.internal",
    // Pages read the catalogue through the cached API; reserve and checkout calls (islands) use /api.
    prefix: "/cached_api",
    fetch: async (request) => (await getRuntime()).api.fetch(request),
    // Our own API in this process: its catalogue answers need no second zod parse, and one it has
    // stored is read as it is, without a request (server/http/stored-json.ts).
    trusted: true,
    readStored: async (key) => (await getRuntime()).storedJson(key),
  });
  return client;
}

/** Pages with nothing personal on them (spec: CDN cacheable for a minute). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/** "Now" from the runtime's injectable clock, so pages and the API agree on today. */
export async function ssrNow(): Promise<Date> {
  return (await getRuntime()).clock.now();
}
