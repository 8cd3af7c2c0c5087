/**
 * The typed client of the ticketing API, shared by SSR pages (in process, see server/page-data/client.ts) and islands
 * (over HTTP). Every request carries the ecommerce-app header; every answer is parsed with the
 * contract's zod schemas; every failure becomes an ApiClientError. GETs are retried (spec §7, §9):
 * up to 3 retries, 250 ms first delay, doubling, on a network error, a timeout or a 502.
 */
import type { z } from "zod";
import { configEnvelope, eventListEnvelope } from "./envelopes.ts";
import { ApiContractError, errorFromResponse } from "./error-response.ts";
import { ApiClientError, UNEXPECTED_ERROR } from "./errors.ts";

export const ECOMMERCE_APP_HEADER = "X-Ecommerce-App";
const ECOMMERCE_APP_NAME = "foyer-web";
const GET_RETRIES = 3;
const GET_RETRY_DELAY_MS = 250;
const DEFAULT_TIMEOUT_MS = 15_000;

export type FetchLike = (request: Request) => Promise<Response>;
type QueryValue = string | number | boolean | readonly string[] | undefined | null;
export type Query = Record<string, QueryValue>;

export interface ApiClientOptions {
  fetch: FetchLike;
  /** Origin the /api paths are resolved against, e.g. "http://127.0.0.1:4321" or location.origin. */
  baseUrl: string;
  /** "/api" (fresh, default) or "/cached_api" (CDN-cacheable reads). */
  prefix?: "/api" | "/cached_api";
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The page's language (`_lang` on every call, DESIGN §13): the API answers its texts, error
   * messages and catalogue content in it. Absent, the tenant's default language.
   */
  language?: string | undefined;
  /**
   * The answers come from this process's own API (server/page-data/client.ts), built to the same contract: the
   * catalogue reads (listing, event, config) skip the second zod parse. Every other call, and every
   * answer from over the network, is still parsed.
   */
  trusted?: boolean;
  /**
   * With `trusted`: the answer this process's API has stored for a catalogue read, by its
   * /cached_api path and query, or undefined (then the read is a request, as any other).
   */
  readStored?: (key: string) => unknown;
}

function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiContractError) return false;
  // status 0: a network error or a timeout (see once()).
  if (error instanceof ApiClientError) return error.status === 0 || error.status === 502;
  return false;
}

export function createApiClient(options: ApiClientOptions) {
  const prefix = options.prefix ?? "/api";
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = options.retries ?? GET_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? GET_RETRY_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;

  const language = options.language;
  /** The call's path and query under the prefix, as the API's answer cache keys it. */
  function address(path: string, query?: Query): string {
    const withLanguage = language ? { ...query, _lang: language } : query;
    return `${prefix}/${path.replace(/^\/+/, "")}${buildQuery(withLanguage)}`;
  }
  function url(path: string, query?: Query): string {
    return new URL(address(path, query), options.baseUrl).toString();
  }

  async function once(method: string, path: string, query?: Query, body?: unknown): Promise<unknown> {
    const headers = new Headers({ [ECOMMERCE_APP_HEADER]: ECOMMERCE_APP_NAME, accept: "application/json" });
    if (body !== undefined) headers.set("content-type", "application/json");
    const request = new Request(url(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let res: Response;
    try {
      res = await options.fetch(request);
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ApiClientError(0, [
        {
          _code: timedOut ? "timeout" : "network_error",
          _context: path,
          _description: UNEXPECTED_ERROR,
          _extra: {},
        },
      ]);
    }
    if (!res.ok) throw await errorFromResponse(res);
    if (res.status === 204) return undefined;
    try {
      return await res.json();
    } catch {
      // A body that is not JSON (a proxy's HTML page, a cut-off answer) is a typed failure too.
      throw new ApiClientError(res.status, [
        { _code: "invalid_response", _context: path, _description: UNEXPECTED_ERROR, _extra: {} },
      ]);
    }
  }

  function parse<S extends z.ZodType>(path: string, schema: S, data: unknown): z.infer<S> {
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new ApiContractError(path, `Unexpected response at ${issue?.path.join(".")}: ${issue?.message}`);
    }
    return result.data;
  }

  async function get<S extends z.ZodType>(
    path: string,
    query: Query,
    schema: S,
    unchecked = false,
  ): Promise<z.infer<S>> {
    let attempt = 0;
    for (;;) {
      try {
        if (unchecked && options.readStored) {
          // Without a URL's parse: a path the URL would have written otherwise is only a miss.
          const stored = await options.readStored(address(path, query));
          if (stored !== undefined) return stored as z.infer<S>;
        }
        const data = await once("GET", path, query);
        if (unchecked) return data as z.infer<S>;
        return parse(path, schema, data);
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error;
        await sleep(retryDelayMs * 2 ** attempt);
        attempt += 1;
      }
    }
  }

  /** Writes are never retried: a retried reserve could hold tickets twice. */
  async function send<S extends z.ZodType>(
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    query: Query,
    body: unknown,
    schema: S,
  ): Promise<z.infer<S>> {
    return parse(path, schema, await once(method, path, query, body));
  }

  /** A catalogue read: parsed unless the answers are trusted (see ApiClientOptions.trusted). */
  function read<S extends z.ZodType>(path: string, query: Query, schema: S): Promise<z.infer<S>> {
    return get(path, query, schema, options.trusted === true);
  }

  return {
    url,
    get: <S extends z.ZodType>(path: string, query: Query, schema: S) => get(path, query, schema),
    send,
    /** GET events/available: the listing. Hidden (public_link_only) events are excluded by the API. */
    listAvailableEvents(
      seller: string,
      filters: Query = {},
      embed = ["meta", "venue", "config", "ticket_group", "ticket_type"],
    ) {
      return read("events/available", { _seller: seller, _embed: embed, ...filters }, eventListEnvelope);
    },
    /** GET events/{id}; a missing event is an ApiClientError with status 404. */
    getEvent(
      seller: string,
      id: string,
      embed = ["meta", "venue", "ticket_group", "ticket_type", "message_rule", "config"],
    ) {
      return read(`events/${encodeURIComponent(id)}`, { _seller: seller, _embed: embed }, eventListEnvelope);
    },
    getConfig(seller: string, query: Query = {}) {
      return read("config", { _seller: seller, ...query }, configEnvelope);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
