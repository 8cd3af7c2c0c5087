/**
 * Who calls the admin API, and whether they may: a staff session (the `foyer_staff` cookie, past
 * its second factor) or a per-tenant API key (`Authorization: Bearer foyer_…`). Either belongs to
 * one tenant; a `_seller` naming another is not found, so no call reaches across tenants.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type AdminAction, allows, type StaffActor } from "../../../../domain/admin/roles.ts";
import { fail, notFound } from "../../../errors/api-error.ts";
import type { ApiEnv } from "../../../request/env.ts";
import { actorOfApiKey } from "../../../services/admin/staff/api-keys.ts";
import {
  type ResolvedStaff,
  resolveStaffSession,
  STAFF_COOKIE,
} from "../../../services/admin/staff/login.ts";
import { cachedSeller } from "../../../services/cart/static-rows.ts";

export function staffToken(c: Context<ApiEnv>): string | undefined {
  return getCookie(c, STAFF_COOKIE);
}

/** The staff session of the request's cookie, in whatever state, or null. */
export async function staffSessionOf(c: Context<ApiEnv>): Promise<ResolvedStaff | null> {
  const { db, clock } = c.get("deps");
  return resolveStaffSession(db, staffToken(c), clock.now());
}

/**
 * The caller, allowed to do `action`, of the tenant `_seller` names (when it names one).
 * 401 without a usable session or key, 403 when the role does not allow it.
 */
export async function requireActor(
  c: Context<ApiEnv>,
  action: AdminAction,
  sellerRef: string | undefined,
): Promise<StaffActor> {
  const { db, clock } = c.get("deps");
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  let actor: StaffActor;
  if (bearer) {
    actor = await actorOfApiKey(db, bearer, clock.now());
  } else {
    const session = await staffSessionOf(c);
    if (!session) throw fail("staff_not_logged_in");
    if (session.state === "second_factor") throw fail("staff_second_factor_required");
    if (session.state === "setup_second_factor") throw fail("staff_second_factor_setup_required");
    actor = session.actor;
  }
  if (sellerRef) {
    const seller = await cachedSeller(db, sellerRef).catch(() => null);
    if (!seller || seller.id !== actor.sellerId) throw notFound("seller", sellerRef);
  }
  if (!allows(actor.role, action)) throw fail("forbidden_for_role", { extra: { role: actor.role, action } });
  return actor;
}

/** Admin answers are never cached, and the admin API is never under /cached_api. */
export const adminOnlyFresh: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get("cached")) throw fail("not_found");
  await next();
  c.res.headers.set("Cache-Control", "no-store");
};
