/**
 * Staff and a session's waiting list: the list in the order of the line with its counts, an offer
 * sent by hand (out of turn, refused when the party does not fit), an entry removed (an offer's
 * places go to the next person), offers that became orders counted; each change audited, refused to
 * a role without it and to another seller's staff.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  removeWaitingEntry,
  sendWaitingListOffer,
  waitingListOf,
} from "../../../src/lib/server/services/admin/waiting-list/index.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { joinWaitingList } from "../../../src/lib/server/services/waiting-list/join.ts";
import { waitingListPass } from "../../../src/lib/server/services/waiting-list/offers.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  payAsGuest,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";
import { withList } from "../waiting-list/list-helpers.ts";
import { HARBOUR, RIVERSIDE, refusal, staff } from "./admin-helpers.ts";

const api = withTestApi();
const harbour = getTenant(HARBOUR);
if (!harbour) throw new Error("no harbour-museum tenant");
const museum = withList(harbour, ["hm-general-admission"]);
const admin = staff("admin");

const entryRow = async (id: string) => {
  const [row] = await api.handle.db.select().from(s.waitingListEntry).where(eq(s.waitingListEntry.id, id));
  if (!row) throw new Error(`no entry ${id}`);
  return row;
};

async function join(sessionId: string, quantity: number, child = 0) {
  api.clock.advance(1000);
  const email = `wl-${randomUUID()}@example.com`;
  const tickets = [{ ticketTypeId: "hm-ga-adult", quantity }];
  if (child) tickets.push({ ticketTypeId: "hm-ga-child", quantity: child });
  const joined = await joinWaitingList(
    api.handle.db,
    museum,
    { sessionId, email, tickets },
    randomUUID(),
    api.clock.now(),
  );
  return { id: joined.entryId, email };
}

/** A session of `capacity` places, all held in one cart: sold out while people join. */
async function soldOut(offset: number, capacity: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, capacity, 0);
  cartOf(
    asCart(
      await send(api, "POST", `/api/my/cart/modify?_seller=${HARBOUR}`, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: capacity }],
      }),
    ),
  );
  return session;
}

/** The cart that sold the session out expires: its places are kept for the list. */
async function placesComeBack() {
  api.clock.advance(16 * 60_000);
  await releaseExpiredCarts(api.handle.db, api.clock.now());
}

const auditOf = (sessionId: string) =>
  api.handle.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.resource, "event_session"), eq(s.auditLog.resourceId, sessionId)))
    .orderBy(s.auditLog.createdAt, s.auditLog.id);

