/**
 * Passcode login (spec 1 §5, §8; DESIGN §5). request_otp answers a token for any e-mail and mails
 * the code only when the account (user or guest) exists; the challenge of an unknown e-mail has no
 * identity and every code is otp_incorrect, so the answers never tell the two apart.
 *
 * The code: 6 characters of letters and digits (no look-alikes), compared case-insensitively, single
 * use, 10 minutes, 3 attempts: the 3rd wrong code answers otp_incorrect with attempts_left 0 and
 * ends the challenge, later tries are not_authorized. Before available_at (created + env
 * OTP_AVAILABLE_DELAY_S, default 0) the answer is 425 not_available_yet and no attempt is counted.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { LoginAnswer, requestOtpBody, verifyOtpBody } from "../../../api/auth/schemas.ts";
import { PASSCODE_ATTEMPTS, PASSCODE_LENGTH, PASSCODE_LIFETIME_S } from "../../../domain/login-input.ts";
import * as s from "../../db/schema.ts";
import { passcodeMail } from "../../mail/account-mails.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { type AuthCall, mailSellerOf } from "./context.ts";
import { notAuthorized, notAvailableYet, otpExpired, otpIncorrect } from "./errors.ts";
import { enforceLimit } from "./limits.ts";
import { finishLogin } from "./login.ts";
import { assertLoginKind } from "./modes.ts";
import { hashToken } from "./reset.ts";
import { identityByEmail } from "./users.ts";

/** Letters and digits without 0/O, 1/I/L. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newPasscode(): string {
  let code = "";
  for (let i = 0; i < PASSCODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const hashCode = (code: string): Buffer =>
  createHash("sha256").update(code.trim().toUpperCase(), "utf8").digest();

/** Seconds before a new code can be used (OTP_AVAILABLE_DELAY_S, 0 to 600, default 0). */
export function availableDelaySeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.OTP_AVAILABLE_DELAY_S ?? 0);
  return Number.isInteger(value) && value >= 0 && value <= 600 ? value : 0;
}

export async function requestOtp(
  call: AuthCall,
  body: z.infer<typeof requestOtpBody>,
): Promise<{ token: string }> {
  assertLoginKind(call.modes, "otp", call.tenant);
  const email = body.email.trim();
  await enforceLimit(
    call.c,
    call.db,
    "request_otp",
    { sellerId: call.seller.id, words: call.tenant, address: call.address, account: email },
    call.now,
  );
  const token = randomBytes(32).toString("base64url");
  const code = newPasscode();
  const redirect = body.redirect_path?.startsWith(`/${call.seller.slug}/`) ? body.redirect_path : undefined;
  await call.db.transaction(async (tx) => {
    const identity = await identityByEmail(tx, call.seller.id, email);
    await tx.insert(s.otpChallenge).values({
      tokenHash: hashToken(token),
      sellerId: call.seller.id,
      identityId: identity?.id ?? null,
      email: email.toLowerCase(),
      codeHash: hashCode(code).toString("hex"),
      createdAt: call.now,
      availableAt: new Date(call.now.getTime() + availableDelaySeconds() * 1000),
      expiresAt: new Date(call.now.getTime() + PASSCODE_LIFETIME_S * 1000),
    });
    if (identity?.email) {
      const mail = passcodeMail(mailSellerOf(call), identity.email, code, call.origin, redirect);
      await enqueueMail(tx, { ...mail, relatedId: identity.id }, call.now);
    }
  });
  return { token };
}

type Outcome =
  | { ok: true; identityId: string }
  | {
      ok: false;
      error: "not_authorized" | "expired" | "not_yet" | "incorrect";
      left?: number;
      wait?: number;
    };

export async function verifyOtp(call: AuthCall, body: z.infer<typeof verifyOtpBody>): Promise<LoginAnswer> {
  assertLoginKind(call.modes, "otp", call.tenant);
  const tokenHash = hashToken(body.token);
  const [peek] = await call.db
    .select({ email: s.otpChallenge.email, sellerId: s.otpChallenge.sellerId })
    .from(s.otpChallenge)
    .where(eq(s.otpChallenge.tokenHash, tokenHash))
    .limit(1);
  const account = peek && peek.sellerId === call.seller.id ? peek.email : undefined;
  await enforceLimit(
    call.c,
    call.db,
    "verify_otp",
    { sellerId: call.seller.id, words: call.tenant, address: call.address, account },
    call.now,
  );
  const outcome: Outcome = await call.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(s.otpChallenge)
      .where(eq(s.otpChallenge.tokenHash, tokenHash))
      .for("update");
    if (!row || row.sellerId !== call.seller.id || row.usedAt || row.attempts >= PASSCODE_ATTEMPTS) {
      return { ok: false, error: "not_authorized" };
    }
    if (row.expiresAt <= call.now) return { ok: false, error: "expired" };
    if (row.availableAt > call.now) {
      const wait = Math.max(1, Math.ceil((row.availableAt.getTime() - call.now.getTime()) / 1000));
      return { ok: false, error: "not_yet", wait };
    }
    const matches = timingSafeEqual(hashCode(body.otp), Buffer.from(row.codeHash, "hex"));
    if (!matches || !row.identityId) {
      const attempts = row.attempts + 1;
      await tx.update(s.otpChallenge).set({ attempts }).where(eq(s.otpChallenge.tokenHash, tokenHash));
      return { ok: false, error: "incorrect", left: Math.max(0, PASSCODE_ATTEMPTS - attempts) };
    }
    await tx.update(s.otpChallenge).set({ usedAt: call.now }).where(eq(s.otpChallenge.tokenHash, tokenHash));
    return { ok: true, identityId: row.identityId };
  });
  if (outcome.ok) return finishLogin(call, outcome.identityId, body.cart_id);
  if (outcome.error === "expired") throw otpExpired();
  if (outcome.error === "not_yet") {
    call.c.header("Retry-After", String(outcome.wait ?? 5));
    throw notAvailableYet(outcome.wait ?? 5);
  }
  if (outcome.error === "incorrect") throw otpIncorrect(outcome.left ?? 0, call.tenant);
  throw notAuthorized(call.tenant);
}
