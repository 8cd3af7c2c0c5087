/**
 * Offers from a session's waiting list. Places given back while people wait stay counted and go to
 * the list (event_session.waiting_list_places, set in the freeing transaction by cart/counters.ts).
 * An offer is a cart the shop's own reserve fills for the entry (its types and quantities, its
 * member identity when it joined logged in), held until the offer expires, and an e-mail with a
 * link that hands the cart to the browser and goes to checkout.
 *
 * Each session's offers are made under its row lock, in the order people joined
 * (domain/waiting-list/rules.ts). Nobody waiting, or the session started: the list's places go
 * back to everyone. An offer that ends (expired, declined, left, removed) gives its places back
 * through the same counters, so they go to the next person. Each step is a short transaction of
 * its own; the pass (waitingListPass) repeats what a crash left half done.
 */
import { and, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import { availableCapacity } from "../../../domain/availability.ts";
import {
  inLineOrder,
  isListOpen,
  nextOffers,
  type OfferSettings,
  offerExpiresAt,
} from "../../../domain/waiting-list/rules.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { ApiError, fail, notFound } from "../../errors/api-error.ts";
import { logger } from "../../log/logger.ts";
import { tenantIn } from "../../mail/mail-language.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { offerMail } from "../../mail/waiting-list-mails.ts";
import { hashToken, newToken } from "../../security/tokens.ts";
import { applyModify } from "../cart/modify.ts";
import { newPendingCart, withUnusedCartNumber } from "../cart/new-cart.ts";
import { releaseCart } from "../cart/release.ts";
import type { CartRow } from "../cart/types.ts";
import { ANONYMOUS, type Caller, rememberedPublicIdentity } from "../identity/identity.ts";

export type EntryRow = typeof s.waitingListEntry.$inferSelect;
type SessionRow = typeof s.eventSession.$inferSelect;

/** How often every server looks for offers to make and offers that ended. */
export const WAITING_LIST_PASS_MS = 5_000;

export function offerSettingsOf(tenant: Pick<Tenant, "web">): OfferSettings {
  const list = tenant.web.waiting_list;
  return { offerHours: list.offer_hours, sameDayOfferMinutes: list.same_day_offer_minutes };
}

export interface OfferMade {
  entryId: string;
  cartId: string;
  expiresAt: Date;
}

/** Gives the list's places of a locked session back to everyone. */
async function returnListPlaces(tx: Tx, session: SessionRow): Promise<void> {
  if (session.waitingListPlaces <= 0) return;
  await tx
    .update(s.eventSession)
    .set({
      usedCapacity: sql`${s.eventSession.usedCapacity} - ${session.waitingListPlaces}::integer`,
      waitingListPlaces: 0,
    })
    .where(eq(s.eventSession.id, session.id));
}

/**
 * Places that come to a session while people wait (more capacity) go to the list, like places
 * given back: counted as used and kept for the list's offers. Inside the caller's transaction.
 */
export async function keepNewPlacesForList(tx: Tx, sessionId: string, places: number): Promise<void> {
  if (places <= 0) return;
  await tx.execute(sql`update event_session set
      used_capacity = used_capacity + ${places}::integer,
      waiting_list_places = waiting_list_places + ${places}::integer
    where id = ${sessionId} and exists (select 1 from waiting_list_entry w
      where w.event_session_id = event_session.id and w.state = 'waiting')`);
}

/** The entry's offer cart, not stored yet. */
function newOfferCart(entry: EntryRow, owner: { identityId: string }, expiresAt: Date, now: Date): CartRow {
  return newPendingCart({ sellerId: entry.sellerId, identityId: owner.identityId }, now, {
    expiresAt,
    campaign: { utm_source: "waiting_list" },
    // The order it becomes speaks the language the entry was joined in.
    language: entry.language,
  });
}

/** The entry's offer cart stored, filled by the shop's reserve (capacity, seats, member rules). */
async function fillOfferCart(
  tx: Tx,
  db: Db,
  entry: EntryRow,
  cart: CartRow,
  owner: { caller: Caller },
  now: Date,
): Promise<CartRow> {
  const add = entry.lines.map((line) => ({
    ticket_type_id: line.ticketTypeId,
    event_session_id: entry.eventSessionId,
    quantity: line.quantity,
  }));
  await applyModify(
    tx,
    cart,
    { add },
    {
      db,
      now,
      caller: owner.caller,
      isNew: true,
      alongside: () => tx.insert(s.cart).values(cart),
    },
  );
  return cart;
}

/** Who an offer's cart belongs to: the member who joined logged in, else the shop's public identity. */
async function offerOwner(tx: Tx, entry: EntryRow, publicIdentityId: string) {
  if (entry.identityId) {
    const [member] = await tx
      .select({ id: s.identity.id })
      .from(s.identity)
      .where(and(eq(s.identity.id, entry.identityId), eq(s.identity.sellerId, entry.sellerId)));
    if (member) return { identityId: member.id, caller: { identityId: member.id, sellerId: entry.sellerId } };
  }
  return { identityId: publicIdentityId, caller: ANONYMOUS };
}

async function eventNameOf(tx: Tx, eventId: string): Promise<string> {
  const [event] = await tx
    .select({ name: s.eventTemplate.name })
    .from(s.eventTemplate)
    .where(eq(s.eventTemplate.id, eventId));
  return event?.name ?? "";
}

/**
 * Makes the offers a session's places allow: its list's places and any free ones, in the order
 * people joined, or to one entry (`onlyEntryId`, staff sending an offer by hand: refused when its
 * party does not fit). Nobody waiting, or the session started: the list's places go back to
 * everyone (and a started session's entries end `closed`).
 */
export async function offerFreedPlaces(
  db: Db,
  sessionId: string,
  now: Date,
  onlyEntryId?: string,
): Promise<OfferMade[]> {
  const [owner] = await db
    .select({ sellerId: s.eventSession.sellerId })
    .from(s.eventSession)
    .where(eq(s.eventSession.id, sessionId));
  if (!owner) return [];
  // The public identity is made outside the transaction (identity.ts), before it is needed.
  const publicIdentityId = await rememberedPublicIdentity(db, owner.sellerId, now);
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(s.eventSession)
      .where(eq(s.eventSession.id, sessionId))
      .for("update");
    if (!session) return [];
    const waiting = inLineOrder(
      await tx
        .select()
        .from(s.waitingListEntry)
        .where(
          and(eq(s.waitingListEntry.eventSessionId, sessionId), eq(s.waitingListEntry.state, "waiting")),
        ),
    );
    if (!isListOpen(now, session.startDatetime)) {
      await tx
        .update(s.waitingListEntry)
        .set({ state: "closed", endedAt: now })
        .where(
          and(eq(s.waitingListEntry.eventSessionId, sessionId), eq(s.waitingListEntry.state, "waiting")),
        );
      await returnListPlaces(tx, session);
      if (onlyEntryId) throw fail("waiting_list_closed");
      return [];
    }
    const tenant = getTenant(session.sellerId);
    if (!waiting.length || !tenant) {
      await returnListPlaces(tx, session);
      if (onlyEntryId) throw notFound("waiting_list_entry", onlyEntryId);
      return [];
    }
    // Closed by the operator: its places stay with the list until it opens again.
    if (session.soldOut) {
      if (onlyEntryId) throw fail("waiting_list_no_places");
      return [];
    }
    const open = availableCapacity(session);
    const free = session.waitingListPlaces + (open < 0 ? Number.MAX_SAFE_INTEGER : open);
    let chosen: EntryRow[];
    if (onlyEntryId) {
      const entry = waiting.find((e) => e.id === onlyEntryId);
      if (!entry) throw notFound("waiting_list_entry", onlyEntryId);
      if (entry.quantity > free) throw fail("waiting_list_no_places");
      chosen = [entry];
    } else {
      chosen = nextOffers(waiting, free).offered;
    }
    const expiresAt = offerExpiresAt(now, session.startDatetime, tenant.timezone, offerSettingsOf(tenant));
    const eventName = chosen.length ? await eventNameOf(tx, session.eventTemplateId) : "";
    let listPlaces = session.waitingListPlaces;
    const made: OfferMade[] = [];
    for (const entry of chosen) {
      const owner = await offerOwner(tx, entry, publicIdentityId);
      try {
        // In a savepoint, made again with another number when the cart's was taken (new-cart.ts).
        const offer = await withUnusedCartNumber(
          () => newOfferCart(entry, owner, expiresAt, now),
          (newCart) =>
            tx.transaction(async (sp) => {
              // The list's places first: counted as used, they are handed to the reserve below.
              const fromList = Math.min(listPlaces, entry.quantity);
              if (fromList > 0) {
                await sp
                  .update(s.eventSession)
                  .set({
                    usedCapacity: sql`${s.eventSession.usedCapacity} - ${fromList}::integer`,
                    waitingListPlaces: sql`${s.eventSession.waitingListPlaces} - ${fromList}::integer`,
                  })
                  .where(eq(s.eventSession.id, session.id));
              }
              const cart = await fillOfferCart(sp, db, entry, newCart, owner, now);
              const offerToken = newToken();
              await sp
                .update(s.waitingListEntry)
                .set({
                  state: "offered",
                  offeredAt: now,
                  offerExpiresAt: expiresAt,
                  offerCartId: cart.id,
                  offerTokenHash: hashToken(offerToken),
                })
                .where(eq(s.waitingListEntry.id, entry.id));
              await enqueueMail(
                sp,
                offerMail({
                  // In the language the entry was joined in.
                  tenant: tenantIn(tenant, entry.language) ?? tenant,
                  sellerId: entry.sellerId,
                  to: entry.email,
                  entryId: entry.id,
                  eventName,
                  sessionStart: session.startDatetime,
                  count: entry.quantity,
                  cartId: cart.id,
                  offerToken,
                  expiresAt,
                }),
                now,
              );
              return { fromList, cartId: cart.id };
            }),
        );
        listPlaces -= offer.fromList;
        made.push({ entryId: entry.id, cartId: offer.cartId, expiresAt });
      } catch (error) {
        // The shop refused the entry's tickets (a type no longer sold, a group full): it keeps
        // its place, and the next pass tries again; the others are offered meanwhile.
        if (!(error instanceof ApiError) || onlyEntryId) throw error;
        logger.warn({ entryId: entry.id, code: error.items[0]?._code }, "waiting_list.offer_refused");
      }
    }
    // Everyone who waited has an offer now: what the list still keeps is for everyone again.
    if (made.length === waiting.length && listPlaces > 0) {
      await returnListPlaces(tx, { ...session, waitingListPlaces: listPlaces });
    }
    return made;
  });
}

