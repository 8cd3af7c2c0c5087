/**
 * The cart on login (spec 1 §4): the visitor's pending cart of this seller, owned by the public
 * identity, is given to the user who logs in (one conditional UPDATE, so two logins cannot both
 * take it); the user's own pending cart is kept; anything else (unknown, expired, booked, another
 * user's, another seller's) answers null and the storefront clears its local cart.
 */
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { publicIdentityId } from "../identity/identity.ts";

export async function handOffCart(
  ex: Executor,
  cartId: string | undefined,
  sellerId: string,
  identityId: string,
  now: Date,
): Promise<string | null> {
  if (!cartId) return null;
  const live = and(
    eq(s.cart.id, cartId),
    eq(s.cart.sellerId, sellerId),
    eq(s.cart.state, "pending"),
    or(isNull(s.cart.expiresAt), gt(s.cart.expiresAt, now)),
  );
  const [given] = await ex
    .update(s.cart)
    .set({ identityId })
    .where(and(live, eq(s.cart.identityId, publicIdentityId(sellerId))))
    .returning({ id: s.cart.id });
  if (given) return given.id;
  const [own] = await ex
    .select({ id: s.cart.id })
    .from(s.cart)
    .where(and(live, eq(s.cart.identityId, identityId)))
    .limit(1);
  return own?.id ?? null;
}
