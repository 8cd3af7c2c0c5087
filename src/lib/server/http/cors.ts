/**
 * CORS for browser clients of the API on other origins. A tenant lists the origins it
 * allows in `web.cors_origins` (tenant/schema.ts). For a request whose Origin differs from its Host:
 *
 * - The tenant is the seller of the cart in the path (`my/cart/{id}/…`, `cart/{id}/…`), else the
 *   one `_seller` names; a request that names neither (POST my/cart with seller_id in
 *   its body, the OpenAPI document) is allowed for an origin any tenant lists. The cart a path names
 *   still decides its own tenant, so one tenant's origin never reaches another tenant's cart.
 * - Preflight (OPTIONS with Access-Control-Request-Method): 204 with the allowed methods and headers
 *   for a listed origin; reads anywhere, writes only on cart paths under /api. Anything else is 403
 *   without CORS headers, so the browser sends nothing.
 * - Reads: an answer to a listed origin carries Access-Control-Allow-Origin (never
 *   Allow-Credentials: a browser's cookies are not used for these clients). Every API answer has
 *   `Vary: Origin`, so a cache in front keeps origins apart.
 * - Writes: sameOriginWrites (routes/_shared.ts) lets a cross-origin write through only when this
 *   middleware marked it `crossOriginWrite`: a listed origin, a cart path under /api, and no Cookie
 *   header. A write that carries cookies stays same-origin (403 as before), and a cart owned by a
 *   user needs that user's cookie (services/cart/access.ts), so only public carts change.
 */
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { loadTenants } from "../../tenant/load.ts";
import type { Tenant } from "../../tenant/schema.ts";
import * as s from "../db/schema.ts";
import { fail } from "../errors/api-error.ts";
import type { ApiEnv } from "../request/env.ts";
import { cachedSeller } from "../services/cart/static-rows.ts";

export const CORS_ALLOWED_HEADERS = [
  "Content-Type",
  "Accept",
  "Accept-Language",
  "Idempotency-Key",
  "X-Ecommerce-App",
];
export const CORS_EXPOSED_HEADERS = ["Retry-After", "X-Cache"];
export const CORS_MAX_AGE_SECONDS = 600;

const READ_METHODS = new Set(["GET", "HEAD"]);
const CART_WRITE_METHODS = ["POST", "PATCH", "DELETE"];
/** The public-cart calls under /api: my/cart, my/cart/modify, my/cart/{id}/…, cart/{id}/…. */
const CART_PATH = /^\/api\/(my\/)?cart(\/|$)/;
/** The cart id a cart path names (not `modify`, which creates one). */
const CART_ID_PATH = /^\/(?:api|cached_api)\/(?:my\/)?cart\/([^/]+)/;

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** True when the request comes from a page of another origin (Origin's host differs from Host). */
function crossOrigin(c: Context<ApiEnv>, origin: string): boolean {
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  return hostOf(origin) !== host;
}

/** The cart id a path names, if any (`my/cart/modify` creates a cart and names none). */
function cartIdOf(path: string): string | undefined {
  const id = CART_ID_PATH.exec(path)?.[1];
  return id && id !== "modify" ? id : undefined;
}

/**
 * The seller slug a request concerns: the cart's in the path (whatever `_seller` says), else the
 * one `_seller` names; undefined when it names none, or one that does not exist.
 */
async function sellerSlugOf(c: Context<ApiEnv>, cartId: string | undefined): Promise<string | undefined> {
  const { db } = c.get("deps");
  if (cartId) {
    const [row] = await db
      .select({ slug: s.seller.slug })
      .from(s.cart)
      .innerJoin(s.seller, eq(s.seller.id, s.cart.sellerId))
      .where(eq(s.cart.id, cartId))
      .limit(1);
    return row?.slug;
  }
  const sellerRef = c.req.query("_seller");
  if (!sellerRef) return undefined;
  try {
    return (await cachedSeller(db, sellerRef)).slug;
  } catch {
    return undefined;
  }
}

/** The seller slug a request concerns (the cart's in its path, else `_seller`'s), for its error's words. */
export function requestSellerSlug(c: Context<ApiEnv>): Promise<string | undefined> {
  return sellerSlugOf(c, cartIdOf(new URL(c.req.url).pathname));
}

/** Whether `origin` is listed by the request's tenant (or, when it names none, by any tenant). */
export function originAllowed(
  origin: string,
  sellerSlug: string | undefined,
  tenants: ReadonlyMap<string, Pick<Tenant, "web">>,
  named: boolean,
): boolean {
  const lists = (tenant: Pick<Tenant, "web"> | undefined) =>
    tenant?.web.cors_origins?.includes(origin) ?? false;
  if (named) return sellerSlug !== undefined && lists(tenants.get(sellerSlug));
  return [...tenants.values()].some(lists);
}

const refused = () =>
  fail("forbidden", { description: "Cross-origin requests from this origin are not allowed." });

/**
 * Every API answer varies by Origin (a CDN in front of /cached_api must not hand one origin's
 * answer, with or without Access-Control-Allow-Origin, to another).
 */
function varyOnOrigin(c: Context<ApiEnv>): void {
  try {
    if (!/\borigin\b/i.test(c.res.headers.get("Vary") ?? "")) c.res.headers.append("Vary", "Origin");
  } catch {
    // An answer with immutable headers (none of the API's today) keeps them.
  }
}

export const cors: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  if (origin === undefined || !crossOrigin(c, origin)) {
    await next();
    varyOnOrigin(c);
    return;
  }
  const path = new URL(c.req.url).pathname;
  const cartId = cartIdOf(path);
  const named = cartId !== undefined || Boolean(c.req.query("_seller"));
  const allowed = originAllowed(origin, await sellerSlugOf(c, cartId), loadTenants(), named);
  const cartPath = CART_PATH.test(path);
  const requested = c.req.header("access-control-request-method");
  if (c.req.method === "OPTIONS" && requested !== undefined) {
    const method = requested.toUpperCase();
    if (!allowed || !(READ_METHODS.has(method) || (cartPath && CART_WRITE_METHODS.includes(method)))) {
      const error = refused();
      return c.json(error.body(), error.status);
    }
    return c.body(null, 204, {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": ["GET", "HEAD", ...(cartPath ? CART_WRITE_METHODS : [])].join(", "),
      "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS.join(", "),
      "Access-Control-Max-Age": String(CORS_MAX_AGE_SECONDS),
      Vary: "Origin",
      "Cache-Control": "no-store",
    });
  }
  if (allowed && cartPath && !c.req.header("cookie")) c.set("crossOriginWrite", true);
  await next();
  varyOnOrigin(c);
  if (allowed) {
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.set("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS.join(", "));
  }
};
