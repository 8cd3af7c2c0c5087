/**
 * Changing one session's capacity: never below the places taken (sold plus held;
 * domain/admin/session-capacity.ts), with the reason and the old and new capacity in the audit log.
 * event_session.planned_capacity is left as the last catalogue apply set it: a capacity that differs
 * from it is one staff set, and the next apply keeps it (services/catalogue/apply).
 */
import { eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import {
  capacityAllowed,
  capacityFloor,
  capacityRefusalText,
  type TakenPlaces,
} from "../../../../domain/admin/session-capacity.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail } from "../../../errors/api-error.ts";
import { keepNewPlacesForList } from "../../waiting-list/offers.ts";
import { recordAudit } from "../audit.ts";
import { ticketCountsOf } from "../figures/session-counts.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import { lockedSessionOfActor } from "./lookup.ts";
import { type SetSessionCapacityInput, setSessionCapacityInput } from "./schemas.ts";

export interface SessionCapacityChange {
  sessionId: string;
  previousCapacity: number;
  capacity: number;
  sold: number;
  held: number;
  changed: boolean;
}

/** Sets a session's capacity. Roles: sessions.change. Audit: session.capacity (409 capacity_below_taken). */
export async function setSessionCapacity(
  db: Executor,
  actor: StaffActor,
  input: SetSessionCapacityInput,
  now: Date,
): Promise<SessionCapacityChange> {
  assertAllowed(actor, "sessions.change");
  const { sessionId, capacity, reason } = parseInput(setSessionCapacityInput, input);
  return db.transaction(async (tx) => {
    // Locked first: no reserve takes a place between the count and the change.
    const session = await lockedSessionOfActor(tx, actor, sessionId);
    const counts = (await ticketCountsOf(tx, actor.sellerId, [session.id])).get(session.id);
    const taken: TakenPlaces = {
      sold: counts?.sold ?? 0,
      held: counts?.held ?? 0,
      used: session.usedCapacity,
    };
    const answer = {
      sessionId: session.id,
      previousCapacity: session.capacity,
      capacity,
      sold: taken.sold,
      held: taken.held,
    };
    if (!capacityAllowed(capacity, taken)) {
      throw fail("capacity_below_taken", {
        description: capacityRefusalText(capacity, taken),
        extra: { event_session_id: session.id, capacity, ...taken, minimum: capacityFloor(taken) },
      });
    }
    if (session.capacity === capacity) return { ...answer, changed: false };
    await tx.update(s.eventSession).set({ capacity }).where(eq(s.eventSession.id, session.id));
    // More places while people wait on the list: they are the list's first.
    if (session.capacity >= 0 && capacity > session.capacity) {
      await keepNewPlacesForList(tx, session.id, capacity - session.capacity);
    }
    await recordAudit(
      tx,
      actor,
      {
        action: "session.capacity",
        resource: "event_session",
        resourceId: session.id,
        reason,
        details: { from: session.capacity, to: capacity, sold: taken.sold, held: taken.held },
      },
      now,
    );
    return { ...answer, changed: true };
  });
}
