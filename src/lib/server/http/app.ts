/**
 * The embedded ticketing API. One router serves both /api/* (fresh) and /cached_api/*
 * (CDN-cacheable reads). Every failure leaves as the contract's `_data` error body.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { getTenant, soleTenant, tenantForHost } from "../../tenant/load.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { ApiError, fail, validationFailed } from "../errors/api-error.ts";
import { localizedErrorBody } from "../errors/localize.ts";
import { logger } from "../log/logger.ts";
import type { ApiDeps, ApiEnv } from "../request/env.ts";
import { ResponseCache } from "../response-cache.ts";
import { withHostSeller } from "../tenant-hosts/api.ts";
import { refuseHostileBody } from "./body-guard.ts";
import { cors, requestSellerSlug } from "./cors.ts";
import { requestTenant } from "./request-language.ts";
import { recordApiRoute } from "./request-log.ts";
import { newRouter } from "./router.ts";
import { registerRoutes } from "./routes/index.ts";

/** The largest request body the API reads (Stripe webhooks are the biggest, well under this). */
export const MAX_BODY_BYTES = 256 * 1024;

export const CACHED_API_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

/** True when the text holds a C0 control character or DEL. */
function containsControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Checks a percent-encoded path or query; a malformed escape counts as bad input too. */
function hasControlCharacter(encoded: string): boolean {
  try {
    return containsControl(decodeURIComponent(encoded.replace(/\+/g, " ")));
  } catch {
    return true;
  }
}

/**
 * The tenant an error speaks for, as the routes find it: `_seller` (a slug; on a tenant's own host
 * name the host names it and `_seller` is added), else the host, else the deployment's only tenant,
 * else the seller of the cart the path names;
 * in the call's language (`_lang`). Undefined: the row's English.
 */
async function errorWords(c: Context<ApiEnv>): Promise<Tenant | undefined> {
  const seller = c.req.query("_seller");
  let tenant =
    (seller ? getTenant(seller) : undefined) ?? tenantForHost(c.req.header("host")) ?? soleTenant();
  if (!tenant && c.get("deps")) {
    // A cart's calls name the seller by the cart (or `_seller` by id): the lookup CORS makes.
    const slug = await requestSellerSlug(c).catch(() => undefined);
    tenant = slug ? getTenant(slug) : undefined;
  }
  return tenant ? requestTenant(c, tenant) : undefined;
}

/** The /cached_api answers kept in process: 30 s, 1000 entries at most (DESIGN §3). */
export function newCachedApiCache(): ResponseCache {
  return new ResponseCache(30_000, 1000);
}

/** `cache`: where /cached_api answers are kept; the runtime shares it with the pages' in-process reads. */
export function createApiApp(deps: ApiDeps, cache: ResponseCache = newCachedApiCache()) {
  const app = new OpenAPIHono<ApiEnv>();

  app.onError(async (error, c) => {
    if (error instanceof ApiError)
      return c.json(localizedErrorBody(error, await errorWords(c)), error.status);
    // Malformed JSON bodies and similar parse failures are the client's fault.
    if (error instanceof SyntaxError) return c.json(validationFailed("Malformed request body.").body(), 400);
    // Hono's own client errors (e.g. a JSON body that does not parse in the validator).
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(validationFailed(error.message || "Malformed request.").body(), 400);
    }
    // The logger's error serializer drops the query's parameters (personal data) and keeps the stack;
    // the line carries the request id (log/request-context.ts).
    logger.error({ err: error, method: c.req.method, route: c.req.routePath }, "api.unexpected_error");
    return c.json(localizedErrorBody(fail("internal_error"), await errorWords(c)), 500);
  });
  app.notFound(async (c) => c.json(localizedErrorBody(fail("not_found"), await errorWords(c)), 404));
  app.use("*", recordApiRoute);
  // CORS for the origins tenants list; needs the deps (the cart's seller) before the routers.
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    return cors(c, next);
  });

  for (const prefix of ["/api", "/cached_api"] as const) {
    const cached = prefix === "/cached_api";
    const router = newRouter();
    // No call of the contract sends more than a few kilobytes; a bigger body is refused before it is
    // read into memory (the body guard below reads whole bodies).
    router.use(
      "*",
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw fail("payload_too_large", { extra: { max_bytes: MAX_BODY_BYTES } });
        },
      }),
    );
    router.use("*", async (c, next) => {
      // Control characters (NUL above all, which PostgreSQL refuses in text) are never valid input.
      const raw = new URL(c.req.url);
      if (hasControlCharacter(raw.pathname) || hasControlCharacter(raw.search)) {
        throw validationFailed("The request contains control characters.");
      }
      await refuseHostileBody(c.req);
      c.set("deps", deps);
      c.set("cached", cached);
      const cacheKey =
        cached && c.req.method === "GET" ? c.req.url.slice(c.req.url.indexOf(prefix)) : undefined;
      const hit = cacheKey ? cache.get(cacheKey, deps.clock.now().getTime()) : undefined;
      if (hit) {
        c.header("X-Cache", "hit");
        c.header("Cache-Control", CACHED_API_CACHE_CONTROL);
        return c.body(hit.body, 200, { "Content-Type": hit.contentType });
      }
      await next();
      const contentType = c.res.headers.get("Content-Type") ?? "";
      // A route that answers no-store (the cart) is private: never cached, even under /cached_api.
      const privateAnswer = c.res.headers.get("Cache-Control")?.includes("no-store") ?? false;
      if (cacheKey && !privateAnswer && c.res.status === 200 && contentType.startsWith("application/json")) {
        const body = await c.res.clone().text();
        cache.set(cacheKey, { body, contentType, storedAt: deps.clock.now().getTime() });
      }
      if (cached && c.req.method === "GET" && c.res.status === 200 && !privateAnswer) {
        c.res.headers.set("Cache-Control", CACHED_API_CACHE_CONTROL);
      } else if (!c.res.headers.has("Cache-Control")) {
        c.res.headers.set("Cache-Control", "no-store");
      }
    });
    registerRoutes(router);
    app.route(prefix, router);
  }

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Foyer ticketing API", version: "1.0.0" },
  });
  // On a tenant's own host name the Host names the seller: `_seller` is added or checked.
  const dispatch = app.fetch;
  app.fetch = async (request, ...rest) => {
    const named = await withHostSeller(request, deps.db);
    return named instanceof Response ? named : dispatch(named, ...rest);
  };
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
