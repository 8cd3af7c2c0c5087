/**
 * DESIGN §9 "Reserve ... at least 100 holds per second on PGlite": a new-cart hold runs few
 * statements and takes the hot capacity rows last (pretix: "everything a transaction consumes is
 * locked in one place, as late as possible"), without weakening a guarantee: the answer's counters
 * are fresh, an expired hold never blocks a sale although the sweep before an add is throttled,
 * and the remembered public identity survives its row being deleted.
 */
import { PGlite } from "@electric-sql/pglite";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/lib/server/clock.ts";
import { migrationsFolder } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { seedDemo } from "../../../src/lib/server/db/seed/index.ts";
import { createApiApp } from "../../../src/lib/server/http/app.ts";
import { createTestApi, TEST_NOW, type TestApi, withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  heldCount,
  send,
  sessionRow,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const CREATE = "/api/my/cart/modify?_seller=harbour-museum";

describe("the hold hot path: statements", () => {
  it("a new-cart hold runs at most 5 statements besides BEGIN/COMMIT, the capacity UPDATE last", async () => {
    const statements: string[] = [];
    let logging = false;
    const client = new PGlite();
    const db = drizzle(client, {
      schema: s,
      logger: { logQuery: (query) => void (logging && statements.push(query)) },
    });
    try {
      await migrate(db, { migrationsFolder });
      const clock = manualClock(TEST_NOW);
      await seedDemo(db, { now: clock.now() });
      const app = createApiApp({ db, clock });
      const handle = {
        db,
        kind: "pglite" as const,
        close: () => client.close(),
        exclusive: <T>(work: () => Promise<T>) => work(),
      };
      const session = await upcomingSession({ handle, clock }, "hm-general-admission", 2);
      const hold = async () => {
        const res = await app.request(CREATE, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] }),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as Record<string, unknown>;
      };
      await hold();
      logging = true;
      await hold();
      logging = false;
      expect(statements.length).toBeLessThanOrEqual(5);
      const last = statements.at(-1) ?? "";
      expect(last).toMatch(/^with "c0" as \(update "event_session" set used_capacity/);
      expect(last).toMatch(/"c1" as \(update "ticket_group" set used_capacity/);
    } finally {
      await client.close();
    }
  });
});

/** The behaviour checks, on one database: a fresh seeded API created before them. */
function behaviour(current: () => TestApi): void {
  const addOne = (sessionId: string, quantity = 1) =>
    send(current(), "POST", CREATE, {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity }],
    });

  it("the answer's used_capacity and available come from the fresh rows, never a cache", async () => {
    const session = await upcomingSession(current(), "hm-general-admission", 5);
    await setSessionCapacity(current(), session.id, 60, 0);
    for (const expected of [1, 3]) {
      const env = asCart(await addOne(session.id, expected === 1 ? 1 : 2));
      const shown = env.event_session?._data.find((x) => x.id === session.id);
      expect(shown?.used_capacity).toBe(expected);
      expect(shown?.available_capacity).toBe(60 - expected);
      const [group] = await current()
        .handle.db.select()
        .from(s.ticketGroup)
        .where(eq(s.ticketGroup.id, "hm-ga-general"));
      expect(env.ticket_group?._data.find((g) => g.id === "hm-ga-general")?.used_capacity).toBe(
        group?.usedCapacity,
      );
    }
    // A change made behind the server's back shows in the next answer.
    await setSessionCapacity(current(), session.id, 40, 10);
    const env = asCart(await addOne(session.id));
    expect(env.event_session?._data.find((x) => x.id === session.id)).toMatchObject({
      capacity: 40,
      used_capacity: 11,
      available_capacity: 29,
    });
  });

  it("DESIGN §4 'an expired cart releases its tickets': an add refused for places sweeps and retries, even inside the sweep throttle", async () => {
    const session = await upcomingSession(current(), "hm-general-admission", 6);
    await setSessionCapacity(current(), session.id, 2, 0);
    const first = asCart(await addOne(session.id, 2));
    current().clock.advance(899_500);
    // An add elsewhere runs the throttled sweep now, half a second before the first cart expires.
    const other = await upcomingSession(current(), "hm-general-admission", 7);
    await setSessionCapacity(current(), other.id, 60, 0);
    asCart(await addOne(other.id));
    current().clock.advance(500);
    const env = asCart(await addOne(session.id));
    expect(env.ticket._count).toBe(1);
    expect((await sessionRow(current(), session.id)).usedCapacity).toBe(1);
    expect(await heldCount(current(), session.id)).toBe(1);
    const [expired] = await current()
      .handle.db.select()
      .from(s.cart)
      .where(eq(s.cart.id, cartOf(first).id));
    expect(expired?.state).toBe("expired");
  });

  it("an add refused for places with no expired hold to free stays refused, and nothing is held", async () => {
    const session = await upcomingSession(current(), "hm-general-admission", 8);
    await setSessionCapacity(current(), session.id, 1, 0);
    asCart(await addOne(session.id));
    const refused = await addOne(session.id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)._code).toBe("event_session_sold_out");
    expect((await sessionRow(current(), session.id)).usedCapacity).toBe(1);
    expect(await heldCount(current(), session.id)).toBe(1);
  });

  it("regression: a remembered public identity whose row was deleted is made again, not a 500", async () => {
    const session = await upcomingSession(current(), "hm-general-admission", 9);
    await setSessionCapacity(current(), session.id, 60, 0);
    asCart(await addOne(session.id));
    const publicId = "harbour-museum:public";
    const carts = await current()
      .handle.db.select({ id: s.cart.id })
      .from(s.cart)
      .where(eq(s.cart.identityId, publicId));
    for (const { id } of carts) {
      await send(current(), "DELETE", `/api/my/cart/${id}`);
      await current().handle.db.delete(s.ticket).where(eq(s.ticket.cartId, id));
    }
    await current().handle.db.delete(s.cart).where(eq(s.cart.identityId, publicId));
    await current()
      .handle.db.delete(s.identity)
      .where(and(eq(s.identity.id, publicId), eq(s.identity.sellerId, "harbour-museum")));
    const env = asCart(await addOne(session.id));
    expect(cartOf(env).identity_id).toBe(publicId);
  });
}

describe("the hold hot path on PGlite", () => {
  const api = withTestApi();
  behaviour(() => api);
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("the hold hot path on PostgreSQL", () => {
  let api: TestApi | undefined;
  let admin: ReturnType<typeof postgres> | undefined;
  const name = `foyer_test_hot_${crypto.randomUUID().replaceAll("-", "")}`;
  beforeAll(async () => {
    admin = postgres(pgUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(pgUrl ?? "");
    url.pathname = `/${name}`;
    api = await createTestApi({ target: { kind: "postgres", url: url.toString() } });
  });
  afterAll(async () => {
    await api?.close();
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });
  behaviour(() => {
    if (!api) throw new Error("the PostgreSQL API is not ready");
    return api;
  });
});
