/**
 * Staff acting on a session's waiting list: sending an entry an offer by hand now (its party must
 * fit the places the list keeps plus those free), and removing an entry (a removed offer's places go
 * to the next person at once, as a declined one's do). Both are audited against the session.
 *
 * Sending an offer to an entry that holds one already, or removing one removed already, changes
 * nothing and writes no audit entry (a second click, or the background pass that got there first).
 */
import { and, eq } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Db } from "../../../db/client.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { ApiError, fail, notFound } from "../../../errors/api-error.ts";
import { type EntryRow, endEntry, offerFreedPlaces } from "../../waiting-list/offers.ts";
import { recordAudit } from "../audit.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import {
  type RemoveWaitingEntryInput,
  removeWaitingEntryInput,
  type WaitingEntryRefInput,
  waitingEntryRefInput,
} from "./schemas.ts";

export interface WaitingEntryChange {
  entryId: string;
  sessionId: string;
  state: string;
  offerExpiresAt: Date | null;
  /** False when the entry already was in that state. */
  changed: boolean;
}

const changeOf = (entry: EntryRow, changed: boolean): WaitingEntryChange => ({
  entryId: entry.id,
  sessionId: entry.eventSessionId,
  state: entry.state,
  offerExpiresAt: entry.offerExpiresAt,
  changed,
});

/** One entry of the actor's seller: another seller's entry, or none, is not found. */
async function entryOfActor(db: Executor, actor: StaffActor, entryId: string): Promise<EntryRow> {
  const [entry] = await db
    .select()
    .from(s.waitingListEntry)
    .where(and(eq(s.waitingListEntry.id, entryId), eq(s.waitingListEntry.sellerId, actor.sellerId)));
  if (!entry) throw notFound("waiting_list_entry", entryId);
  return entry;
}

/**
 * Sends a waiting entry an offer now, out of turn. Roles: waiting_list.change. Audit:
 * waiting_list.offer (on the session). 409 waiting_list_no_places when its party does not fit,
 * waiting_list_closed once the session started, waiting_list_entry_ended for an ended entry.
 */
export async function sendWaitingListOffer(
  db: Db,
  actor: StaffActor,
  input: WaitingEntryRefInput,
  now: Date,
): Promise<WaitingEntryChange> {
  assertAllowed(actor, "waiting_list.change");
  const { entryId } = parseInput(waitingEntryRefInput, input);
  const entry = await entryOfActor(db, actor, entryId);
  if (entry.state === "offered") return changeOf(entry, false);
  if (entry.state !== "waiting") throw fail("waiting_list_entry_ended");
  let made: Awaited<ReturnType<typeof offerFreedPlaces>>;
  try {
    made = await offerFreedPlaces(db, entry.eventSessionId, now, entry.id);
  } catch (error) {
    // The background pass may have offered it (or it left) between the read and the offer.
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const again = await entryOfActor(db, actor, entryId);
    if (again.state === "offered") return changeOf(again, false);
    throw fail("waiting_list_entry_ended");
  }
  const offer = made.find((m) => m.entryId === entry.id);
  await db.transaction((tx) =>
    recordAudit(
      tx,
      actor,
      {
        action: "waiting_list.offer",
        resource: "event_session",
        resourceId: entry.eventSessionId,
        details: {
          entry_id: entry.id,
          email: entry.email,
          quantity: entry.quantity,
          cart_id: offer?.cartId ?? null,
          expires_at: offer?.expiresAt.toISOString() ?? null,
        },
      },
      now,
    ),
  );
  return {
    entryId: entry.id,
    sessionId: entry.eventSessionId,
    state: "offered",
    offerExpiresAt: offer?.expiresAt ?? null,
    changed: true,
  };
}

/**
 * Removes a live entry from the list. Roles: waiting_list.change. Audit: waiting_list.remove (on
 * the session, with the reason when given). An offer's held cart is released and its places go to
 * the next person; an offer already paid is an order and is not removed (waiting_list_entry_ended).
 */
export async function removeWaitingEntry(
  db: Db,
  actor: StaffActor,
  input: RemoveWaitingEntryInput,
  now: Date,
): Promise<WaitingEntryChange> {
  assertAllowed(actor, "waiting_list.change");
  const { entryId, reason } = parseInput(removeWaitingEntryInput, input);
  const done = await db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(s.waitingListEntry)
      .where(and(eq(s.waitingListEntry.id, entryId), eq(s.waitingListEntry.sellerId, actor.sellerId)))
      .for("update");
    if (!entry) throw notFound("waiting_list_entry", entryId);
    if (entry.state === "removed") return changeOf(entry, false);
    if (entry.state !== "waiting" && entry.state !== "offered") throw fail("waiting_list_entry_ended");
    if (entry.offerCartId) {
      const [cart] = await tx
        .select({ state: s.cart.state })
        .from(s.cart)
        .where(eq(s.cart.id, entry.offerCartId));
      if (cart?.state === "booked") throw fail("waiting_list_entry_ended");
    }
    await endEntry(tx, entry, "removed", now);
    await recordAudit(
      tx,
      actor,
      {
        action: "waiting_list.remove",
        resource: "event_session",
        resourceId: entry.eventSessionId,
        reason: reason || null,
        details: { entry_id: entry.id, email: entry.email, quantity: entry.quantity, was: entry.state },
      },
      now,
    );
    return changeOf({ ...entry, state: "removed" }, true);
  });
  // The places an offer held go to the next person now (or back to everyone when nobody waits).
  if (done.changed) await offerFreedPlaces(db, done.sessionId, now);
  return done;
}