type EndState = "expired" | "declined" | "left" | "removed" | "converted";

/**
 * Ends a locked live entry; an offer's cart still pending is released, so its places go to the
 * next person (or to everyone when nobody waits).
 */
export async function endEntry(tx: Tx, entry: EntryRow, state: EndState, now: Date): Promise<void> {
  await tx.update(s.waitingListEntry).set({ state, endedAt: now }).where(eq(s.waitingListEntry.id, entry.id));
  if (entry.state !== "offered" || !entry.offerCartId || state === "converted") return;
  const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, entry.offerCartId)).for("update");
  if (cart?.state === "pending") await releaseCart(tx, cart, state === "expired" ? "expired" : "deleted");
}

/** What an offer's cart says of it: booked (an order), ended, or still holding. */
function offerOutcome(cart: Pick<CartRow, "state" | "expiresAt"> | undefined, now: Date): EndState | null {
  if (!cart) return "expired";
  if (cart.state === "booked") return "converted";
  if (cart.state === "deleted") return "declined";
  if (cart.state !== "pending") return "expired";
  return cart.expiresAt !== null && cart.expiresAt.getTime() <= now.getTime() ? "expired" : null;
}

/**
 * Settles offers whose cart was booked (converted), released or deleted, or has expired; each in
 * its own transaction with the entry locked. Answers the sessions whose places may have come back.
 */
