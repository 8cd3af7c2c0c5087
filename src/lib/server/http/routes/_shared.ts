/** Shared pieces of the routes: documented query and response schemas, raw query access, the same-origin write check, /api-only calls. */
import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { apiErrorBody } from "../../../api/schemas.ts";
import { fail } from "../../errors/api-error.ts";
import type { ApiEnv } from "../../request/env.ts";
import { forbidden } from "../../services/cart/errors.ts";
import type { RawQuery } from "../query/index.ts";

const str = (description: string) => z.string().max(2000).optional().openapi({ description });

export const listQueryShape = {
  _seller: str("Seller slug or id; not needed on a tenant's own host name, where another seller is 404."),
  _embed: str("Comma list of embeds; dotted embeds such as ticket_group.meta."),
  _limit: str("1..1000, default 100."),
  _offset: str("Rows to skip."),
  _sort: str("field or -field (descending); relation.field sorts by an embedded resource's field."),
  _withmemberevents: str("Sent by existing clients of the API family; accepted and ignored."),
};

/** Query schema for the doc: the listed keys, plus field filters (field, field._in, field._gte, ...). */
export const listQuery = (extra: Record<string, z.ZodOptional<z.ZodString>> = {}) =>
  z.object({ ...listQueryShape, ...extra }).catchall(z.string().max(2000));

export const errorResponses = {
  400: {
    description: "Bad input (validation_failed).",
    content: { "application/json": { schema: apiErrorBody } },
  },
  404: { description: "Not found.", content: { "application/json": { schema: apiErrorBody } } },
} as const;

/** A read's body: collections keyed by resource type, each { _count, _data }. */
export const envelope = z.record(z.string(), z.object({ _count: z.number(), _data: z.array(z.unknown()) }));

/** The documented responses of a route: 200 with `schema`, and the error bodies. */
/** A required JSON request body of this schema (OpenAPI). */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** The API error body documented for each of these statuses (OpenAPI). */
export const errorBodies = (...codes: (400 | 401 | 402 | 403 | 404 | 409 | 410 | 422 | 429 | 503)[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      { description: "Error.", content: { "application/json": { schema: apiErrorBody } } },
    ]),
  );

export const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
});

export function rawQuery(c: Context<ApiEnv>): RawQuery {
  return c.req.queries() as RawQuery;
}

export const selectionLine = z.object({
  ticket_type_id: z.string().min(1).max(200),
  quantity: z.number().int().min(0).max(1000).default(1),
});

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** DESIGN §5: a request that changes state checks its origin. No Origin header (curl, server) passes. */
export const sameOriginWrites: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  if (origin !== undefined && WRITE_METHODS.has(c.req.method)) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    // A tenant's CORS origin may change a public cart without cookies (http/cors.ts).
    if (originHost !== host && !c.get("crossOriginWrite"))
      throw forbidden("Cross-site requests are not allowed.");
  }
  await next();
};

/**
 * Calls that exist under /api only (a /cached_api path is not found) and whose answers are never
 * stored: personal ones, or ones that change state.
 */
export function apiOnly(cacheControl = "no-store"): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.get("cached")) throw fail("not_found");
    await next();
    c.res.headers.set("Cache-Control", cacheControl);
  };
}
