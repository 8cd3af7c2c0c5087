/**
 * The browser's API clients: built once per page, over the page's own origin and the browser's
 * fetch (same-origin cookies). Islands and stores import this module lazily, with the feature
 * client they need, so the client and its schemas load with the first call and not with the page.
 */
import { type ApiClient, createApiClient } from "./client.ts";

let fresh: ApiClient | undefined;
let cached: ApiClient | undefined;

/**
 * The page's language for the API: `data-language` on <html>, which Base.astro writes on a page in
 * a language other than the tenant's default (the default needs no `_lang`, so its cached reads
 * keep their addresses).
 */
function pageLanguage(): string | undefined {
  return globalThis.document?.documentElement.dataset.language || undefined;
}

function build(prefix: "/api" | "/cached_api"): ApiClient {
  return createApiClient({
    language: pageLanguage(),
    // Looked up on each call, so a test's stubbed fetch is the one used.
    fetch: (request) => globalThis.fetch(request),
    baseUrl: globalThis.location?.origin ?? "http://localhost",
    prefix,
  });
}

/** The client of /api: fresh reads and every write. */
export function browserClient(): ApiClient {
  fresh ??= build("/api");
  return fresh;
}

/** Both clients, for the feature clients that send cacheable reads to /cached_api. */
export function browserClients(): { cached: ApiClient; fresh: ApiClient } {
  cached ??= build("/cached_api");
  return { cached, fresh: browserClient() };
}
