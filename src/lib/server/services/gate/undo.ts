/**
 * Staff undo an admission (a scan of the wrong ticket, a visitor who left before going in): the
 * ticket is booked again, its admission row goes, the session's counter goes down, and the undo is
 * in the audit log with its reason and the admission it undid.
 */
import { and, eq, sql } from "drizzle-orm";
import type { StaffActor } from "../../../domain/admin/roles.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail } from "../../errors/api-error.ts";
import { recordAudit } from "../admin/audit.ts";
import { assertAllowed, parseInput } from "../admin/permit.ts";
import { type UndoAdmissionInput, undoAdmissionInput } from "./schemas.ts";

export async function undoAdmission(
  db: Executor,
  actor: StaffActor,
  input: UndoAdmissionInput,
  now: Date,
): Promise<{ ticketId: string; state: "booked" }> {
  assertAllowed(actor, "gate.scan");
  const { ticketId, reason } = parseInput(undoAdmissionInput, input);
  return db.transaction(async (tx) => {
    const [admission] = await tx
      .delete(s.ticketAdmission)
      .where(and(eq(s.ticketAdmission.ticketId, ticketId), eq(s.ticketAdmission.sellerId, actor.sellerId)))
      .returning();
    if (!admission) throw fail("gate_not_admitted");
    await tx
      .update(s.ticket)
      .set({ state: "booked" })
      .where(and(eq(s.ticket.id, ticketId), eq(s.ticket.state, "redeemed")));
    if (admission.eventSessionId) {
      await tx
        .update(s.eventSession)
        .set({ redeemedCount: sql`greatest(${s.eventSession.redeemedCount} - 1, 0)` })
        .where(eq(s.eventSession.id, admission.eventSessionId));
    }
    await recordAudit(
      tx,
      actor,
      {
        action: "admit_undo",
        resource: "ticket",
        resourceId: ticketId,
        reason,
        details: { gate: admission.gate, admitted_at: admission.admittedAt.toISOString() },
      },
      now,
    );
    return { ticketId, state: "booked" as const };
  });
}
