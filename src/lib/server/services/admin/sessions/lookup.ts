/** One session of the actor's seller: another seller's session, or none, is not found. */
import { and, eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor, Tx } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { notFound } from "../../../errors/api-error.ts";

export type SessionRow = typeof s.eventSession.$inferSelect;

export async function sessionOfActor(
  db: Executor,
  actor: StaffActor,
  sessionId: string,
): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(s.eventSession)
    .where(and(eq(s.eventSession.id, sessionId), eq(s.eventSession.sellerId, actor.sellerId)));
  if (!row) throw notFound("event_session", sessionId);
  return row;
}

/**
 * The same, with the row locked for the rest of the transaction (SELECT ... FOR UPDATE): a reserve
 * takes places with a conditional UPDATE of this row (cart/counters.ts), so it waits for the change
 * and then checks against it.
 */
export async function lockedSessionOfActor(
  tx: Tx,
  actor: StaffActor,
  sessionId: string,
): Promise<SessionRow> {
  const [row] = await tx
    .select()
    .from(s.eventSession)
    .where(and(eq(s.eventSession.id, sessionId), eq(s.eventSession.sellerId, actor.sellerId)))
    .for("update");
  if (!row) throw notFound("event_session", sessionId);
  return row;
}
