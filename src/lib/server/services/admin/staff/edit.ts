/**
 * An admin changes a colleague's account: their role, a box office member's refund limit, or
 * whether the account may log in at all. Each change is one audit entry with what it was before
 * and what it is after, in the same transaction as the change.
 *
 * - A disabled account's sessions end at once (and stay ended when it is enabled again); its
 *   login is refused (login.ts).
 * - The tenant always keeps an active admin: a change that would leave none (demoting or
 *   disabling the last one, whoever asks) is refused with `staff_last_admin`.
 * - Only a box office member has a refund limit: another role's is cleared.
 */
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type StaffActor, type StaffRole, staffRoleSchema } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../../errors/api-error.ts";
import { recordAudit } from "../audit.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import type { StaffRow } from "./accounts.ts";
import { secondFactorRequired } from "./login.ts";

export const staffChangeInput = z
  .object({
    role: staffRoleSchema.optional(),
    /** Box office: the largest refund in minor units; null for none. */
    refund_limit: z.number().int().min(0).max(100_000_000).nullable().optional(),
    disabled: z.boolean().optional(),
    /** Why, kept in the audit log. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((c) => c.role !== undefined || c.refund_limit !== undefined || c.disabled !== undefined, {
    message: "Say what to change: the role, the refund limit or whether the account is disabled.",
  });
export type StaffChangeInput = z.input<typeof staffChangeInput>;

interface AccountState {
  role: StaffRole;
  refundLimit: number | null;
  disabled: boolean;
}

function stateOf(row: StaffRow): AccountState {
  return { role: row.role as StaffRole, refundLimit: row.refundLimit, disabled: row.disabledAt !== null };
}

function wanted(before: AccountState, change: z.output<typeof staffChangeInput>): AccountState {
  const role = change.role ?? before.role;
  if (role !== "box_office" && change.refund_limit !== undefined && change.refund_limit !== null) {
    throw validationFailed("Only a box office member has a refund limit.", { field: "refund_limit" });
  }
  const refundLimit =
    role === "box_office"
      ? change.refund_limit === undefined
        ? before.refundLimit
        : change.refund_limit
      : null;
  return { role, refundLimit, disabled: change.disabled ?? before.disabled };
}

const isActiveAdmin = (state: AccountState) => state.role === "admin" && !state.disabled;

/**
 * The tenant's active admins, locked in one statement in a fixed order before anything else, so
 * two admins demoting each other at once are taken one after the other (never a deadlock) and the
 * second sees the first's change: the tenant is never left without an admin.
 */
async function lockActiveAdmins(tx: Executor, sellerId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: s.staffAccount.id })
    .from(s.staffAccount)
    .where(
      and(
        eq(s.staffAccount.sellerId, sellerId),
        eq(s.staffAccount.role, "admin"),
        isNull(s.staffAccount.disabledAt),
      ),
    )
    .orderBy(s.staffAccount.id)
    .for("update");
  return rows.map((r) => r.id);
}

/** Ends every session of the account now. */
async function endSessions(tx: Executor, staffId: string, now: Date): Promise<void> {
  await tx
    .update(s.staffSession)
    .set({ revokedAt: now })
    .where(and(eq(s.staffSession.staffId, staffId), isNull(s.staffSession.revokedAt)));
}

/**
 * Changes a staff account of the actor's tenant (another tenant's is not found). Answers the
 * account as it is now; a change that changes nothing writes nothing.
 */
export async function editStaff(
  tx: Executor,
  actor: StaffActor,
  staffId: string,
  input: StaffChangeInput,
  now: Date,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StaffRow> {
  assertAllowed(actor, "staff.manage");
  const change = parseInput(staffChangeInput, input);
  const admins = await lockActiveAdmins(tx, actor.sellerId);
  const [row] = await tx
    .select()
    .from(s.staffAccount)
    .where(and(eq(s.staffAccount.id, staffId), eq(s.staffAccount.sellerId, actor.sellerId)))
    .for("update");
  if (!row) throw notFound("staff_account", staffId);
  const before = stateOf(row);
  const after = wanted(before, change);
  if (isActiveAdmin(before) && !isActiveAdmin(after) && admins.every((id) => id === row.id)) {
    throw fail("staff_last_admin", { extra: { staff_id: row.id } });
  }
  const disabledAt = after.disabled === before.disabled ? row.disabledAt : after.disabled ? now : null;
  const updated: StaffRow = { ...row, role: after.role, refundLimit: after.refundLimit, disabledAt };
  const changes: { action: string; before: unknown; after: unknown }[] = [];
  if (after.role !== before.role)
    changes.push({ action: "staff.role", before: before.role, after: after.role });
  if (after.refundLimit !== before.refundLimit)
    changes.push({ action: "staff.refund_limit", before: before.refundLimit, after: after.refundLimit });
  if (after.disabled !== before.disabled)
    changes.push({
      action: after.disabled ? "staff.disable" : "staff.enable",
      before: before.disabled,
      after: after.disabled,
    });
  if (changes.length === 0) return row;

  await tx
    .update(s.staffAccount)
    .set({ role: after.role, refundLimit: after.refundLimit, disabledAt })
    .where(eq(s.staffAccount.id, row.id));
  // A promotion to a role that needs a second factor the account lacks must not ride on a session
  // opened without one: the next login asks for it.
  const owesSecondFactor =
    after.role !== before.role && !row.totpEnabledAt && secondFactorRequired(updated, env);
  if (after.disabled || owesSecondFactor) await endSessions(tx, row.id, now);
  for (const c of changes) {
    await recordAudit(
      tx,
      actor,
      {
        action: c.action,
        resource: "staff_account",
        resourceId: row.id,
        reason: change.reason || null,
        details: { email: row.email, name: row.name, before: c.before, after: c.after },
      },
      now,
    );
  }
  return updated;
}
