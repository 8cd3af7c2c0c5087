/**
 * Offers from a waiting list: "places that come back go to the list first, in the order people
 * joined"; "if the offer expires or is declined, the places go to the next entry"; "while the list
 * has people on it, freed places are not sold to the public"; staff sending an offer by hand; more
 * capacity going to the list; the list closing at the start.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { joinWaitingList } from "../../../src/lib/server/services/waiting-list/join.ts";
import {
  declineOffer,
  keepNewPlacesForList,
  offerFreedPlaces,
  waitingListPass,
} from "../../../src/lib/server/services/waiting-list/offers.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  loginIdentity,
  payAsGuest,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";
import { type ListApi, offerTokenOf, withList } from "./list-helpers.ts";

const api = withTestApi();
const harbour = getTenant("harbour-museum");
if (!harbour) throw new Error("no harbour-museum tenant");
const museum = withList(harbour, ["hm-general-admission"]);

const entryState = async (id: string) => {
  const [row] = await api.handle.db.select().from(s.waitingListEntry).where(eq(s.waitingListEntry.id, id));
  return row;
};

async function hold(sessionId: string, quantity: number) {
  return cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity }],
      }),
    ),
  );
}

async function join(sessionId: string, quantity: number) {
  api.clock.advance(1000);
  const email = `wl-${randomUUID()}@example.com`;
  const joined = await joinWaitingList(
    api.handle.db,
    museum,
    { sessionId, email, tickets: [{ ticketTypeId: "hm-ga-adult", quantity }] },
    randomUUID(),
    api.clock.now(),
  );
  return { ...joined, email };
}

/** A session of `capacity` places all held in one cart that is about to expire. */
async function soldOutByACart(offset: number, capacity: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, capacity, 0);
  const cart = await hold(session.id, capacity);
  return { session, cart };
}

const listApi: ListApi = api;

