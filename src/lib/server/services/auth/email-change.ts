/**
 * After the account's e-mail changes, the old address is told (to which address, masked) and can
 * undo the change: the notice's link carries a token of 32 random bytes, stored only as its
 * SHA-256, single use, valid UNDO_EMAIL_CHANGE_DAYS days. Undoing puts back the old e-mail and the
 * password hash the account had before the change (a password reset sent to the new address must
 * not keep working), and revokes every session, the reset links and change codes still open, the
 * undo links of later changes, and the external logins linked since. An account without a real
 * address before the change gets no notice (there is nobody to tell).
 */
import { randomBytes } from "node:crypto";
import { and, eq, gte, isNull } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { emailChangedMail, passwordChangedMail } from "../../mail/account-mails.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { type AuthCall, mailSellerOf } from "./context.ts";
import { emailInUse, undoLinkInvalid } from "./errors.ts";
import { hashToken } from "./reset.ts";
import { revokeSessionsOf } from "./sessions.ts";
import { hasRealEmail, type IdentityRow, identityByEmail } from "./users.ts";

export const UNDO_EMAIL_CHANGE_DAYS = 7;

/** What a mail of the change needs: the seller, the links origin, and the call (its language). */
type MailCall = Pick<AuthCall, "seller" | "origin" | "now"> & Partial<Pick<AuthCall, "c" | "tenant">>;

/** Inside the change's transaction, once the new e-mail is stored: the undo token and the notice. */
export async function noticeEmailChange(
  ex: Executor,
  call: MailCall,
  before: IdentityRow,
  newEmail: string,
): Promise<void> {
  const oldEmail = before.email;
  if (!oldEmail || !hasRealEmail(oldEmail)) return;
  const token = randomBytes(32).toString("base64url");
  await ex.insert(s.emailChange).values({
    tokenHash: hashToken(token),
    sellerId: call.seller.id,
    identityId: before.id,
    oldEmail,
    newEmail,
    previousPasswordHash: before.passwordHash,
    createdAt: call.now,
    expiresAt: new Date(call.now.getTime() + UNDO_EMAIL_CHANGE_DAYS * 24 * 3600 * 1000),
  });
  const mail = emailChangedMail(
    mailSellerOf(call),
    oldEmail,
    newEmail,
    token,
    call.origin,
    UNDO_EMAIL_CHANGE_DAYS,
  );
  await enqueueMail(ex, { ...mail, relatedId: before.id }, call.now);
}

/** After the password changed: a notice to the account's address, when it has a real one. */
export async function noticePasswordChange(
  ex: Executor,
  call: MailCall,
  identity: IdentityRow,
): Promise<void> {
  if (!identity.email || !hasRealEmail(identity.email)) return;
  const mail = passwordChangedMail(mailSellerOf(call), identity.email, call.origin);
  await enqueueMail(ex, { ...mail, relatedId: identity.id }, call.now);
}

/** POST email_change/undo: the restored e-mail; 404 for an unknown, used or expired link. */
export async function undoEmailChange(call: AuthCall, token: string): Promise<{ email: string }> {
  const tokenHash = hashToken(token);
  return call.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(s.emailChange)
      .set({ usedAt: call.now })
      .where(
        and(
          eq(s.emailChange.tokenHash, tokenHash),
          eq(s.emailChange.sellerId, call.seller.id),
          isNull(s.emailChange.usedAt),
        ),
      )
      .returning();
    if (!claimed || claimed.expiresAt <= call.now) throw undoLinkInvalid(call.tenant);
    const other = await identityByEmail(tx, call.seller.id, claimed.oldEmail);
    if (other && other.id !== claimed.identityId) throw emailInUse();
    const id = claimed.identityId;
    await tx
      .update(s.identity)
      .set({ email: claimed.oldEmail, passwordHash: claimed.previousPasswordHash })
      .where(eq(s.identity.id, id));
    // Later changes cannot be undone back to an address the owner did not choose.
    await tx
      .update(s.emailChange)
      .set({ usedAt: call.now })
      .where(
        and(
          eq(s.emailChange.identityId, id),
          isNull(s.emailChange.usedAt),
          gte(s.emailChange.createdAt, claimed.createdAt),
        ),
      );
    await tx
      .update(s.passwordResetToken)
      .set({ usedAt: call.now })
      .where(and(eq(s.passwordResetToken.identityId, id), isNull(s.passwordResetToken.usedAt)));
    await tx
      .update(s.changeCode)
      .set({ usedAt: call.now })
      .where(and(eq(s.changeCode.identityId, id), isNull(s.changeCode.usedAt)));
    await tx
      .delete(s.externalIdentityLink)
      .where(
        and(
          eq(s.externalIdentityLink.identityId, id),
          gte(s.externalIdentityLink.createdAt, claimed.createdAt),
        ),
      );
    await revokeSessionsOf(tx, id, call.now);
    return { email: claimed.oldEmail };
  });
}
