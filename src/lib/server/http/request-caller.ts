/**
 * The caller of a cart, checkout or payment call: the identity of the `foyer_session` cookie and
 * the seller whose storefront the call is made in (`_seller`, which the tenant-host middleware adds
 * on a tenant's own host name; else the seller of the caller's session). One helper for every route that takes a cart id, so the seller
 * check (services/cart/access.ts, assertCanUse) sees the same context everywhere.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../errors/api-error.ts";
import type { ApiEnv } from "../request/env.ts";
import { cachedSeller } from "../services/cart/static-rows.ts";
import { type Caller, resolveCaller, SESSION_COOKIE } from "../services/identity/identity.ts";
import { ADMISSION_COOKIE } from "../services/waiting-room/admission-token.ts";

/**
 * The seller id every `_seller` of the request names; "" (no seller's id) when one is unknown or
 * they name different sellers, so no cart matches; undefined when the request names none.
 */
async function storefrontSellerId(c: Context<ApiEnv>): Promise<string | undefined> {
  const refs = c.req.queries("_seller") ?? [];
  if (refs.length === 0) return undefined;
  const { db } = c.get("deps");
  const ids = new Set<string>();
  for (const ref of refs) {
    try {
      ids.add((await cachedSeller(db, ref)).id);
    } catch (error) {
      if (error instanceof ApiError) return "";
      throw error;
    }
  }
  return ids.size === 1 ? ([...ids][0] ?? "") : "";
}

/**
 * The caller, in the seller context of the request: the seller `_seller` names; without one, the
 * seller a logged-in caller's session belongs to (a session is one seller's); without either (a
 * guest on the shared host naming no seller), none, and a guest cart's id alone opens it (spec §6).
 */
export async function requestCaller(c: Context<ApiEnv>): Promise<Caller> {
  const { db, clock } = c.get("deps");
  const caller = await resolveCaller(db, getCookie(c, SESSION_COOKIE), clock.now());
  const storefront = (await storefrontSellerId(c)) ?? caller.sellerId ?? undefined;
  const admissionToken = getCookie(c, ADMISSION_COOKIE);
  const withLine = admissionToken ? { ...caller, admissionToken } : caller;
  return storefront === undefined ? withLine : { ...withLine, storefrontSellerId: storefront };
}
