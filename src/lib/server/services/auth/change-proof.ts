/**
 * The stronger proof a change of the account's e-mail or password needs (PATCH my/user/{id} with
 * an e-mail, PUT my/user with a password). A session alone is not enough, whatever login started
 * it: a member ID and a ZIP code (both often printed or guessable) log in, and with the e-mail
 * changed a password reset to the new address took the account. So the caller gives either
 * - `current_password`, when the account has a password, or
 * - `change_code`: a code mailed to the account's current address (POST my/user/change_code), with
 *   the passcode rules (DESIGN §5): 6 characters, single use, 3 attempts, 10 minutes. A newer code
 *   supersedes older ones, and a code proves only the address it went to.
 * An account with neither a password nor a real address has nothing stronger than its session; its
 * first real address is set without a proof (reading: the set-email flow of spec 2 §6 must stay
 * open to a member who logged in by member ID and has no e-mail yet).
 * Proofs are checked before the change's transaction, so a wrong attempt stays counted when the
 * change is refused; they are rate limited per identity (limits.ts change_proof).
 */
import { randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { maskEmail } from "../../../domain/email-mask.ts";
import { PASSCODE_ATTEMPTS, PASSCODE_LIFETIME_S } from "../../../domain/login-input.ts";
import * as s from "../../db/schema.ts";
import { changeCodeMail } from "../../mail/account-mails.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { type AuthCall, mailSellerOf } from "./context.ts";
import {
  changeCodeIncorrect,
  changeCodeInvalid,
  currentPasswordIncorrect,
  noEmailAddress,
  notLoggedIn,
  reauthenticationRequired,
} from "./errors.ts";
import { enforceLimit } from "./limits.ts";
import { hashCode, newPasscode } from "./otp.ts";
import { checkPassword } from "./passwords.ts";
import { hasRealEmail, type IdentityRow, identityById } from "./users.ts";

export type ProofKind = "current_password" | "email_code";

/** What the caller may give to prove a change. */
export interface ChangeProof {
  current_password?: string | undefined;
  change_code?: string | undefined;
}

/** The proofs this account can give: its password, a code to its real address. */
export function proofsOf(identity: Pick<IdentityRow, "passwordHash" | "email">): ProofKind[] {
  const proofs: ProofKind[] = [];
  if (identity.passwordHash) proofs.push("current_password");
  if (hasRealEmail(identity.email)) proofs.push("email_code");
  return proofs;
}

const limitSubject = (call: AuthCall, identity: IdentityRow) => ({
  sellerId: call.seller.id,
  words: call.tenant,
  address: call.address,
  account: identity.id,
});

/** POST my/user/change_code: a code to the account's current address; answers it, masked. */
export async function requestChangeCode(call: AuthCall, identityId: string): Promise<{ sent_to: string }> {
  const identity = await identityById(call.db, identityId);
  if (!identity) throw notLoggedIn();
  const email = identity.email;
  if (!email || !hasRealEmail(email)) throw noEmailAddress(call.tenant);
  await enforceLimit(call.c, call.db, "change_code", limitSubject(call, identity), call.now);
  const code = newPasscode();
  await call.db.transaction(async (tx) => {
    await tx
      .update(s.changeCode)
      .set({ usedAt: call.now })
      .where(and(eq(s.changeCode.identityId, identity.id), isNull(s.changeCode.usedAt)));
    await tx.insert(s.changeCode).values({
      id: randomUUID(),
      sellerId: call.seller.id,
      identityId: identity.id,
      email: email.toLowerCase(),
      codeHash: hashCode(code).toString("hex"),
      createdAt: call.now,
      expiresAt: new Date(call.now.getTime() + PASSCODE_LIFETIME_S * 1000),
    });
    await enqueueMail(
      tx,
      { ...changeCodeMail(mailSellerOf(call), email, code), relatedId: identity.id },
      call.now,
    );
  });
  return { sent_to: maskEmail(email) };
}

type CodeOutcome = { ok: true } | { ok: false; left?: number };

/** Claims the identity's live code when `code` is it; counts a wrong one. */
async function claimChangeCode(call: AuthCall, identity: IdentityRow, code: string): Promise<CodeOutcome> {
  return call.db.transaction(async (tx): Promise<CodeOutcome> => {
    const [row] = await tx
      .select()
      .from(s.changeCode)
      .where(and(eq(s.changeCode.identityId, identity.id), isNull(s.changeCode.usedAt)))
      .orderBy(desc(s.changeCode.createdAt))
      .limit(1)
      .for("update");
    const live =
      row &&
      row.sellerId === call.seller.id &&
      row.expiresAt > call.now &&
      row.attempts < PASSCODE_ATTEMPTS &&
      row.email === identity.email?.toLowerCase();
    if (!row || !live) return { ok: false };
    if (!timingSafeEqual(hashCode(code), Buffer.from(row.codeHash, "hex"))) {
      const attempts = row.attempts + 1;
      await tx.update(s.changeCode).set({ attempts }).where(eq(s.changeCode.id, row.id));
      return { ok: false, left: Math.max(0, PASSCODE_ATTEMPTS - attempts) };
    }
    await tx.update(s.changeCode).set({ usedAt: call.now }).where(eq(s.changeCode.id, row.id));
    return { ok: true };
  });
}

/**
 * Returns when `proof` proves a change of `identity`'s e-mail or password (a code it names is used
 * up); throws the refusal otherwise: 403 reauthentication_required (with the proofs the account
 * can give), current_password_incorrect, change_code_incorrect (with attempts_left) or
 * change_code_invalid, or 429 past the limit.
 */
export async function assertChangeProof(
  call: AuthCall,
  identity: IdentityRow,
  proof: ChangeProof,
): Promise<void> {
  const proofs = proofsOf(identity);
  if (!proofs.length) return;
  const password = identity.passwordHash ? proof.current_password : undefined;
  const code = proofs.includes("email_code") ? proof.change_code : undefined;
  if (password === undefined && code === undefined) throw reauthenticationRequired(proofs, call.tenant);
  await enforceLimit(call.c, call.db, "change_proof", limitSubject(call, identity), call.now);
  if (password !== undefined) {
    if (await checkPassword(identity.passwordHash, password)) return;
    throw currentPasswordIncorrect(call.tenant);
  }
  const outcome = await claimChangeCode(call, identity, code ?? "");
  if (outcome.ok) return;
  if (outcome.left !== undefined && outcome.left > 0) throw changeCodeIncorrect(outcome.left, call.tenant);
  throw changeCodeInvalid(call.tenant);
}
