/**
 * POST login (spec 1 §7) by password or by member ID, and the session it starts.
 *
 * No route says whether an e-mail is registered: an unknown e-mail and a wrong
 * password give the same 401 `incorrect_password` body, after the same argon2 work (a dummy verify);
 * an unknown member ID and a wrong second field give the same `member_not_found`. The spec's own
 * exceptions stay: a guest identity (no password) gets 401 `guest_account` and a password-setup mail
 * (spec 2 §6, §8), POST user answers 409 with the existing identity id (spec 1 §7) and plain resend
 * answers 404 (spec 2 §8). All of them are rate limited per address, per account and address, and
 * per account with a ceiling that slows rather than locks (limits.ts): a stranger can slow an
 * account's login down but never lock its owner out.
 */
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { LoginAnswer, loginBody } from "../../../api/auth/schemas.ts";
import { zipMatches } from "../../../domain/identity-custom-fields.ts";
import * as s from "../../db/schema.ts";
import { MEMBER_ID_LOOKUPS, memberIdMisses, withLookupBrake } from "../../security/lookup-limits.ts";
import { handOffCart } from "./cart-handoff.ts";
import type { AuthCall } from "./context.ts";
import { sessionToken } from "./context.ts";
import { guestAccount, incorrectPassword, memberNotFound } from "./errors.ts";
import { clearLoginLimit, enforceLimit, mayMailGuestSetup } from "./limits.ts";
import { assertLoginKind, type LoginKind } from "./modes.ts";
import { checkPassword } from "./passwords.ts";
import { issuePasswordLink } from "./reset.ts";
import { createSession, revokeSession, setSessionCookie } from "./sessions.ts";
import { type IdentityRow, identityByEmail, identityById, userAnswerOf } from "./users.ts";

type LoginBody = z.infer<typeof loginBody>;

/**
 * Starts a session for `identityId` (revoking the browser's previous one), gives it the cart, sets
 * the cookie and answers loginAnswer.
 */
export async function finishLogin(
  call: AuthCall,
  identityId: string,
  cartId: string | undefined,
): Promise<LoginAnswer> {
  const previous = sessionToken(call.c);
  const { token, answer } = await call.db.transaction(async (tx) => {
    await revokeSession(tx, previous, call.now);
    const token = await createSession(tx, identityId, call.seller.id, call.now);
    const handed = await handOffCart(tx, cartId, call.seller.id, identityId, call.now);
    const user = await userAnswerOf(tx, identityId);
    return { token, answer: { ...user, cart_id: handed } };
  });
  setSessionCookie(call.c, token);
  return answer;
}

/** A guest (no password) trying to log in: a setup mail at most every 10 minutes, then guest_account. */
async function refuseGuest(call: AuthCall, identity: IdentityRow): Promise<never> {
  if (await mayMailGuestSetup(call.db, identity.id, call.now)) {
    await call.db.transaction((tx) => issuePasswordLink(tx, call, identity, "setup"));
  }
  throw guestAccount(call.tenant);
}

async function passwordLogin(call: AuthCall, body: Extract<LoginBody, { credential_type: "password" }>) {
  assertLoginKind(call.modes, "password", call.tenant);
  const email = body.username.trim();
  await enforceLimit(
    call.c,
    call.db,
    "login",
    { sellerId: call.seller.id, words: call.tenant, address: call.address, account: email },
    call.now,
  );
  const identity = await identityByEmail(call.db, call.seller.id, email);
  const ok = await checkPassword(identity?.passwordHash, body.password);
  if (identity && !identity.passwordHash) return refuseGuest(call, identity);
  if (!identity || !ok) throw incorrectPassword(call.tenant);
  await clearLoginLimit(call.db, call.seller.id, email, call.address);
  return finishLogin(call, identity.id, body.cart_id);
}

type ScanBody = Extract<LoginBody, { credential_type: "scan_code" }>;

/** Which member-ID mode the fields ask for: e-mail and password, else last name, else ZIP code. */
function scanKind(body: ScanBody): { kind: LoginKind; second: "zip_code" | "last_name" | "email" } {
  if (body.username !== undefined || body.password !== undefined)
    return { kind: "scan_code_password", second: "email" };
  if (body.last_name !== undefined) return { kind: "scan_code_last_name", second: "last_name" };
  return { kind: "scan_code", second: "zip_code" };
}

/**
 * A member-ID login. After the login limits, the lookup runs under the seller-wide guessing brake
 * (lookup-limits.ts MEMBER_ID_LOOKUPS): the per-account limits cannot see a guesser who names a
 * different member ID each time from a handful of addresses, so refused member-ID logins count per
 * address and per seller as code misses do.
 */
async function scanCodeLogin(call: AuthCall, body: ScanBody) {
  const { kind, second } = scanKind(body);
  assertLoginKind(call.modes, kind, call.tenant);
  const scanCode = body.scan_code.trim();
  await enforceLimit(
    call.c,
    call.db,
    "login",
    { sellerId: call.seller.id, words: call.tenant, address: call.address, account: scanCode },
    call.now,
  );
  const identity = await withLookupBrake(call.c, {
    policy: MEMBER_ID_LOOKUPS,
    sellerId: call.seller.id,
    run: () => memberIdentity(call, body, scanCode, kind, second),
    missesOfError: memberIdMisses,
    words: call.tenant,
  });
  await clearLoginLimit(call.db, call.seller.id, scanCode, call.address);
  return finishLogin(call, identity.id, body.cart_id);
}

/** The identity the member ID and its second field name; member_not_found otherwise. */
async function memberIdentity(
  call: AuthCall,
  body: ScanBody,
  scanCode: string,
  kind: LoginKind,
  second: "zip_code" | "last_name" | "email",
): Promise<IdentityRow> {
  const [member] = await call.db
    .select()
    .from(s.membership)
    .where(
      and(
        eq(s.membership.sellerId, call.seller.id),
        sql`lower(${s.membership.scanCode}) = lower(${scanCode})`,
      ),
    )
    .limit(1);
  let identity: IdentityRow | undefined;
  if (kind === "scan_code_password") {
    const holder = member ? await identityById(call.db, member.identityId) : undefined;
    const sameEmail =
      !!holder?.email && !!body.username && holder.email.toLowerCase() === body.username.trim().toLowerCase();
    const ok = await checkPassword(sameEmail ? holder?.passwordHash : null, body.password ?? "");
    if (sameEmail && ok) identity = holder;
  } else if (member && kind === "scan_code_last_name") {
    const match =
      !!body.last_name && member.lastName.trim().toLowerCase() === body.last_name.trim().toLowerCase();
    if (match) identity = await identityById(call.db, member.identityId);
  } else if (member && body.zip_code !== undefined && member.zipCode) {
    if (zipMatches(member.zipCode, body.zip_code)) {
      identity = await identityById(call.db, member.identityId);
    }
  }
  if (!identity) throw memberNotFound(second, call.tenant);
  return identity;
}

export function login(call: AuthCall, body: LoginBody): Promise<LoginAnswer> {
  return body.credential_type === "scan_code" ? scanCodeLogin(call, body) : passwordLogin(call, body);
}
