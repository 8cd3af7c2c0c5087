/**
 * The audit log: every staff change is written in the same transaction as the change itself, so
 * a change without its entry (or an entry without its change) never exists.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { auditLog } from "../../db/schema.ts";
import { assertAllowed, parseInput } from "./permit.ts";

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

/**
 * The entries about one thing (an order, a session), newest first; `parts` adds those about its
 * parts (an order's tickets, admitted or undone at the gate).
 */
export function auditTrail(
  db: Executor,
  sellerId: string,
  resource: string,
  resourceId: string,
  parts?: { resource: string; ids: readonly string[] },
) {
  const about = and(eq(auditLog.resource, resource), eq(auditLog.resourceId, resourceId));
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.sellerId, sellerId),
        parts?.ids.length
          ? or(
              about,
              and(eq(auditLog.resource, parts.resource), inArray(auditLog.resourceId, [...parts.ids])),
            )
          : about,
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

/** What the audit log page and GET admin/audit filter and page by. */
export const auditQueryInput = z.object({
  /** One action, e.g. `refund` or `staff.role`. */
  action: z.string().trim().min(1).max(60).optional(),
  /** The staff member's or the key's id. */
  actorId: z.string().trim().min(1).max(100).optional(),
  resource: z.string().trim().min(1).max(60).optional(),
  resourceId: z.string().trim().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).max(100_000).default(0),
  /** Also answer the actions and the actors of the whole log, for the filters' choices. */
  withChoices: z.boolean().default(false),
});
export type AuditQuery = z.input<typeof auditQueryInput>;

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditListEntry extends AuditRow {
  /** Words for the thing acted on (an order's number, a session's event, a member ID), when known. */
  resourceLabel: string | null;
  /** A session's start. */
  resourceTime: Date | null;
}

export interface AuditPage {
  /** Entries matching the filters, in all pages. */
  total: number;
  entries: AuditListEntry[];
  actions?: { action: string; count: number }[];
  actors?: { actorKind: string; actorId: string; actorName: string }[];
}

/** Words for the resources of a page of entries, each kind read once, of the tenant only. */
async function resourceLabels(db: Executor, sellerId: string, rows: AuditRow[]) {
  const ids = (resource: string) => [
    ...new Set(rows.filter((r) => r.resource === resource).map((r) => r.resourceId)),
  ];
  const labels = new Map<string, { label: string; time: Date | null }>();
  const key = (resource: string, id: string) => `${resource}:${id}`;
  const orders = ids("ticket_order");
  const sessions = ids("event_session");
  const memberships = ids("membership");
  const staff = ids("staff_account");
  const keys = ids("api_key");
  const [orderRows, sessionRows, membershipRows, staffRows, keyRows] = await Promise.all([
    orders.length
      ? db
          .select({ id: s.ticketOrder.id, label: s.ticketOrder.orderNumber })
          .from(s.ticketOrder)
          .where(and(eq(s.ticketOrder.sellerId, sellerId), inArray(s.ticketOrder.id, orders)))
      : [],
    sessions.length
      ? db
          .select({ id: s.eventSession.id, label: s.eventTemplate.name, time: s.eventSession.startDatetime })
          .from(s.eventSession)
          .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.eventSession.eventTemplateId))
          .where(and(eq(s.eventSession.sellerId, sellerId), inArray(s.eventSession.id, sessions)))
      : [],
    memberships.length
      ? db
          .select({ id: s.membership.id, label: s.membership.scanCode })
          .from(s.membership)
          .where(and(eq(s.membership.sellerId, sellerId), inArray(s.membership.id, memberships)))
      : [],
    staff.length
      ? db
          .select({ id: s.staffAccount.id, label: s.staffAccount.name })
          .from(s.staffAccount)
          .where(and(eq(s.staffAccount.sellerId, sellerId), inArray(s.staffAccount.id, staff)))
      : [],
    keys.length
      ? db
          .select({ id: s.apiKey.id, label: s.apiKey.name })
          .from(s.apiKey)
          .where(and(eq(s.apiKey.sellerId, sellerId), inArray(s.apiKey.id, keys)))
      : [],
  ]);
  for (const r of orderRows) labels.set(key("ticket_order", r.id), { label: r.label, time: null });
  for (const r of sessionRows) labels.set(key("event_session", r.id), { label: r.label, time: r.time });
  for (const r of membershipRows) labels.set(key("membership", r.id), { label: r.label, time: null });
  for (const r of staffRows) labels.set(key("staff_account", r.id), { label: r.label, time: null });
  for (const r of keyRows) labels.set(key("api_key", r.id), { label: r.label, time: null });
  return (row: AuditRow) => labels.get(key(row.resource, row.resourceId)) ?? null;
}

/**
 * A page of the tenant's log, newest first, filtered by action, actor and resource; with the
 * total that matches, and (when asked) the actions and actors to filter by.
 */
export async function auditPage(db: Executor, actor: StaffActor, query: AuditQuery): Promise<AuditPage> {
  assertAllowed(actor, "audit.read");
  const q = parseInput(auditQueryInput, query);
  const tenant = eq(auditLog.sellerId, actor.sellerId);
  const filters: SQL[] = [tenant];
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
  if (q.resource) filters.push(eq(auditLog.resource, q.resource));
  if (q.resourceId) filters.push(eq(auditLog.resourceId, q.resourceId));
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      // The id breaks ties between entries of one transaction, so pages never overlap.
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const labelOf = await resourceLabels(db, actor.sellerId, rows);
  const entries = rows.map((r) => {
    const found = labelOf(r);
    return { ...r, resourceLabel: found?.label ?? null, resourceTime: found?.time ?? null };
  });
  const page: AuditPage = { total: Number(counted?.n ?? 0), entries };
  if (!q.withChoices) return page;
  const [actions, actors] = await Promise.all([
    db
      .select({ action: auditLog.action, count: count() })
      .from(auditLog)
      .where(tenant)
      .groupBy(auditLog.action)
      .orderBy(auditLog.action),
    // Each actor once, with their name as of their newest entry (a name may have changed since).
    db
      .selectDistinctOn([auditLog.actorId], {
        actorKind: auditLog.actorKind,
        actorId: auditLog.actorId,
        actorName: auditLog.actorName,
      })
      .from(auditLog)
      .where(tenant)
      .orderBy(auditLog.actorId, desc(auditLog.createdAt)),
  ]);
  page.actions = actions.map((a) => ({ action: a.action, count: Number(a.count) }));
  page.actors = actors.sort(
    (a, b) => a.actorName.localeCompare(b.actorName) || a.actorId.localeCompare(b.actorId),
  );
  return page;
}
