// The API alone over HTTP for the gate bench (run by scripts/bench-gate.mjs with tsx): a fresh
// seeded database (in-memory PGlite, or the PostgreSQL database in BENCH_DB_URL) with one General
// Admission session moved to start within the hour and BENCH_TICKETS booked tickets for it (one
// order bought through the API, its ticket copied row for row with new ids and scan codes), and a
// gate API key; served on 127.0.0.1 and a free port. Over IPC it answers { type: "check" } with
// the tickets redeemed and the admission rows, which must be equal (never admitted twice).
import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { systemClock } from "../src/lib/server/clock.ts";
import { openDb } from "../src/lib/server/db/client.ts";
import * as s from "../src/lib/server/db/schema.ts";
import { seedDemo } from "../src/lib/server/db/seed/index.ts";
import { createApiApp } from "../src/lib/server/http/app.ts";
import { createApiKey } from "../src/lib/server/services/admin/staff/api-keys.ts";
import { serveApp } from "../tests/helpers/http-server.ts";

const url = process.env.BENCH_DB_URL;
const ticketCount = Number(process.env.BENCH_TICKETS ?? 20_000);
const handle = await openDb(url ? { kind: "postgres", url } : { kind: "pglite" });
const now = systemClock.now();
await seedDemo(handle.db, { now });
const app = createApiApp({ db: handle.db, clock: systemClock });

async function call(path: string, body: unknown): Promise<Record<string, { _data: { id: string }[] }>> {
  const res = await app.request(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, { _data: { id: string }[] }>;
}

// A session of today: the next General Admission session, moved to start in half an hour.
const [session] = await handle.db
  .select()
  .from(s.eventSession)
  .where(
    and(eq(s.eventSession.eventTemplateId, "hm-general-admission"), gte(s.eventSession.startDatetime, now)),
  )
  .orderBy(asc(s.eventSession.startDatetime))
  .limit(1);
if (!session) throw new Error("no session to bench");
await handle.db
  .update(s.eventSession)
  .set({
    startDatetime: new Date(now.getTime() + 30 * 60_000),
    endDatetime: new Date(now.getTime() + 90 * 60_000),
    capacity: 1_000_000,
    usedCapacity: 0,
    soldOut: false,
  })
  .where(eq(s.eventSession.id, session.id));

const cart = await call("/my/cart/modify?_seller=harbour-museum", {
  add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
});
const cartId = cart.cart?._data[0]?.id ?? "";
const paid = await call(`/cart/${cartId}/guest_checkout`, {
  gateway_id: "test",
  gateway_data: { card_number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
  identity: { first_name: "Bench", last_name: "Visitor", email: "bench-gate@example.com" },
});
const orderId = paid.ticket_order?._data[0]?.id ?? "";
const [original] = await handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, orderId));
if (!original) throw new Error("no ticket bought");
// Copies of the bought ticket, column for column, with new ids and scan codes.
await handle.db.execute(sql`
  insert into ticket
  select (jsonb_populate_record(t, jsonb_build_object('id', 'bench-ticket-' || g))).*
  from ticket t, generate_series(1, ${ticketCount}) g where t.id = ${original.id}`);
await handle.db.execute(sql`
  insert into ticket_scan
  select (jsonb_populate_record(x, jsonb_build_object('ticket_id', 'bench-ticket-' || g, 'scan_code', 'BENCH' || lpad(g::text, 8, '0')))).*
  from ticket_scan x, generate_series(1, ${ticketCount}) g where x.ticket_id = ${original.id}`);
const codes = Array.from({ length: ticketCount }, (_, i) => `BENCH${String(i + 1).padStart(8, "0")}`);

const [seller] = await handle.db.select().from(s.seller).where(eq(s.seller.slug, "harbour-museum"));
const owner = {
  kind: "staff" as const,
  id: randomUUID(),
  name: "Bench admin",
  sellerId: seller?.id ?? "",
  role: "admin" as const,
  refundLimit: null,
};
const { key } = await handle.db.transaction((tx) =>
  createApiKey(tx, owner, { name: "Bench gate", role: "gate" }, now),
);

const server = await serveApp(app);

process.on("message", async (message: { type: string }) => {
  if (message.type === "check") {
    const n = sql<number>`count(*)::int`;
    const [redeemed] = await handle.db
      .select({ n })
      .from(s.ticket)
      .where(and(eq(s.ticket.eventSessionId, session.id), eq(s.ticket.state, "redeemed")));
    const [admissions] = await handle.db
      .select({ n })
      .from(s.ticketAdmission)
      .where(eq(s.ticketAdmission.eventSessionId, session.id));
    const [row] = await handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, session.id));
    process.send?.({
      type: "check",
      redeemed: Number(redeemed?.n ?? 0),
      admissions: Number(admissions?.n ?? 0),
      counter: row?.redeemedCount ?? -1,
    });
  }
  if (message.type === "stop") {
    await server.close();
    await handle.close();
    process.exit(0);
  }
});
process.send?.({ type: "ready", url: server.url, key, codes, kind: handle.kind });
