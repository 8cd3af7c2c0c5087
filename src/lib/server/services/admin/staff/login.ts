/**
 * Staff logins, separate from shoppers': their own cookie (`foyer_staff`, HttpOnly,
 * SameSite=Strict), their own sessions (staff_session) with a short idle timeout, and a second
 * factor: a TOTP authenticator app, with ten single-use recovery codes.
 *
 * - A password that is right opens a session. When the account has a second factor, the session
 *   first waits for its code (`pending_second_factor`). In production mode an admin or a box office
 *   member without one must set one up before anything else.
 * - Sessions end after 30 minutes without a request, and 12 hours after the login in any case.
 * - Login attempts are rate limited per account and per address, like shoppers'; second-factor
 *   codes per session.
 */
import { randomInt } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { z } from "zod";
import { needsSecondFactor, type StaffActor, type StaffRole } from "../../../../domain/admin/roles.ts";
import { isProductionMode } from "../../../config/mode.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail } from "../../../errors/api-error.ts";
import { clearRateLimit, hitRateLimit, type RateLimitRule } from "../../../security/rate-limit.ts";
import { hashToken, newToken } from "../../../security/tokens.ts";
import { checkPassword, hashPassword } from "../../auth/passwords.ts";
import { recordAudit } from "../audit.ts";
import { type StaffRow, staffByEmail } from "./accounts.ts";

export const STAFF_COOKIE = "foyer_staff";
export const STAFF_IDLE_S = 30 * 60;
export const STAFF_MAX_S = 12 * 60 * 60;
/** Seconds between two writes of a session's last request time (not one write per request). */
const TOUCH_EVERY_S = 60;

const LOGIN_PER_ACCOUNT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };
const LOGIN_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };
const CODES_PER_SESSION: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

export const staffLoginInput = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
});
export const secondFactorInput = z.object({
  code: z
    .string()
    .trim()
    .max(40)
    .transform((c) => c.replaceAll(" ", "").replaceAll("-", "")),
});

export type SessionState = "active" | "second_factor" | "setup_second_factor";

export interface StaffSession {
  token: string;
  state: SessionState;
  staff: StaffRow;
}

export interface ResolvedStaff {
  state: SessionState;
  staff: StaffRow;
  actor: StaffActor;
  tokenHash: string;
}

export function actorOf(staff: StaffRow): StaffActor {
  return {
    kind: "staff",
    id: staff.id,
    name: staff.name,
    sellerId: staff.sellerId,
    role: staff.role as StaffRole,
    refundLimit: staff.refundLimit,
  };
}

/** Whether this account must log in with a second factor: admins and box office, in production. */
export function secondFactorRequired(staff: StaffRow, env: NodeJS.ProcessEnv = process.env): boolean {
  return isProductionMode(env) && needsSecondFactor(staff.role as StaffRole);
}

function stateAfterPassword(staff: StaffRow, env: NodeJS.ProcessEnv): SessionState {
  if (staff.totpEnabledAt) return "second_factor";
  return secondFactorRequired(staff, env) ? "setup_second_factor" : "active";
}

/** The password step. Wrong e-mail and wrong password answer the same, in the same time. */
export async function staffLogin(
  db: Executor,
  sellerId: string,
  input: z.infer<typeof staffLoginInput>,
  address: string,
  now: Date,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StaffSession> {
  const accountKey = `staff_login:${sellerId}:${input.email}`;
  const perAccount = await hitRateLimit(db, accountKey, LOGIN_PER_ACCOUNT, now);
  const perAddress = await hitRateLimit(db, `staff_login:addr:${address}`, LOGIN_PER_ADDRESS, now);
  if (!perAccount.allowed || !perAddress.allowed) throw fail("rate_limited");
  const staff = await staffByEmail(db, sellerId, input.email);
  const usable = staff && !staff.disabledAt ? staff : undefined;
  const right = await checkPassword(usable?.passwordHash, input.password);
  if (!usable || !right) throw fail("staff_login_failed");
  // The limit is on guessing: a right password forgets the account's attempts, so staff who log in
  // and out through a busy day (or a shared desk tablet) are never locked out by their own logins.
  await clearRateLimit(db, accountKey);
  const state = stateAfterPassword(usable, env);
  const token = newToken();
  await db.insert(s.staffSession).values({
    tokenHash: hashToken(token),
    staffId: usable.id,
    sellerId,
    createdAt: now,
    lastSeenAt: now,
    pendingSecondFactor: state === "active" ? null : now,
  });
  return { token, state, staff: usable };
}

/**
 * The session of a cookie, when it is alive: not revoked, used within the idle timeout and
 * younger than the longest a session lasts. Moves its last request time (at most once a minute).
 */
export async function resolveStaffSession(
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<ResolvedStaff | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: s.staffSession, staff: s.staffAccount })
    .from(s.staffSession)
    .innerJoin(s.staffAccount, eq(s.staffAccount.id, s.staffSession.staffId))
    .where(and(eq(s.staffSession.tokenHash, tokenHash), isNull(s.staffSession.revokedAt)));
  if (!row || row.staff.disabledAt) return null;
  const idle = now.getTime() - row.session.lastSeenAt.getTime();
  const age = now.getTime() - row.session.createdAt.getTime();
  if (idle > STAFF_IDLE_S * 1000 || age > STAFF_MAX_S * 1000) return null;
  if (idle > TOUCH_EVERY_S * 1000) {
    await db.update(s.staffSession).set({ lastSeenAt: now }).where(eq(s.staffSession.tokenHash, tokenHash));
  }
  const state: SessionState = row.session.pendingSecondFactor
    ? row.staff.totpEnabledAt
      ? "second_factor"
      : "setup_second_factor"
    : "active";
  return { state, staff: row.staff, actor: actorOf(row.staff), tokenHash };
}

