/**
 * "Inventory stays right": "A reschedule takes the new places and gives back the old ones
 * in one transaction. Under parallel reschedules and reserves it never oversells the new session,
 * and gives back each old place exactly once." Also "A cancel gives the places back" for an edit's
 * removals. Over real HTTP, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { createTestApi, type TestApi } from "../../helpers/api.ts";
import { serveApp } from "../../helpers/http-server.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";
import {
  buyOrder,
  laterSession,
  newEditCart,
  orderTickets,
  rescheduleBody,
  usedPlaces,
} from "./edit-helpers.ts";

const ORDERS = 10;
const NEW_PLACES = 5;
const RESERVES = 10;
const CAPACITY_CODES = ["session_capacity_exceeded", "event_session_sold_out"];

/** Tickets holding or owning a place of the session (held in a cart, or booked on an order). */
async function ticketsOwningPlaces(api: TestApi, sessionId: string): Promise<number> {
  const [row] = await api.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.ticket)
    .where(
      and(
        eq(s.ticket.eventSessionId, sessionId),
        inArray(s.ticket.state, ["held", "booked"]),
        eq(s.ticket.countsAgainstSession, true),
      ),
    );
  return Number(row?.n ?? -1);
}

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { _data?: { _code: string }[] };
  return { status: res.status, code: json._data?.[0]?._code };
}

async function raceReschedules(api: TestApi): Promise<void> {
  const from = await laterSession(api, 0, { capacity: 50 });
  const to = await laterSession(api, 1, { capacity: NEW_PLACES });
  const other = await laterSession(api, 2, { capacity: 50 });
  const orders = [];
  for (let i = 0; i < ORDERS; i++) orders.push(await buyOrder(api, from.id, 1));
  // Two edit carts per order: one moves the ticket to the scarce session, one to another session.
  const carts: { orderId: string; cartId: string; target: string }[] = [];
  for (const { orderId, token } of orders) {
    for (const target of [to.id, other.id]) {
      carts.push({
        orderId,
        cartId: (await newEditCart(api, orderId, token)).cart._data[0]?.id ?? "",
        target,
      });
    }
  }
  const server = await serveApp(api.app);
  try {
    // Reschedule holds and plain reserves race for the scarce session's places.
    const holds = await Promise.all([
      ...carts.map(async (c) =>
        post(
          server.url,
          `/api/cart/${c.cartId}/modify`,
          rescheduleBody(await orderTickets(api, c.orderId), c.target),
        ),
      ),
      ...Array.from({ length: RESERVES }, () =>
        post(server.url, "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: to.id }],
        }),
      ),
    ]);
    const toScarce = holds.filter((_, i) => (carts[i]?.target ?? to.id) === to.id);
    expect(toScarce.filter((h) => h.status === 200)).toHaveLength(NEW_PLACES);
    for (const refused of holds.filter((h) => h.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(CAPACITY_CODES).toContain(refused.code);
    }
    expect(await usedPlaces(api, to.id)).toBe(NEW_PLACES);

    // Every edit cart confirmed twice at once (a double submit), the two carts of an order racing.
    const confirms = await Promise.all(
      carts.flatMap((c) =>
        [0, 1].map(() =>
          post(server.url, `/api/cart/${c.cartId}/guest_checkout`, {
            gateway_id: "free",
            gateway_data: {},
            send_email: false,
          }),
        ),
      ),
    );
    expect(confirms.every((c) => c.status < 500)).toBe(true);
  } finally {
    await server.close();
  }

  // Each order holds exactly one booked ticket: moved once, or as it was (never both, never neither).
  let moved = 0;
  for (const { orderId } of orders) {
    const booked = (await orderTickets(api, orderId)).filter((t) => t.state === "booked");
    expect(booked).toHaveLength(1);
    if (booked[0]?.eventSessionId !== from.id) moved += 1;
  }
  expect(moved).toBeGreaterThan(0);
  // The counters equal the tickets that own places: no oversell, each old place given back once.
  for (const id of [from.id, to.id, other.id]) {
    expect(await usedPlaces(api, id)).toBe(await ticketsOwningPlaces(api, id));
  }
  expect(await usedPlaces(api, from.id)).toBe(ORDERS - moved);
  expect(await usedPlaces(api, to.id)).toBeLessThanOrEqual(NEW_PLACES);
}

async function removalGivesPlacesBack(api: TestApi): Promise<void> {
  const session = await laterSession(api, 3, { capacity: 10 });
  const { orderId, token } = await buyOrder(api, session.id, 3);
  const tickets = await orderTickets(api, orderId);
  const cartId = (await newEditCart(api, orderId, token)).cart._data[0]?.id ?? "";
  const server = await serveApp(api.app);
  try {
    expect(
      (await post(server.url, `/api/cart/${cartId}/remove`, { tickets: tickets.map((t) => t.id) })).status,
    ).toBe(200);
    expect(await usedPlaces(api, session.id)).toBe(3);
    const confirm = { gateway_id: "free", gateway_data: {}, send_email: false };
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(server.url, `/api/cart/${cartId}/guest_checkout`, confirm)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  } finally {
    await server.close();
  }
  expect((await orderTickets(api, orderId)).map((t) => t.state)).toEqual([
    "cancelled",
    "cancelled",
    "cancelled",
  ]);
  expect(await usedPlaces(api, session.id)).toBe(0);
}

async function onBoth(work: (api: TestApi) => Promise<void>) {
  const api = await createTestApi();
  try {
    await work(api);
  } finally {
    await api.close();
  }
}

async function onPostgres(url: string, work: (api: TestApi) => Promise<void>) {
  await withFreshPostgres(url, async (dbUrl) => {
    const api = await createTestApi({ target: { kind: "postgres", url: dbUrl } });
    try {
      await work(api);
    } finally {
      await api.close();
    }
  });
}

const url = process.env.TEST_DATABASE_URL;

describe("parallel reschedules and reserves", () => {
  it("PGlite: a reschedule takes the new places and gives back the old ones in one transaction; never oversells, each old place given back exactly once", async () => {
    await onBoth(raceReschedules);
  });
  it.skipIf(!url)(
    "PostgreSQL: a reschedule takes the new places and gives back the old ones in one transaction; never oversells, each old place given back exactly once",
    async () => {
      await onPostgres(url ?? "", raceReschedules);
    },
  );
});

describe("an edit's removals", () => {
  it("PGlite: a cancel gives the places back (once, whatever the double submits)", async () => {
    await onBoth(removalGivesPlacesBack);
  });
  it.skipIf(!url)(
    "PostgreSQL: a cancel gives the places back (once, whatever the double submits)",
    async () => {
      await onPostgres(url ?? "", removalGivesPlacesBack);
    },
  );
});
