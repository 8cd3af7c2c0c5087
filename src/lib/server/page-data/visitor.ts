/**
 * Who is looking at a storefront page: the `foyer_session` cookie resolved to an identity logged in
 * with this seller, with the first name the header shows. Null for anonymous visitors, for a
 * session of another seller, and for any token that does not resolve. Server only.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";
import { cachedSeller } from "../services/cart/static-rows.ts";
import { liveSession } from "../services/identity/identity.ts";

/** The session cookie's name, for the middleware and the loaders that check for a session. */
export { SESSION_COOKIE } from "../services/identity/identity.ts";

export interface Viewer {
  identityId: string;
  firstName: string | null;
  /** Their e-mail (the membership form refuses a gift to oneself); read with the session, no extra query. */
  email: string | null;
}

export async function viewerFor(
  db: Db,
  sellerSlug: string,
  token: string | undefined,
  now: Date,
): Promise<Viewer | null> {
  const live = liveSession(token, now);
  if (!live) return null;
  // One read for the session and its identity's first name: every page a member opens asks it
  // (their pages are never shared, so never micro-cached), and on PGlite each read is a WebAssembly
  // call of its own ("one combined read in place of two").
  const [row] = await db
    .select({
      identityId: s.identity.id,
      sellerId: s.authSession.sellerId,
      firstName: s.identity.firstName,
      email: s.identity.email,
    })
    .from(s.authSession)
    .innerJoin(s.identity, eq(s.identity.id, s.authSession.identityId))
    .where(live)
    .limit(1);
  if (!row) return null;
  const seller = await cachedSeller(db, sellerSlug);
  return row.sellerId === seller.id
    ? { identityId: row.identityId, firstName: row.firstName, email: row.email }
    : null;
}