export async function staffLogout(db: Executor, token: string | undefined, now: Date): Promise<void> {
  if (!token || token.length > 200) return;
  await db
    .update(s.staffSession)
    .set({ revokedAt: now })
    .where(eq(s.staffSession.tokenHash, hashToken(token)));
}

function totpOf(staff: StaffRow, secret: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label: staff.email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A TOTP code is right at `now`, allowing one 30-second step of clock drift either way. */
export function totpCodeIsRight(secret: string, code: string, now: Date): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}

/** The code an authenticator app shows at `now` (tests and the demo's staff fixtures). */
export function totpCodeAt(secret: string, now: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: now.getTime(),
  });
}

async function limitCodes(db: Executor, tokenHash: string, now: Date): Promise<void> {
  const hit = await hitRateLimit(db, `staff_code:${tokenHash}`, CODES_PER_SESSION, now);
  if (!hit.allowed) throw fail("rate_limited");
}

/** The second step of a login: an authenticator code, or one of the recovery codes (used up). */
export async function verifySecondFactor(
  db: Executor,
  session: ResolvedStaff,
  code: string,
  now: Date,
): Promise<void> {
  await limitCodes(db, session.tokenHash, now);
  const staff = session.staff;
  if (!staff.totpSecret || !staff.totpEnabledAt) throw fail("staff_second_factor_setup_required");
  let right = totpCodeIsRight(staff.totpSecret, code, now);
  if (!right && code.length === 10) {
    const left: string[] = [];
    for (const hash of staff.recoveryCodeHashes) {
      if (!right && (await checkPassword(hash, code.toLowerCase()))) right = true;
      else left.push(hash);
    }
    if (right)
      await db
        .update(s.staffAccount)
        .set({ recoveryCodeHashes: left })
        .where(eq(s.staffAccount.id, staff.id));
  }
  if (!right) throw fail("staff_second_factor_failed");
  await db
    .update(s.staffSession)
    .set({ pendingSecondFactor: null, lastSeenAt: now })
    .where(eq(s.staffSession.tokenHash, session.tokenHash));
}

/** Starts setting up an authenticator: a new secret (kept until confirmed) and its otpauth:// URI. */
export async function startTotpSetup(
  db: Executor,
  session: ResolvedStaff,
  issuer: string,
): Promise<{ secret: string; uri: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .update(s.staffAccount)
    .set({ totpSecret: secret, totpEnabledAt: null })
    .where(eq(s.staffAccount.id, session.staff.id));
  return { secret, uri: totpOf(session.staff, secret, issuer).toString() };
}

/**
 * Confirms the authenticator with a code it shows; answers the ten recovery codes, shown once and
 * stored as argon2id hashes. The session counts as having passed its second factor.
 */
export async function confirmTotpSetup(
  db: Executor,
  session: ResolvedStaff,
  code: string,
  now: Date,
): Promise<string[]> {
  await limitCodes(db, session.tokenHash, now);
  const [fresh] = await db.select().from(s.staffAccount).where(eq(s.staffAccount.id, session.staff.id));
  if (!fresh?.totpSecret || fresh.totpEnabledAt) throw fail("staff_second_factor_failed");
  if (!totpCodeIsRight(fresh.totpSecret, code, now)) throw fail("staff_second_factor_failed");
  const codes = Array.from({ length: 10 }, () => recoveryCode());
  const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
  await db
    .update(s.staffAccount)
    .set({ totpEnabledAt: now, recoveryCodeHashes: hashes })
    .where(eq(s.staffAccount.id, fresh.id));
  await db
    .update(s.staffSession)
    .set({ pendingSecondFactor: null, lastSeenAt: now })
    .where(eq(s.staffSession.tokenHash, session.tokenHash));
  await recordAudit(
    db,
    session.actor,
    { action: "staff.second_factor", resource: "staff_account", resourceId: fresh.id },
    now,
  );
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/** Ten characters from an alphabet without look-alikes (no 0/o, 1/l/i). */
function recoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
}
