/**
 * Per-tenant API keys for the admin API: created by an admin with a role, shown once
 * (`foyer_<prefix>_<secret>`), stored as an argon2id hash, and revoked from the back office. The
 * prefix finds the row; the hash proves the rest. A verified key is remembered for a minute in
 * this process, so a client calling in a loop does not pay argon2id on every call (a revoke takes
 * effect within that minute on other servers, at once on this one).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type StaffActor, type StaffRole, staffRoleSchema } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound } from "../../../errors/api-error.ts";
import { checkPassword, hashPassword } from "../../auth/passwords.ts";
import { recordAudit } from "../audit.ts";
import { assertAllowed, parseInput } from "../permit.ts";

export const newApiKeyInput = z.object({
  name: z.string().trim().min(1, "Name the key, for example Box office kiosk.").max(120),
  role: staffRoleSchema,
});

const KEY_PATTERN = /^foyer_([a-z0-9]{10})_([A-Za-z0-9_-]{32,64})$/;
const REMEMBER_MS = 60_000;
const remembered = new Map<string, { actor: StaffActor; until: number }>();

export async function createApiKey(
  tx: Executor,
  actor: StaffActor,
  raw: z.input<typeof newApiKeyInput>,
  now: Date,
): Promise<{ id: string; key: string; prefix: string }> {
  assertAllowed(actor, "keys.manage");
  const input = parseInput(newApiKeyInput, raw);
  const prefix = randomBytes(8).toString("hex").slice(0, 10);
  const key = `foyer_${prefix}_${randomBytes(24).toString("base64url")}`;
  const id = randomUUID();
  await tx.insert(s.apiKey).values({
    id,
    sellerId: actor.sellerId,
    name: input.name,
    role: input.role,
    prefix,
    keyHash: await hashPassword(key),
    createdBy: actor.id,
    createdAt: now,
  });
  await recordAudit(
    tx,
    actor,
    {
      action: "key.create",
      resource: "api_key",
      resourceId: id,
      details: { name: input.name, role: input.role, prefix },
    },
    now,
  );
  return { id, key, prefix };
}

export async function revokeApiKey(tx: Executor, actor: StaffActor, id: string, now: Date): Promise<void> {
  assertAllowed(actor, "keys.manage");
  const done = await tx
    .update(s.apiKey)
    .set({ revokedAt: now })
    .where(and(eq(s.apiKey.id, id), eq(s.apiKey.sellerId, actor.sellerId), isNull(s.apiKey.revokedAt)))
    .returning({ id: s.apiKey.id, name: s.apiKey.name, role: s.apiKey.role, prefix: s.apiKey.prefix });
  const [key] = done;
  if (!key) throw notFound("api_key", id);
  for (const [k, v] of remembered) if (v.actor.id === id) remembered.delete(k);
  await recordAudit(
    tx,
    actor,
    {
      action: "key.revoke",
      resource: "api_key",
      resourceId: id,
      details: { name: key.name, role: key.role, prefix: key.prefix },
    },
    now,
  );
}

const creatorKey = alias(s.apiKey, "creator_key");

/** The tenant's keys, newest first, with who made each (a staff member, or another key). */
export function listApiKeys(db: Executor, sellerId: string) {
  return db
    .select({
      id: s.apiKey.id,
      name: s.apiKey.name,
      role: s.apiKey.role,
      prefix: s.apiKey.prefix,
      createdBy: s.apiKey.createdBy,
      createdByName: sql<string | null>`coalesce(${s.staffAccount.name}, ${creatorKey.name})`,
      createdAt: s.apiKey.createdAt,
      revokedAt: s.apiKey.revokedAt,
    })
    .from(s.apiKey)
    .leftJoin(s.staffAccount, eq(s.staffAccount.id, s.apiKey.createdBy))
    .leftJoin(creatorKey, eq(creatorKey.id, s.apiKey.createdBy))
    .where(eq(s.apiKey.sellerId, sellerId))
    .orderBy(desc(s.apiKey.createdAt), s.apiKey.id);
}

/** The actor of a bearer key, or an `api_key_invalid` error. */
export async function actorOfApiKey(db: Executor, key: string, now: Date): Promise<StaffActor> {
  const digest = createHash("sha256").update(key).digest("hex");
  const hit = remembered.get(digest);
  if (hit && hit.until > now.getTime()) return hit.actor;
  const match = KEY_PATTERN.exec(key);
  const [row] = match
    ? await db
        .select()
        .from(s.apiKey)
        .where(and(eq(s.apiKey.prefix, match[1] ?? ""), isNull(s.apiKey.revokedAt)))
    : [];
  if (!(await checkPassword(row?.keyHash, key)) || !row) throw fail("api_key_invalid");
  const actor: StaffActor = {
    kind: "api_key",
    id: row.id,
    name: row.name,
    sellerId: row.sellerId,
    role: row.role as StaffRole,
    refundLimit: null,
  };
  remembered.set(digest, { actor, until: now.getTime() + REMEMBER_MS });
  return actor;
}