export async function settleOffers(db: Db, now: Date, limit = 200): Promise<Set<string>> {
  const due = await db
    .select({ id: s.waitingListEntry.id })
    .from(s.waitingListEntry)
    .leftJoin(s.cart, eq(s.cart.id, s.waitingListEntry.offerCartId))
    .where(
      and(
        eq(s.waitingListEntry.state, "offered"),
        or(isNull(s.cart.id), ne(s.cart.state, "pending"), lte(s.cart.expiresAt, now)),
      ),
    )
    .limit(limit);
  const sessions = new Set<string>();
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(s.waitingListEntry)
        .where(and(eq(s.waitingListEntry.id, id), eq(s.waitingListEntry.state, "offered")))
        .for("update", { skipLocked: true });
      if (!entry) return;
      const [cart] = entry.offerCartId
        ? await tx.select().from(s.cart).where(eq(s.cart.id, entry.offerCartId))
        : [];
      const outcome = offerOutcome(cart, now);
      if (!outcome) return;
      await endEntry(tx, entry, outcome, now);
      sessions.add(entry.eventSessionId);
    });
  }
  return sessions;
}

/**
 * Sessions with something for the list: places kept for it, or people waiting while places are
 * free (more capacity) or the session has started (its list closes).
 */
async function sessionsToOffer(db: Db, now: Date): Promise<string[]> {
  const kept = await db
    .select({ id: s.eventSession.id })
    .from(s.eventSession)
    .where(gt(s.eventSession.waitingListPlaces, 0));
  const waiting = await db
    .selectDistinct({ id: s.eventSession.id })
    .from(s.waitingListEntry)
    .innerJoin(s.eventSession, eq(s.eventSession.id, s.waitingListEntry.eventSessionId))
    .where(
      and(
        eq(s.waitingListEntry.state, "waiting"),
        or(
          lte(s.eventSession.startDatetime, now),
          and(
            eq(s.eventSession.soldOut, false),
            or(
              sql`${s.eventSession.capacity} < 0`,
              sql`${s.eventSession.capacity} + ${s.eventSession.oversellCapacity} > ${s.eventSession.usedCapacity}`,
            ),
          ),
        ),
      ),
    );
  return [...new Set([...kept, ...waiting].map((r) => r.id))];
}

