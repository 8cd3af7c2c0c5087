/**
 * Who is looking at a storefront page: the `foyer_session` cookie resolved to an identity logged in
 * with this seller, with the first name the header shows. Null for anonymous visitors, for a
 * session of another seller, and for any token that does not resolve. Server only.
 */
import type { Db } from "../db/client.ts";
import { cachedSeller } from "../services/cart/static-rows.ts";
import { couldBeSessionToken, hashSessionToken } from "../services/identity/identity.ts";
import { viewerRead } from "./viewer-read.ts";

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
  if (!couldBeSessionToken(token)) return null;
  // One read for the session and its identity's first name (viewer-read.ts says how it is made cheap).
  const row = await viewerRead(db)(hashSessionToken(token), now);
  if (!row) return null;
  const seller = await cachedSeller(db, sellerSlug);
  return row.sellerId === seller.id
    ? { identityId: row.identityId, firstName: row.firstName, email: row.email }
    : null;
}
