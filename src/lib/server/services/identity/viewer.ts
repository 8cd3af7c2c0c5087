/**
 * Who is looking at a storefront page: the `foyer_session` cookie resolved to an identity logged in
 * with this seller, with the first name the header shows. Null for anonymous visitors, for a
 * session of another seller, and for any token that does not resolve. Server only.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { cachedSeller } from "../cart/static-rows.ts";
import { resolveCaller } from "./identity.ts";

export interface Viewer {
  identityId: string;
  firstName: string | null;
}

export async function viewerFor(
  db: Db,
  sellerSlug: string,
  token: string | undefined,
  now: Date,
): Promise<Viewer | null> {
  if (!token) return null;
  const caller = await resolveCaller(db, token, now);
  if (caller.identityId === null) return null;
  const seller = await cachedSeller(db, sellerSlug);
  if (caller.sellerId !== seller.id) return null;
  const [row] = await db
    .select({ firstName: s.identity.firstName })
    .from(s.identity)
    .where(eq(s.identity.id, caller.identityId))
    .limit(1);
  return row ? { identityId: caller.identityId, firstName: row.firstName } : null;
}
