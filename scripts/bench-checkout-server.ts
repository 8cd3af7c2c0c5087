// The API alone over HTTP for the checkout bench (run by scripts/bench-checkout.mjs with tsx): a
// fresh seeded database (in-memory PGlite, or the PostgreSQL database in BENCH_DB_URL), with
// BENCH_SESSIONS upcoming General Admission sessions opened to a large capacity so the prepared
// carts never run out of places, served on 127.0.0.1 and a free port. Over IPC it answers
// { type: "check" } with the counts the bench verifies: orders, carts with more than one order,
// booked tickets and payments of the bench sessions; and { type: "ceiling", clients, seconds, count }
// with the raw-SQL checkouts per second (scripts/bench-ceiling.ts): `count` carts held by raw SQL
// beforehand (untimed), then their checkouts' writes, `clients` at a time, with PostgreSQL's CPU time
// over them (bench-support.mjs postgresCpuMs); and { type: "http-floor", count } with the address of
// the same writes behind a bare node:http server and `count` carts held for it (the HTTP floor);
// and { type: "settle" } with { type: "settled" } once the database is vacuumed and checkpointed.
// Every timed run (the checkouts, the ceiling, the floor) starts from a settled database.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { systemClock } from "../src/lib/server/clock.ts";
import { openDb } from "../src/lib/server/db/client.ts";
import * as s from "../src/lib/server/db/schema.ts";
import { seedDemo } from "../src/lib/server/db/seed/index.ts";
import { createApiApp } from "../src/lib/server/http/app.ts";
import { serveApp } from "../tests/helpers/http-server.ts";
import {
  checkoutTemplate,
  Exhausted,
  holdTemplate,
  type RawHold,
  rawCheckout,
  rawHold,
  timed,
} from "./bench-ceiling.ts";
import { answerRunProbe } from "./bench-run-probe.ts";
import { postgresCpuMs } from "./bench-support.mjs";

const url = process.env.BENCH_DB_URL;
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 16);
const handle = await openDb(url ? { kind: "postgres", url } : { kind: "pglite" });
const now = systemClock.now();
await seedDemo(handle.db, { now });
const app = createApiApp({ db: handle.db, clock: systemClock });
// The HTTP checkouts' CPU time, and their profile with BENCH_PROFILE=dir.
answerRunProbe("checkout", handle.kind);

async function openSessions(count: number, capacity: number): Promise<string[]> {
  const rows = await handle.db
    .select({ id: s.eventSession.id })
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, "hm-general-admission"),
        gte(s.eventSession.startDatetime, new Date(now.getTime() + 86_400_000)),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime))
    .limit(count);
  if (rows.length === 0) throw new Error("no session to bench");
  const ids = rows.map((r) => r.id);
  await handle.db
    .update(s.eventSession)
    .set({ capacity, usedCapacity: 0, oversellCapacity: 0, soldOut: false })
    .where(inArray(s.eventSession.id, ids));
  return ids;
}

const count = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);

async function check(sessionIds: string[]) {
  const n = sql<number>`count(*)::int`;
  const benchCarts = handle.db
    .selectDistinct({ id: s.ticket.cartId })
    .from(s.ticket)
    .where(inArray(s.ticket.eventSessionId, sessionIds));
  const orders = count(
    await handle.db.select({ n }).from(s.ticketOrder).where(inArray(s.ticketOrder.cartId, benchCarts)),
  );
  const doubled = count(
    await handle.db
      .select({ n })
      .from(
        handle.db
          .select({ cartId: s.ticketOrder.cartId })
          .from(s.ticketOrder)
          .groupBy(s.ticketOrder.cartId)
          .having(sql`count(*) > 1`)
          .as("doubled"),
      ),
  );
  const booked = count(
    await handle.db
      .select({ n })
      .from(s.ticket)
      .where(and(inArray(s.ticket.eventSessionId, sessionIds), eq(s.ticket.state, "booked"))),
  );
  // A booked ticket without an order, or with an order of another cart, would be a lost booking.
  const orphans = count(
    await handle.db
      .select({ n })
      .from(s.ticket)
      .leftJoin(s.ticketOrder, eq(s.ticketOrder.id, s.ticket.ticketOrderId))
      .where(
        and(
          inArray(s.ticket.eventSessionId, sessionIds),
          eq(s.ticket.state, "booked"),
          sql`(${s.ticketOrder.id} is null or ${s.ticketOrder.cartId} <> ${s.ticket.cartId})`,
        ),
      ),
  );
  const payments = count(
    await handle.db.select({ n }).from(s.payment).where(inArray(s.payment.cartId, benchCarts)),
  );
  const bookedCarts = count(
    await handle.db
      .select({ n })
      .from(s.cart)
      .where(and(inArray(s.cart.id, benchCarts), eq(s.cart.state, "booked"))),
  );
  return { orders, doubled, booked, orphans, payments, bookedCarts };
}

