/**
 * Password reset and setup links (spec 2 §7 password_reset/request, validate, reset). A link's
 * token is 32 random bytes; only its SHA-256 is stored. A reset link lives 1 hour, a guest
 * account's setup link 24 hours; each is single use. Resetting sets the password, makes the
 * identity a user, revokes all its sessions and mails the address a password-changed notice.
 * The request always answers 204, so it never tells whether the e-mail is registered.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { isValidPassword } from "../../../domain/password-rules.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { passwordChangedMail, passwordLinkMail } from "../../mail/account-mails.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { type AuthCall, mailSellerOf } from "./context.ts";
import { invalidPassword, resetLinkFailed, resetLinkNotFound } from "./errors.ts";
import { hashPassword } from "./passwords.ts";
import { revokeSessionsOf } from "./sessions.ts";
import { hasRealEmail, type IdentityRow, identityByEmail } from "./users.ts";

export const RESET_LINK_HOURS = 1;
export const SETUP_LINK_HOURS = 24;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Stores a link token and queues its mail, on the caller's executor (inside its transaction). */
export async function issuePasswordLink(
  ex: Executor,
  call: Pick<AuthCall, "seller" | "origin" | "now"> & Partial<Pick<AuthCall, "c" | "tenant">>,
  identity: IdentityRow,
  purpose: "reset" | "setup",
): Promise<void> {
  if (!identity.email) return;
  const token = randomBytes(32).toString("base64url");
  const hours = purpose === "setup" ? SETUP_LINK_HOURS : RESET_LINK_HOURS;
  await ex.insert(s.passwordResetToken).values({
    tokenHash: hashToken(token),
    sellerId: call.seller.id,
    identityId: identity.id,
    purpose,
    createdAt: call.now,
    expiresAt: new Date(call.now.getTime() + hours * 3600 * 1000),
  });
  const mail = passwordLinkMail(mailSellerOf(call), identity.email, token, purpose, call.origin, hours);
  await enqueueMail(ex, { ...mail, relatedId: identity.id }, call.now);
}

/** password_reset/request: a link when the account exists (setup for a guest), nothing otherwise. */
export async function requestPasswordReset(call: AuthCall, email: string): Promise<void> {
  await call.db.transaction(async (tx) => {
    const identity = await identityByEmail(tx, call.seller.id, email);
    if (!identity) return;
    await issuePasswordLink(tx, call, identity, identity.passwordHash ? "reset" : "setup");
  });
}

type TokenRow = typeof s.passwordResetToken.$inferSelect;

/** The token's row: 404 when unknown (or another seller's), 400 when used or expired. */
async function usableToken(ex: Executor, call: AuthCall, token: string): Promise<TokenRow> {
  const [row] = await ex
    .select()
    .from(s.passwordResetToken)
    .where(eq(s.passwordResetToken.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.sellerId !== call.seller.id) throw resetLinkNotFound(call.tenant);
  if (row.usedAt || row.expiresAt <= call.now) throw resetLinkFailed(call.tenant);
  return row;
}

/** password_reset/validate: the e-mail the link is for. */
export async function validateResetToken(call: AuthCall, token: string): Promise<{ email: string }> {
  const row = await usableToken(call.db, call, token);
  const [identity] = await call.db
    .select({ email: s.identity.email })
    .from(s.identity)
    .where(eq(s.identity.id, row.identityId));
  if (!identity?.email) throw resetLinkNotFound(call.tenant);
  return { email: identity.email };
}

/**
 * password_reset/reset: single use (a conditional UPDATE claims the token), 404 when unusable.
 * An unusable token is refused before the argon2 hash, so a script cannot make the server hash for it.
 */
export async function resetPassword(call: AuthCall, token: string, password: string): Promise<void> {
  if (!isValidPassword(password)) throw invalidPassword();
  const [known] = await call.db
    .select({ usedAt: s.passwordResetToken.usedAt, expiresAt: s.passwordResetToken.expiresAt })
    .from(s.passwordResetToken)
    .where(
      and(
        eq(s.passwordResetToken.tokenHash, hashToken(token)),
        eq(s.passwordResetToken.sellerId, call.seller.id),
      ),
    )
    .limit(1);
  if (!known || known.usedAt || known.expiresAt <= call.now) throw resetLinkNotFound(call.tenant);
  const passwordHash = await hashPassword(password);
  await call.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(s.passwordResetToken)
      .set({ usedAt: call.now })
      .where(
        and(
          eq(s.passwordResetToken.tokenHash, hashToken(token)),
          eq(s.passwordResetToken.sellerId, call.seller.id),
          isNull(s.passwordResetToken.usedAt),
        ),
      )
      .returning();
    if (!claimed || claimed.expiresAt <= call.now) throw resetLinkNotFound(call.tenant);
    const [changed] = await tx
      .update(s.identity)
      .set({ passwordHash, kind: "user" })
      .where(eq(s.identity.id, claimed.identityId))
      .returning({ email: s.identity.email });
    await revokeSessionsOf(tx, claimed.identityId, call.now);
    // A reset password is a changed password: the account's address is told, as after PUT my/user.
    if (changed?.email && hasRealEmail(changed.email)) {
      const mail = passwordChangedMail(mailSellerOf(call), changed.email, call.origin);
      await enqueueMail(tx, { ...mail, relatedId: claimed.identityId }, call.now);
    }
  });
}
