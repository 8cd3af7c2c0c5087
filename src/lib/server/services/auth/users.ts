/**
 * Users and identities (spec 1 §7 GET my/user, POST user, PUT my/user, PATCH my/user/{id}).
 * Identities of kind user (with a password) or guest (stored at checkout, no password) can log in;
 * the seller's public identity never can. E-mails are unique per seller, case-insensitively.
 */

import { randomUUID } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  createUserBody,
  IdentityResource,
  patchUserBody,
  UserAnswer,
  updateUserBody,
} from "../../../api/auth/schemas.ts";
import { isValidPassword } from "../../../domain/password-rules.ts";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { emailInUse, forbiddenUser, identityExists, invalidPassword, notLoggedIn } from "./errors.ts";
import { hashPassword } from "./passwords.ts";
import { revokeSessionsOf } from "./sessions.ts";

export type IdentityRow = typeof s.identity.$inferSelect;
type MembershipRow = typeof s.membership.$inferSelect;

/** Spec 1 §6: an e-mail with this prefix is a placeholder, not a real address. */
export const NO_EMAIL_PREFIX = "noemail";

export function hasRealEmail(email: string | null): boolean {
  return !!email && !email.toLowerCase().startsWith(NO_EMAIL_PREFIX);
}

/** The user or guest identity of the seller with this e-mail (case-insensitive), if any. */
export async function identityByEmail(
  ex: Executor,
  sellerId: string,
  email: string,
): Promise<IdentityRow | undefined> {
  const [row] = await ex
    .select()
    .from(s.identity)
    .where(
      and(
        eq(s.identity.sellerId, sellerId),
        sql`lower(${s.identity.email}) = lower(${email.trim()})`,
        ne(s.identity.kind, "public"),
      ),
    )
    .limit(1);
  return row;
}

export async function identityById(ex: Executor, id: string): Promise<IdentityRow | undefined> {
  const [row] = await ex.select().from(s.identity).where(eq(s.identity.id, id)).limit(1);
  return row && row.kind !== "public" ? row : undefined;
}

export async function membershipsOf(ex: Executor, identityId: string): Promise<MembershipRow[]> {
  return ex
    .select()
    .from(s.membership)
    .where(eq(s.membership.identityId, identityId))
    .orderBy(asc(s.membership.validFrom), asc(s.membership.id));
}

const coll = <T>(data: T[]) => ({ _count: data.length, _data: data });

export function identityResource(row: IdentityRow, hasMembership: boolean): IdentityResource {
  return {
    id: row.id,
    kind: row.kind === "user" ? "user" : "guest",
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    has_real_email: hasRealEmail(row.email),
    additional_info: row.additionalInfo ?? {},
    has_membership: hasMembership,
  };
}

/** The my/user answer of an identity: the identity and its memberships. */
export async function userAnswerOf(ex: Executor, identityId: string): Promise<UserAnswer> {
  const row = await identityById(ex, identityId);
  if (!row) throw notLoggedIn();
  const memberships = await membershipsOf(ex, identityId);
  return {
    identity: coll([identityResource(row, memberships.length > 0)]),
    membership: coll(
      memberships.map((m) => ({
        id: m.id,
        scan_code: m.scanCode,
        role: m.role,
        name: m.name,
        valid_from: m.validFrom.toISOString(),
        valid_to: m.validTo.toISOString(),
        auto_renew_state: m.autoRenewState,
      })),
    ),
  };
}

/**
 * POST user: a new user identity with an argon2id password hash. An existing identity with the
 * e-mail (user or guest) is 409 `identity_exists` with its id in _extra (spec 1 §7); a guest's
 * account is never taken over here, it gets its password through the setup or reset link.
 */
export async function createUser(
  ex: Executor,
  sellerId: string,
  body: z.infer<typeof createUserBody> & { password: string },
  now: Date,
): Promise<string> {
  if (!isValidPassword(body.password)) throw invalidPassword();
  const existing = await identityByEmail(ex, sellerId, body.email);
  if (existing) throw identityExists(existing.id);
  const id = randomUUID();
  const passwordHash = await hashPassword(body.password);
  const inserted = await ex
    .insert(s.identity)
    .values({
      id,
      sellerId,
      kind: "user",
      email: body.email.trim(),
      firstName: body.first_name,
      lastName: body.last_name,
      passwordHash,
      additionalInfo: body.additional_info ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: s.identity.id });
  if (!inserted.length) {
    const raced = await identityByEmail(ex, sellerId, body.email);
    throw identityExists(raced?.id ?? "");
  }
  return id;
}

/**
 * PUT my/user: names, additional info (merged) and the password (which revokes the other sessions).
 * The argon2 work runs before the transaction, so no connection waits on it.
 */
export async function updateUser(
  db: Db,
  identityId: string,
  body: Omit<z.infer<typeof updateUserBody>, "current_password" | "change_code">,
  now: Date,
  currentToken: string | undefined,
  /** Runs in the transaction once a new password is stored (the notice mail). */
  onPasswordChanged?: (tx: Executor, row: IdentityRow) => Promise<void>,
): Promise<void> {
  if (body.password !== undefined && !isValidPassword(body.password)) throw invalidPassword();
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const row = await identityById(tx, identityId);
    if (!row) throw notLoggedIn();
    const set: Partial<typeof s.identity.$inferInsert> = {};
    if (body.first_name !== undefined) set.firstName = body.first_name;
    if (body.last_name !== undefined) set.lastName = body.last_name;
    if (body.additional_info !== undefined) {
      set.additionalInfo = { ...(row.additionalInfo ?? {}), ...body.additional_info };
    }
    if (passwordHash) {
      set.passwordHash = passwordHash;
      set.kind = "user";
    }
    if (Object.keys(set).length) await tx.update(s.identity).set(set).where(eq(s.identity.id, identityId));
    if (passwordHash) {
      await revokeSessionsOf(tx, identityId, now, currentToken);
      await onPasswordChanged?.(tx, row);
    }
  });
}

/** 409 `email_in_use` when another identity of the seller has `email` (spec 2 §8 set-email). */
export async function assertEmailFree(ex: Executor, row: IdentityRow, email: string): Promise<void> {
  const other = await identityByEmail(ex, row.sellerId, email);
  if (other && other.id !== row.id) throw emailInUse();
}

/** Whether `email` is another address than the identity's (a change of letter case is not). */
export const changesEmail = (row: IdentityRow, email: string | undefined): email is string =>
  email !== undefined && email.trim().toLowerCase() !== (row.email ?? "").toLowerCase();

/**
 * PATCH my/user/{id}: only the caller's own identity (403 otherwise). A new e-mail that another
 * identity of the seller has is 409 `email_in_use` (spec 2 §8 set-email). The proof a new e-mail
 * needs, and the notice to the old address, are the route's (change-proof.ts, email-change.ts).
 */
export async function patchUser(
  ex: Executor,
  callerId: string,
  targetId: string,
  body: Omit<z.infer<typeof patchUserBody>, "current_password" | "change_code">,
): Promise<void> {
  if (callerId !== targetId) throw forbiddenUser();
  const row = await identityById(ex, callerId);
  if (!row) throw notLoggedIn();
  const set: Partial<typeof s.identity.$inferInsert> = {};
  if (body.email !== undefined) {
    await assertEmailFree(ex, row, body.email);
    set.email = body.email.trim();
  }
  if (body.additional_info !== undefined) {
    set.additionalInfo = { ...(row.additionalInfo ?? {}), ...body.additional_info };
  }
  if (!Object.keys(set).length) return;
  try {
    await ex.update(s.identity).set(set).where(eq(s.identity.id, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}
