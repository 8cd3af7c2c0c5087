/**
 * Who is calling: the `foyer_session` cookie resolved to an identity (the SHA-256 of the cookie's
 * token looked up in auth_session, not revoked, not expired), and the seller's public identity
 * that owns guests' carts.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, type Placeholder, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export const SESSION_COOKIE = "foyer_session";

/** The id of a seller's public identity (the owner of guests' carts). */
export function publicIdentityId(sellerId: string): string {
  return `${sellerId}:public`;
}

export function isPublicIdentity(identityId: string, sellerId: string): boolean {
  return identityId === publicIdentityId(sellerId);
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface Caller {
  /** The logged-in identity, or null for an anonymous caller. */
  identityId: string | null;
  sellerId: string | null;
  /**
   * The seller whose storefront the call is made in (`_seller`, or the tenant's own host name),
   * when the request names one: a cart of any other seller is not found (services/cart/access.ts).
   */
  storefrontSellerId?: string;
  /** The on-sale line's admission token (the waiting room's cookie), when the request carries one. */
  admissionToken?: string;
  /** A sale at the box office's desk: staff sell past the on-sale line. */
  staffSale?: true;
}

export const ANONYMOUS: Caller = { identityId: null, sellerId: null };

/** The longest session token looked up; a longer one is no session. */
const MAX_TOKEN_LENGTH = 512;

/**
 * The condition on auth_session rows for a live session of `token` (known, not revoked, not
 * expired), or undefined when the token cannot be one. One rule for every lookup of a session.
 */
export function liveSession(token: string | undefined, now: Date): SQL | undefined {
  if (!couldBeSessionToken(token)) return undefined;
  return liveSessionWhere(hashSessionToken(token), now);
}

/** Whether a cookie's value can be a session token at all (else no lookup is made). */
export function couldBeSessionToken(token: string | undefined): token is string {
  return Boolean(token) && (token as string).length <= MAX_TOKEN_LENGTH;
}

/**
 * The rule itself, for a token's hash and a time given as values or as placeholders (a prepared
 * read fills them in: pass the hash and `now.toISOString()`, as the column would write a Date).
 */
export function liveSessionWhere(tokenHash: string | Placeholder, now: Date | Placeholder): SQL {
  return and(
    eq(s.authSession.tokenHash, tokenHash),
    isNull(s.authSession.revokedAt),
    gt(s.authSession.expiresAt, now),
  ) as SQL;
}

/** The identity behind a session token; anonymous when the token is absent, unknown, revoked or expired. */
export async function resolveCaller(db: Executor, token: string | undefined, now: Date): Promise<Caller> {
  const live = liveSession(token, now);
  if (!live) return ANONYMOUS;
  const rows = await db
    .select({ identityId: s.authSession.identityId, sellerId: s.authSession.sellerId })
    .from(s.authSession)
    .where(live)
    .limit(1);
  return rows[0] ?? ANONYMOUS;
}

/** Creates the seller's public identity on first use (INSERT ... ON CONFLICT DO NOTHING). */
export async function ensurePublicIdentity(db: Executor, sellerId: string, now: Date): Promise<string> {
  const id = publicIdentityId(sellerId);
  await db
    .insert(s.identity)
    .values({ id, sellerId, kind: "public", createdAt: now })
    .onConflictDoNothing({ target: s.identity.id });
  return id;
}

/** Sellers whose public identity this process has made sure of, per database handle. */
const knownPublic = new WeakMap<object, Set<string>>();

/**
 * The seller's public identity, created once per process and database handle (committed on its
 * own, never inside a transaction that could roll back). `forgetPublicIdentity` undoes the memo
 * when the row turns out to be gone (a demo reseed).
 */
export async function rememberedPublicIdentity(db: Executor, sellerId: string, now: Date): Promise<string> {
  const known = knownPublic.get(db) ?? new Set<string>();
  knownPublic.set(db, known);
  if (known.has(sellerId)) return publicIdentityId(sellerId);
  const id = await ensurePublicIdentity(db, sellerId, now);
  known.add(sellerId);
  return id;
}

export function forgetPublicIdentity(db: Executor, sellerId: string): void {
  knownPublic.get(db)?.delete(sellerId);
}
