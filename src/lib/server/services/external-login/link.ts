/**
 * Which identity a provider account logs in as (linked to an existing identity by verified
 * e-mail): the identity already linked to its issuer and subject (so a later e-mail change at the
 * provider still finds the account), else the seller's identity with that e-mail (case-insensitive;
 * a password account, a guest or a giftee alike), else a new user identity without a password. The
 * link is recorded either way. Called only with an e-mail the provider has verified.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { identityByEmail, identityById } from "../auth/users.ts";

export interface ProviderAccount {
  sellerId: string;
  issuer: string;
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The link row of this provider account. */
const linkOf = (account: ProviderAccount) =>
  and(
    eq(s.externalIdentityLink.sellerId, account.sellerId),
    eq(s.externalIdentityLink.issuer, account.issuer),
    eq(s.externalIdentityLink.subject, account.subject),
  );

async function linkedIdentityId(ex: Executor, account: ProviderAccount): Promise<string | undefined> {
  const [row] = await ex
    .select({ identityId: s.externalIdentityLink.identityId })
    .from(s.externalIdentityLink)
    .where(linkOf(account))
    .limit(1);
  return row?.identityId;
}

/** The identity with the e-mail, or a new user identity (another login creating it first wins). */
async function identityForEmail(ex: Executor, account: ProviderAccount, now: Date): Promise<string> {
  const existing = await identityByEmail(ex, account.sellerId, account.email);
  if (existing) return existing.id;
  const [created] = await ex
    .insert(s.identity)
    .values({
      id: randomUUID(),
      sellerId: account.sellerId,
      kind: "user",
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash: null,
      additionalInfo: null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: s.identity.id });
  if (created) return created.id;
  const raced = await identityByEmail(ex, account.sellerId, account.email);
  if (!raced) throw new Error("external_login.identity_vanished");
  return raced.id;
}

/** The identity the provider account logs in as, linking it on first use. */
export async function identityForProviderAccount(
  ex: Executor,
  account: ProviderAccount,
  now: Date,
): Promise<string> {
  const linked = await linkedIdentityId(ex, account);
  if (linked && (await identityById(ex, linked))) {
    await ex.update(s.externalIdentityLink).set({ lastLoginAt: now }).where(linkOf(account));
    return linked;
  }
  const identityId = await identityForEmail(ex, account, now);
  await ex
    .insert(s.externalIdentityLink)
    .values({
      sellerId: account.sellerId,
      issuer: account.issuer,
      subject: account.subject,
      identityId,
      createdAt: now,
      lastLoginAt: now,
    })
    .onConflictDoNothing();
  return (await linkedIdentityId(ex, account)) ?? identityId;
}