describe("a session's waiting list in the back office", () => {
  it("shows those waiting in the order they joined, with their tickets per type and the counts", async () => {
    const session = await soldOut(40, 2);
    const a = await join(session.id, 1, 1);
    const b = await join(session.id, 1);
    const c = await join(session.id, 2);
    const list = await waitingListOf(api.handle.db, admin, { sessionId: session.id });
    expect(list.entries.map((e) => [e.email, e.position, e.state])).toEqual([
      [a.email, 1, "waiting"],
      [b.email, 2, "waiting"],
      [c.email, 3, "waiting"],
    ]);
    expect(list.entries[0]?.tickets).toEqual([
      { ticketTypeId: "hm-ga-adult", name: "Adult", quantity: 1 },
      { ticketTypeId: "hm-ga-child", name: "Child", quantity: 1 },
    ]);
    expect(list.counts).toEqual({ waiting: 3, offered: 0, offersMade: 0, offersBooked: 0, placesKept: 0 });
    expect(list.eventName).toBe("General Admission");
    // A session nobody waits for: an empty list.
    const quiet = await upcomingSession(api, "hm-general-admission", 41);
    expect((await waitingListOf(api.handle.db, admin, { sessionId: quiet.id })).entries).toEqual([]);
  });

  it("staff send an offer by hand, out of turn; a party that does not fit is refused; both audited once", async () => {
    const session = await soldOut(42, 2);
    const a = await join(session.id, 2);
    const b = await join(session.id, 1);
    // Before the places come back, nobody's party fits.
    await refusal(
      sendWaitingListOffer(api.handle.db, admin, { entryId: b.id }, api.clock.now()),
      "waiting_list_no_places",
    );
    await placesComeBack();
    expect(await sessionRow(api, session.id)).toMatchObject({ waitingListPlaces: 2 });
    const sent = await sendWaitingListOffer(
      api.handle.db,
      staff("box_office"),
      { entryId: b.id },
      api.clock.now(),
    );
    expect(sent).toMatchObject({ entryId: b.id, state: "offered", changed: true });
    expect(sent.offerExpiresAt).toBeInstanceOf(Date);
    expect(await entryRow(b.id)).toMatchObject({ state: "offered" });
    expect(await sessionRow(api, session.id)).toMatchObject({ waitingListPlaces: 1 });
    // A second click changes nothing.
    expect(
      await sendWaitingListOffer(api.handle.db, admin, { entryId: b.id }, api.clock.now()),
    ).toMatchObject({ changed: false, state: "offered" });
    // a needs two places, one is left.
    await refusal(
      sendWaitingListOffer(api.handle.db, admin, { entryId: a.id }, api.clock.now()),
      "waiting_list_no_places",
    );
    const audit = await auditOf(session.id);
    expect(audit.map((r) => [r.action, r.actorName, (r.details as { entry_id?: string }).entry_id])).toEqual([
      ["waiting_list.offer", "Test box_office", b.id],
    ]);
    const list = await waitingListOf(api.handle.db, admin, { sessionId: session.id });
    expect(list.entries.map((e) => [e.email, e.position, e.state])).toEqual([
      [a.email, 1, "waiting"],
      [b.email, null, "offered"],
    ]);
    expect(list.counts).toMatchObject({ waiting: 1, offered: 1, offersMade: 1, placesKept: 1 });
  });

  it("a removed offer releases its cart and its places go to the next person; a removed entry stays removed", async () => {
    const session = await soldOut(43, 1);
    const a = await join(session.id, 1);
    const b = await join(session.id, 1);
    await placesComeBack();
    await waitingListPass(api.handle.db, api.clock.now());
    const offered = await entryRow(a.id);
    expect(offered.state).toBe("offered");

    const removed = await removeWaitingEntry(
      api.handle.db,
      admin,
      { entryId: a.id, reason: "Asked us by phone" },
      api.clock.now(),
    );
    expect(removed).toMatchObject({ state: "removed", changed: true });
    const [aCart] = await api.handle.db
      .select({ state: s.cart.state })
      .from(s.cart)
      .where(eq(s.cart.id, offered.offerCartId ?? ""));
    expect(aCart?.state).not.toBe("pending");
    expect(await entryRow(b.id)).toMatchObject({ state: "offered" });
    expect(await sessionRow(api, session.id)).toMatchObject({ usedCapacity: 1, waitingListPlaces: 0 });
    expect(await removeWaitingEntry(api.handle.db, admin, { entryId: a.id }, api.clock.now())).toMatchObject({
      changed: false,
    });
    const audit = await auditOf(session.id);
    expect(audit.map((r) => [r.action, r.reason, (r.details as { was?: string }).was])).toEqual([
      ["waiting_list.remove", "Asked us by phone", "offered"],
    ]);
    // A removed entry can't be offered places.
    await refusal(
      sendWaitingListOffer(api.handle.db, admin, { entryId: a.id }, api.clock.now()),
      "waiting_list_entry_ended",
    );
  });

  it("counts the offers that became orders, before and after the pass settles them; a paid one can't be removed", async () => {
    const session = await soldOut(44, 2);
    const a = await join(session.id, 1);
    const b = await join(session.id, 1);
    await placesComeBack();
    await waitingListPass(api.handle.db, api.clock.now());
    const bRow = await entryRow(b.id);
    await payAsGuest(api, bRow.offerCartId ?? "", {
      first_name: "Bea",
      last_name: "Waiting",
      email: b.email,
    });
    let list = await waitingListOf(api.handle.db, admin, { sessionId: session.id });
    expect(list.counts).toMatchObject({ offered: 2, offersMade: 2, offersBooked: 1 });
    expect(list.entries.find((e) => e.id === b.id)).toMatchObject({ state: "offered", booked: true });
    await refusal(
      removeWaitingEntry(api.handle.db, admin, { entryId: b.id }, api.clock.now()),
      "waiting_list_entry_ended",
    );

    await waitingListPass(api.handle.db, api.clock.now());
    await removeWaitingEntry(api.handle.db, admin, { entryId: a.id }, api.clock.now());
    list = await waitingListOf(api.handle.db, admin, { sessionId: session.id });
    expect(list.counts).toEqual({ waiting: 0, offered: 0, offersMade: 2, offersBooked: 1, placesKept: 0 });
    expect(list.entries.map((e) => [e.id, e.state, e.booked])).toEqual(
      expect.arrayContaining([
        [b.id, "converted", true],
        [a.id, "removed", false],
      ]),
    );
  });

  it("another seller's staff find nothing; the gate and the viewer may not read it; the viewer may not act", async () => {
    const session = await soldOut(45, 1);
    const a = await join(session.id, 1);
    const zoo = staff("admin", RIVERSIDE);
    await refusal(waitingListOf(api.handle.db, zoo, { sessionId: session.id }), "not_found");
    await refusal(sendWaitingListOffer(api.handle.db, zoo, { entryId: a.id }, api.clock.now()), "not_found");
    await refusal(removeWaitingEntry(api.handle.db, zoo, { entryId: a.id }, api.clock.now()), "not_found");
    for (const role of ["gate", "viewer"] as const) {
      await refusal(
        waitingListOf(api.handle.db, staff(role), { sessionId: session.id }),
        "forbidden_for_role",
      );
      await refusal(
        removeWaitingEntry(api.handle.db, staff(role), { entryId: a.id }, api.clock.now()),
        "forbidden_for_role",
      );
    }
    await refusal(
      sendWaitingListOffer(api.handle.db, staff("viewer"), { entryId: a.id }, api.clock.now()),
      "forbidden_for_role",
    );
    expect(await entryRow(a.id)).toMatchObject({ state: "waiting" });
    expect(await auditOf(session.id)).toEqual([]);
  });
});