const server = await serveApp(app);
const sessionIds = await openSessions(sessionCount, 1_000_000);

async function ceiling(clients: number, seconds: number, count: number) {
  const checkout = await checkoutTemplate(handle.db);
  const held = await rawHolds(count);
  await settled();
  let taken = 0;
  const database = postgresCpuMs();
  const run = await timed(
    () => {
      const cart = held[taken];
      taken += 1;
      if (!cart) throw new Exhausted();
      // Every buyer of an on-sale is someone else: a new guest each time, as the HTTP checkouts.
      return rawCheckout(handle.db, checkout, cart, `ceiling-${cart.cartId}@example.com`);
    },
    clients,
    seconds,
  );
  const databaseCpuMs = database === null ? null : (postgresCpuMs() ?? database) - database;
  return { ...run, databaseCpuMs };
}

/** Carts held by raw SQL (untimed), round-robin over the bench sessions. */
async function rawHolds(count: number): Promise<RawHold[]> {
  const hold = await holdTemplate(handle.db, sessionIds[0] ?? "");
  const held: RawHold[] = [];
  let next = 0;
  await timed(
    async () => {
      if (next >= count) throw new Exhausted();
      const session = sessionIds[next % sessionIds.length] ?? "";
      next += 1;
      held.push(await rawHold(handle.db, hold, session));
    },
    16,
    600,
  );
  return held;
}

/**
 * The HTTP floor: the ceiling's writes behind a bare node:http server (no framework, no checks),
 * one POST /checkout/{cartId} with the guest's JSON each, answered as the shop's checkout is.
 */
const floorCarts = new Map<string, RawHold>();
let floorUrl: string | undefined;
async function httpFloor(count: number): Promise<{ url: string; cartIds: string[] }> {
  const template = await checkoutTemplate(handle.db);
  const held = await rawHolds(count);
  for (const cart of held) floorCarts.set(cart.cartId, cart);
  await settled();
  if (!floorUrl) {
    const floor = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        const cartId = (req.url ?? "").split("/")[2] ?? "";
        const cart = floorCarts.get(cartId);
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as { identity: { email: string } };
          if (!cart) throw new Error("no such cart");
          floorCarts.delete(cartId);
          await rawCheckout(handle.db, template, cart, body.identity.email);
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ checkout_result: { _data: [{ cart_id: cartId, status: "completed" }] } }));
        } catch {
          res.writeHead(500).end();
        }
      });
    });
    await new Promise<void>((resolve) => floor.listen(0, "127.0.0.1", resolve));
    floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}`;
  }
  return { url: floorUrl, cartIds: held.map((cart) => cart.cartId) };
}

/**
 * Before each timed run, as pgbench does: the dead rows the untimed holds left are vacuumed and
 * the dirty pages written, so that background maintenance set off by one phase's setup is not
 * charged to the run that follows it.
 */
async function settled(): Promise<void> {
  await handle.db.execute(sql`vacuum (analyze)`);
  await handle.db.execute(sql`checkpoint`);
}

process.on("message", async (message: { type: string; clients: number; seconds: number; count: number }) => {
  if (message.type === "settle") {
    await settled();
    process.send?.({ type: "settled" });
  }
  if (message.type === "http-floor")
    process.send?.({ type: "http-floor", ...(await httpFloor(message.count)) });
  if (message.type === "check") process.send?.({ type: "check", ...(await check(sessionIds)) });
  if (message.type === "ceiling")
    process.send?.({ type: "ceiling", ...(await ceiling(message.clients, message.seconds, message.count)) });
  if (message.type === "stop") {
    await server.close();
    await handle.close();
    process.exit(0);
  }
});
process.send?.({ type: "ready", url: server.url, sessionIds, kind: handle.kind });
