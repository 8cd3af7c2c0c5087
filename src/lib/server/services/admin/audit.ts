/**
 * The audit log: every staff change is written in the same transaction as the change itself, so
 * a change without its entry (or an entry without its change) never exists.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import type { Executor } from "../../db/executor.ts";
import { auditLog } from "../../db/schema.ts";

export interface AuditEntry {
  action: string;
  resource: string;
  resourceId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(
  tx: Executor,
  actor: StaffActor,
  entry: AuditEntry,
  now: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    sellerId: actor.sellerId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    createdAt: now,
  });
}

/** The entries about one thing (an order, a session), newest first. */
export function auditTrail(db: Executor, sellerId: string, resource: string, resourceId: string) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.sellerId, sellerId),
        eq(auditLog.resource, resource),
        eq(auditLog.resourceId, resourceId),
      ),
    )
    .orderBy(desc(auditLog.createdAt));
}

/** A tenant's newest entries. */
export function recentAudit(db: Executor, sellerId: string, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.sellerId, sellerId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}