/** One pass of the background job: settle ended offers, then make the offers places allow. */
export async function waitingListPass(db: Db, now: Date): Promise<{ settled: number; offered: number }> {
  const touched = await settleOffers(db, now);
  const sessions = new Set([...touched, ...(await sessionsToOffer(db, now))]);
  let offered = 0;
  for (const id of [...sessions].sort()) offered += (await offerFreedPlaces(db, id, now)).length;
  return { settled: touched.size, offered };
}

/** The offer an offer link's token opens (any state), of this seller. */
export async function entryByOfferToken(
  db: Db,
  sellerId: string,
  token: string,
): Promise<EntryRow | undefined> {
  if (!token || token.length > 200) return undefined;
  const [entry] = await db
    .select()
    .from(s.waitingListEntry)
    .where(
      and(eq(s.waitingListEntry.sellerId, sellerId), eq(s.waitingListEntry.offerTokenHash, hashToken(token))),
    );
  return entry;
}

/** Declining an offer with its link's token: the places go to the next person at once. */
export async function declineOffer(
  db: Db,
  sellerId: string,
  token: string,
  now: Date,
): Promise<{ entryId: string }> {
  const found = await entryByOfferToken(db, sellerId, token);
  if (!found) throw notFound("waiting_list_entry", "token");
  const declined = await db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(s.waitingListEntry)
      .where(and(eq(s.waitingListEntry.id, found.id), eq(s.waitingListEntry.state, "offered")))
      .for("update");
    if (!entry) return false;
    await endEntry(tx, entry, "declined", now);
    return true;
  });
  if (!declined) throw fail("waiting_list_offer_ended");
  await offerFreedPlaces(db, found.eventSessionId, now);
  return { entryId: found.id };
}