describe("offers from the waiting list", () => {
  it("places that come back go to the list first, in the order people joined; the public can't buy them", async () => {
    const { session } = await soldOutByACart(30, 3);
    const a = await join(session.id, 2);
    const b = await join(session.id, 1);
    const c = await join(session.id, 1);
    // The cart expires: its three places stay counted and go to the list.
    api.clock.advance(16 * 60_000);
    expect(await releaseExpiredCarts(api.handle.db, api.clock.now())).toBeGreaterThan(0);
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 3, waitingListPlaces: 3 });
    const shopper = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
    });
    expect(shopper.status).toBe(409);

    await waitingListPass(api.handle.db, api.clock.now());
    expect((await entryState(a.entryId))?.state).toBe("offered");
    expect((await entryState(b.entryId))?.state).toBe("offered");
    expect((await entryState(c.entryId))?.state).toBe("waiting");
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 3, waitingListPlaces: 0 });
    const aCart = (await entryState(a.entryId))?.offerCartId ?? "";
    const held = await api.handle.db
      .select()
      .from(s.ticket)
      .where(and(eq(s.ticket.cartId, aCart), eq(s.ticket.state, "held")));
    expect(held.length).toBe(2);
    const [mail] = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.relatedId, a.entryId), eq(s.outbox.kind, "waiting_list_offer")));
    expect(mail?.toAddress).toBe(a.email);
    expect(mail?.text).toContain(`/harbour-museum/transfer-cart/${aCart}`);
    expect(mail?.text).toContain("/harbour-museum/waiting-list/offer?token=");
  });

  it("a declined offer goes to the next entry at once; an expired one too; a paid one is converted", async () => {
    const { session } = await soldOutByACart(31, 2);
    const a = await join(session.id, 1);
    const b = await join(session.id, 1);
    const c = await join(session.id, 1);
    const d = await join(session.id, 1);
    api.clock.advance(16 * 60_000);
    await releaseExpiredCarts(api.handle.db, api.clock.now());
    await waitingListPass(api.handle.db, api.clock.now());
    expect((await entryState(b.entryId))?.state).toBe("offered");

    // Declined: the place goes to c in the same call.
    await declineOffer(
      api.handle.db,
      "harbour-museum",
      await offerTokenOf(listApi, b.entryId),
      api.clock.now(),
    );
    expect((await entryState(b.entryId))?.state).toBe("declined");
    expect((await entryState(c.entryId))?.state).toBe("offered");
    // c pays: converted at the next pass.
    const cCart = (await entryState(c.entryId))?.offerCartId ?? "";
    await payAsGuest(api, cCart, { first_name: "Cee", last_name: "Waiting", email: c.email });
    // a lets its offer expire: the place goes to d.
    const aExpires = (await entryState(a.entryId))?.offerExpiresAt ?? new Date(0);
    api.clock.set(new Date(aExpires.getTime() + 1000));
    await releaseExpiredCarts(api.handle.db, api.clock.now());
    await waitingListPass(api.handle.db, api.clock.now());
    expect((await entryState(a.entryId))?.state).toBe("expired");
    expect((await entryState(c.entryId))?.state).toBe("converted");
    expect((await entryState(d.entryId))?.state).toBe("offered");
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 2, waitingListPlaces: 0 });
  });

  it("with nobody left waiting, places that come back are for everyone again", async () => {
    const { session } = await soldOutByACart(32, 2);
    const a = await join(session.id, 1);
    api.clock.advance(16 * 60_000);
    await releaseExpiredCarts(api.handle.db, api.clock.now());
    await waitingListPass(api.handle.db, api.clock.now());
    // a holds one place, the other came back with nobody waiting: it is on sale.
    expect((await entryState(a.entryId))?.state).toBe("offered");
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 1, waitingListPlaces: 0 });
    await hold(session.id, 1);
  });

  it("a party too large keeps its place and waits; smaller parties after it are offered what fits", async () => {
    const { session } = await soldOutByACart(33, 2);
    const big = await join(session.id, 3);
    const small = await join(session.id, 2);
    api.clock.advance(16 * 60_000);
    await releaseExpiredCarts(api.handle.db, api.clock.now());
    await waitingListPass(api.handle.db, api.clock.now());
    expect((await entryState(big.entryId))?.state).toBe("waiting");
    expect((await entryState(small.entryId))?.state).toBe("offered");
  });

  it("staff may send an offer by hand to an entry whose party fits, and more capacity goes to the list", async () => {
    const { session } = await soldOutByACart(34, 1);
    const a = await join(session.id, 2);
    const b = await join(session.id, 1);
    // Staff raise the capacity from 1 to 2 while people wait: the new place is the list's.
    await api.handle.db.update(s.eventSession).set({ capacity: 2 }).where(eq(s.eventSession.id, session.id));
    await api.handle.db.transaction((tx) => keepNewPlacesForList(tx, session.id, 1));
    expect(await sessionRow(api, session.id)).toMatchObject({
      capacity: 2,
      usedCapacity: 2,
      waitingListPlaces: 1,
    });
    const refused = offerFreedPlaces(api.handle.db, session.id, api.clock.now(), a.entryId);
    await expect(refused).rejects.toMatchObject({ items: [{ _code: "waiting_list_no_places" }] });
    const made = await offerFreedPlaces(api.handle.db, session.id, api.clock.now(), b.entryId);
    expect(made.map((m) => m.entryId)).toEqual([b.entryId]);
  });

  it("the list closes when the session starts: its entries end, its places go back", async () => {
    const { session } = await soldOutByACart(35, 1);
    const a = await join(session.id, 1);
    await api.handle.db
      .update(s.eventSession)
      .set({ waitingListPlaces: 1, usedCapacity: 2 })
      .where(eq(s.eventSession.id, session.id));
    await offerFreedPlaces(api.handle.db, session.id, session.startDatetime);
    expect((await entryState(a.entryId))?.state).toBe("closed");
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 1, waitingListPlaces: 0 });
    const ids = [a.entryId];
    const live = await api.handle.db
      .select()
      .from(s.waitingListEntry)
      .where(
        and(inArray(s.waitingListEntry.id, ids), inArray(s.waitingListEntry.state, ["waiting", "offered"])),
      );
    expect(live).toEqual([]);
  });
  it("over HTTP: the offer link's token reads the offer and declines it, in its own shop only", async () => {
    const { session } = await soldOutByACart(36, 1);
    const a = await join(session.id, 1);
    api.clock.advance(16 * 60_000);
    await releaseExpiredCarts(api.handle.db, api.clock.now());
    await waitingListPass(api.handle.db, api.clock.now());
    const token = await offerTokenOf(listApi, a.entryId);
    const read = await send(api, "POST", "/api/waiting_list/offer?_seller=harbour-museum", { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      waiting_list_entry: { _data: [{ state: "offered", quantity: 1, event_name: "General Admission" }] },
    });
    expect((await send(api, "POST", "/api/waiting_list/offer?_seller=riverside-zoo", { token })).status).toBe(
      404,
    );
    expect(
      (await send(api, "POST", "/api/waiting_list/offer/decline?_seller=riverside-zoo", { token })).status,
    ).toBe(404);
    expect(
      (await send(api, "POST", "/api/waiting_list/offer/decline?_seller=harbour-museum", { token })).status,
    ).toBe(200);
    const again = await send(api, "POST", "/api/waiting_list/offer/decline?_seller=harbour-museum", {
      token,
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain("waiting_list_offer_ended");
    // Declined with nobody else waiting: the place is on sale again.
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 0, waitingListPlaces: 0 });
  });

  it("a member who joined logged in is offered a cart of their own", async () => {
    const { session } = await soldOutByACart(37, 1);
    const member = await loginIdentity(api);
    const joined = await joinWaitingList(
      api.handle.db,
      museum,
      {
        sessionId: session.id,
        email: `member-${randomUUID()}@example.com`,
        tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
        identityId: member.identityId,
      },
      randomUUID(),
      api.clock.now(),
    );
    api.clock.advance(16 * 60_000);
    await releaseExpiredCarts(api.handle.db, api.clock.now());
    await waitingListPass(api.handle.db, api.clock.now());
    const cartId = (await entryState(joined.entryId))?.offerCartId ?? "";
    const [cart] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
    expect(cart?.identityId).toBe(member.identityId);
    // Another visitor can't open it.
    expect((await send(api, "GET", `/api/my/cart/${cartId}?_seller=harbour-museum`)).status).toBe(403);
  });
});
