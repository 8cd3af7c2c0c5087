/**
 * Login sessions (DESIGN §5): a random 32-byte token goes to the browser in the `foyer_session`
 * cookie (HttpOnly, SameSite=Lax, Path=/, Secure in production mode, on https or with
 * COOKIE_SECURE=1, 14 days); only its SHA-256 is stored in auth_session. Logout and password
 * changes revoke sessions.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { isProductionMode } from "../../config/mode.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { cameOverHttps } from "../../request/scheme.ts";
import { hashSessionToken, SESSION_COOKIE } from "../identity/identity.ts";

export const SESSION_LIFETIME_S = 14 * 24 * 60 * 60;

/** Stores a new session and answers its token (for the cookie). */
export async function createSession(
  ex: Executor,
  identityId: string,
  sellerId: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await ex.insert(s.authSession).values({
    tokenHash: hashSessionToken(token),
    identityId,
    sellerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_S * 1000),
  });
  return token;
}

/** Revokes the session of `token` (nothing when unknown). */
export async function revokeSession(ex: Executor, token: string | undefined, now: Date): Promise<void> {
  if (!token || token.length > 512) return;
  await ex
    .update(s.authSession)
    .set({ revokedAt: now })
    .where(and(eq(s.authSession.tokenHash, hashSessionToken(token)), isNull(s.authSession.revokedAt)));
}

/** Revokes every live session of an identity except the one of `keepToken`. */
export async function revokeSessionsOf(
  ex: Executor,
  identityId: string,
  now: Date,
  keepToken?: string,
): Promise<void> {
  const live = and(eq(s.authSession.identityId, identityId), isNull(s.authSession.revokedAt));
  await ex
    .update(s.authSession)
    .set({ revokedAt: now })
    .where(keepToken ? and(live, ne(s.authSession.tokenHash, hashSessionToken(keepToken))) : live);
}

/**
 * Secure always in production mode (DESIGN §5: "Sessions are Secure"), else when the request came
 * over https (directly or through a trusted proxy) or COOKIE_SECURE=1.
 */
export function secureCookies(c: Context, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.COOKIE_SECURE === "1" || isProductionMode(env)) return true;
  return cameOverHttps(c.req.url, c.req.header("x-forwarded-proto"), env);
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: secureCookies(c),
    maxAge: SESSION_LIFETIME_S,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: secureCookies(c) });
}
