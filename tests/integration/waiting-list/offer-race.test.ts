/**
 * "Test the race between a freed place, a shopper buying, and the list": a cart's places come back
 * while shoppers try to buy them and two servers' passes make offers, all at once. No oversell, no
 * freed place lost, and nobody outside the list takes a place while someone on it still waits. On
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL, where the calls really run together.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { releaseExpiredCarts } from "../../../src/lib/server/services/cart/release.ts";
import { joinWaitingList } from "../../../src/lib/server/services/waiting-list/join.ts";
import { waitingListPass } from "../../../src/lib/server/services/waiting-list/offers.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import type { TestApi } from "../../helpers/api.ts";
import { asCart, send, sessionRow, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";
import { withList } from "./list-helpers.ts";

const ROUNDS = 6;
const CAPACITY = 6;
const PARTIES = [1, 2, 1];
const SHOPPERS = 8;

const harbour = getTenant("harbour-museum");
if (!harbour) throw new Error("no harbour-museum tenant");
const museum = withList(harbour, ["hm-general-admission"]);

const reserve = (api: TestApi, sessionId: string) =>
  send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
    add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity: 1 }],
  });

/** Tickets that hold or have bought a place of the session. */
async function placesTaken(api: TestApi, sessionId: string): Promise<number> {
  const [row] = await api.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.ticket)
    .where(and(eq(s.ticket.eventSessionId, sessionId), inArray(s.ticket.state, ["held", "booked"])));
  return Number(row?.n ?? 0);
}

async function round(api: TestApi, offset: number): Promise<void> {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, CAPACITY, 0);
  asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: CAPACITY }],
    }),
  );
  const entries: string[] = [];
  for (const quantity of PARTIES) {
    api.clock.advance(1000);
    const joined = await joinWaitingList(
      api.handle.db,
      museum,
      {
        sessionId: session.id,
        email: `race-${randomUUID()}@example.com`,
        tickets: [{ ticketTypeId: "hm-ga-adult", quantity }],
      },
      randomUUID(),
      api.clock.now(),
    );
    entries.push(joined.entryId);
  }
  // The hold expires: the sweep, shoppers and two servers' passes, all at once.
  api.clock.advance(16 * 60_000);
  const now = api.clock.now();
  const answers = await Promise.all([
    releaseExpiredCarts(api.handle.db, now).then(() => null),
    waitingListPass(api.handle.db, now).then(() => null),
    ...Array.from({ length: SHOPPERS }, () => reserve(api, session.id)),
    waitingListPass(api.handle.db, now).then(() => null),
  ]);
  // What the race left is settled by the next pass, as the background job does.
  await waitingListPass(api.handle.db, now);

  const offered = await api.handle.db
    .select()
    .from(s.waitingListEntry)
    .where(inArray(s.waitingListEntry.id, entries));
  // Everyone on the list got an offer, in full.
  expect(offered.map((e) => e.state)).toEqual(["offered", "offered", "offered"]);
  const offerTickets = await api.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.ticket)
    .where(
      and(
        inArray(
          s.ticket.cartId,
          offered.map((e) => e.offerCartId ?? ""),
        ),
        eq(s.ticket.state, "held"),
      ),
    );
  const listPlaces = PARTIES.reduce((a, b) => a + b, 0);
  expect(Number(offerTickets[0]?.n)).toBe(listPlaces);
  // Shoppers only had what the list did not need.
  const bought = answers.filter((a) => a !== null && a.status === 200).length;
  expect(bought).toBeLessThanOrEqual(CAPACITY - listPlaces);
  // No oversell, and no place lost: every place is held, bought, kept for the list, or free.
  const row = await sessionRow(api, session.id);
  const taken = await placesTaken(api, session.id);
  expect(taken).toBe(listPlaces + bought);
  expect(row.usedCapacity).toBe(taken + row.waitingListPlaces);
  expect(row.usedCapacity).toBeLessThanOrEqual(CAPACITY);
  expect(row.waitingListPlaces).toBe(0);
  expect(taken + (CAPACITY - row.usedCapacity)).toBe(CAPACITY);
}

describe("a freed place, shoppers buying and the list's offers at the same moment", () => {
  itOnEachDatabase(async (api) => {
    for (let i = 0; i < ROUNDS; i++) await round(api, 40 + i);
  }, 120_000);
});
