/**
 * The door's in-process API client: page loaders read through the embedded Hono app in this
 * process, with no network hop, speaking the same contract as the browser's client. Server only.
 *
 * Two kinds: `ssrApi()` reads the shared catalogue through /cached_api (nothing personal, one
 * client for the process); `visitorClient()` calls /api as the visitor, with their cookie (and
 * address, where rate limits count it), for anything personal.
 */
import { type ApiClient, createApiClient } from "../../api/client.ts";
import { getRuntime } from "../runtime.ts";

const clients = new Map<string, ApiClient>();

/**
 * The catalogue reader, in a page's language: `language` is the page's when it is not the tenant's
 * default (`locals.languagePrefix` set), so the default language's reads keep their addresses.
 */
export function ssrApi(language?: string): ApiClient {
  const kept = clients.get(language ?? "");
  if (kept) return kept;
  const client = createApiClient({
    language,
    baseUrl: "http://foyer.internal",
    // Pages read the catalogue through the cached API; reserve and checkout calls (islands) use /api.
    prefix: "/cached_api",
    fetch: async (request) => (await getRuntime()).api.fetch(request),
    // Our own API in this process: its catalogue answers need no second zod parse, and one it has
    // stored is read as it is, without a request (server/http/stored-json.ts).
    trusted: true,
    readStored: async (key) => (await getRuntime()).storedJson(key),
  });
  clients.set(language ?? "", client);
  return client;
}

export interface VisitorClientOptions {
  /** The page request's Cookie header, sent on as it is (the session and cart cookies). */
  cookie?: string | null | undefined;
  /** The visitor's address, for the API's rate limits. */
  clientAddress?: string | undefined;
  /** Headers set on each inner request before it is sent (e.g. the forwarded scheme). */
  headers?: Readonly<Record<string, string>>;
  /** The page's language when not the tenant's default (`_lang` on every call). */
  language?: string | undefined;
}

/** The visitor's address as the adapter tells it; undefined when it cannot (limits then share "unknown"). */
export function clientAddressOf(context: { readonly clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/** /api as the visitor: every call carries their cookie; no retries (a page answers once). */
export function visitorClient(options: VisitorClientOptions = {}): ApiClient {
  const { cookie, clientAddress, headers, language } = options;
  return createApiClient({
    language,
    baseUrl: "http://foyer.internal",
    prefix: "/api",
    retries: 0,
    fetch: async (inner) => {
      if (cookie) inner.headers.set("cookie", cookie);
      for (const [name, value] of Object.entries(headers ?? {})) inner.headers.set(name, value);
      const { api } = await getRuntime();
      return clientAddress === undefined ? api.fetch(inner) : api.fetch(inner, { clientAddress });
    },
  });
}

/** "Now" from the runtime's injectable clock, so pages and the API agree on today. */
export async function ssrNow(): Promise<Date> {
  return (await getRuntime()).clock.now();
}
