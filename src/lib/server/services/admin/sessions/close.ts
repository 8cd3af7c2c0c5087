/**
 * Closing and reopening a session (event_session.sold_out). A closed session is shown to visitors
 * as sold out and takes no new tickets: the reserve refuses it (`event_session_sold_out`), for a
 * ticket that takes a place of its capacity (cart/counters.ts) and for one of a group outside it
 * (cart/reserve.ts); so does moving an order's ticket onto it, which reserves it the same way.
 *
 * What a cart already holding it keeps: its held tickets stay until the cart checks out or expires.
 * They were taken in good faith before the session closed, the shopper may be paying for them right
 * now, and the checkout takes no new places (it books the held ones), so nothing oversells. An
 * expired cart gives its places back as usual, and nobody can take them while the session is
 * closed. Staff who must stop a sale already in a cart cancel the order afterwards.
 *
 * Closing a closed session (or reopening an open one) changes nothing and writes no audit entry.
 */

import { eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { recordAudit } from "../audit.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import { lockedSessionOfActor } from "./lookup.ts";
import { type CloseSessionInput, closeSessionInput } from "./schemas.ts";

export interface SessionClosedState {
  sessionId: string;
  closed: boolean;
  /** False when the session already was in that state. */
  changed: boolean;
}

async function setClosed(
  db: Executor,
  actor: StaffActor,
  input: CloseSessionInput,
  now: Date,
  closed: boolean,
): Promise<SessionClosedState> {
  assertAllowed(actor, "sessions.change");
  const { sessionId, reason } = parseInput(closeSessionInput, input);
  return db.transaction(async (tx) => {
    const session = await lockedSessionOfActor(tx, actor, sessionId);
    if (session.soldOut === closed) return { sessionId, closed, changed: false };
    await tx.update(s.eventSession).set({ soldOut: closed }).where(eq(s.eventSession.id, session.id));
    await recordAudit(
      tx,
      actor,
      {
        action: closed ? "session.close" : "session.reopen",
        resource: "event_session",
        resourceId: session.id,
        reason: reason ?? null,
        details: { start: session.startDatetime.toISOString(), event_template_id: session.eventTemplateId },
      },
      now,
    );
    return { sessionId, closed, changed: true };
  });
}

/** Closes a session to new sales. Roles: sessions.change. Audit: session.close. */
export function closeSession(db: Executor, actor: StaffActor, input: CloseSessionInput, now: Date) {
  return setClosed(db, actor, input, now, true);
}

/** Opens a closed session again. Roles: sessions.change. Audit: session.reopen. */
export function reopenSession(db: Executor, actor: StaffActor, input: CloseSessionInput, now: Date) {
  return setClosed(db, actor, input, now, false);
}
