// The API alone over HTTP for the on-sale bench (run by scripts/bench-onsale.mjs with tsx): a fresh
// seeded database (in-memory PGlite, or the PostgreSQL database in BENCH_DB_URL), tenants from
// CONTENT_DIR (the bench's copy, with a waiting room on hm-general-admission), one session of that
// event opened to BENCH_CAPACITY places, served on 127.0.0.1 and a free port. The admission pass
// runs every second as the real server runs it (src/lib/server/runtime.ts). Over IPC it answers
// { type: "check" } with what the bench verifies from the database: the session's and group's
// counters against the tickets held and booked, and the line (who arrived when, with which random
// key, let in when).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { systemClock } from "../src/lib/server/clock.ts";
import { openDb } from "../src/lib/server/db/client.ts";
import * as s from "../src/lib/server/db/schema.ts";
import { seedDemo } from "../src/lib/server/db/seed/index.ts";
import { createApiApp } from "../src/lib/server/http/app.ts";
import { startIntervalJob } from "../src/lib/server/jobs/interval.ts";
import { ADMIT_PASS_MS, admitPass } from "../src/lib/server/services/waiting-room/admit.ts";
import { roomsOf } from "../src/lib/server/services/waiting-room/rooms.ts";
import { contentDir, getTenant } from "../src/lib/tenant/load.ts";
import { serveApp } from "../tests/helpers/http-server.ts";
import { answerRunProbe } from "./bench-run-probe.ts";

const SELLER = "harbour-museum";
const EVENT = "hm-general-admission";
const url = process.env.BENCH_DB_URL;
const handle = await openDb(url ? { kind: "postgres", url } : { kind: "pglite" });
const now = systemClock.now();
await seedDemo(handle.db, { now });
// The room goes on sale BENCH_ONSALE_LEAD_SECONDS after the server is ready (the seed takes a
// while), so the crowd's first arrivals come before it. Written before anything loads the tenants
// (the seed reads only the catalogue files), which are then loaded once with the room.
const onSaleAt = new Date(Date.now() + Number(process.env.BENCH_ONSALE_LEAD_SECONDS ?? 20) * 1000);
addRoom(onSaleAt, Number(process.env.BENCH_ONSALE_RATE ?? 3000));
const tenant = getTenant(SELLER);
const room = tenant ? roomsOf(tenant).find((r) => r.events.includes(EVENT)) : undefined;
if (!room) throw new Error(`CONTENT_DIR has no waiting room for ${EVENT}`);

const [session] = await handle.db
  .select()
  .from(s.eventSession)
  .where(
    and(
      eq(s.eventSession.eventTemplateId, EVENT),
      gte(s.eventSession.startDatetime, new Date(now.getTime() + 86_400_000)),
    ),
  )
  .orderBy(asc(s.eventSession.startDatetime))
  .limit(1);
if (!session) throw new Error("no session to sell");
const sessionId = session.id;
const roomKey = room.key;
const capacity = Number(process.env.BENCH_CAPACITY ?? 5000);
await handle.db
  .update(s.eventSession)
  .set({ capacity, usedCapacity: 0, oversellCapacity: 0, soldOut: false })
  .where(eq(s.eventSession.id, sessionId));
const groupId = "hm-ga-general";
const groupUsedAtStart = await groupUsed();

function addRoom(at: Date, ratePerMinute: number): void {
  const file = join(contentDir(), "tenants", `${SELLER}.json`);
  const json = JSON.parse(readFileSync(file, "utf8"));
  json.web.waiting_room = [
    { events: [EVENT], on_sale_at: at.toISOString(), rate_per_minute: ratePerMinute, stay_minutes: 15 },
  ];
  writeFileSync(file, JSON.stringify(json, null, 2));
}

async function groupUsed(): Promise<number> {
  const [group] = await handle.db.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, groupId));
  return group?.usedCapacity ?? 0;
}

// What runtime.ts does on every server: the line's admission pass each second.
const stopAdmitting = startIntervalJob({
  failedEvent: "waiting_room.admit_failed",
  intervalMs: ADMIT_PASS_MS,
  pass: () => admitPass(handle.db, systemClock.now(), [room]),
});

async function check() {
  const [row] = await handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, sessionId));
  const byState = await handle.db
    .select({ state: s.ticket.state, n: sql<number>`count(*)::int` })
    .from(s.ticket)
    .where(and(eq(s.ticket.eventSessionId, sessionId), inArray(s.ticket.state, ["held", "booked"])))
    .groupBy(s.ticket.state);
  const count = (state: string) => Number(byState.find((r) => r.state === state)?.n ?? 0);
  const [orders] = await handle.db
    .select({ n: sql<number>`count(distinct ${s.ticket.ticketOrderId})::int` })
    .from(s.ticket)
    .where(and(eq(s.ticket.eventSessionId, sessionId), eq(s.ticket.state, "booked")));
  const visitors = await handle.db
    .select({
      id: s.waitingRoomVisitor.id,
      arrivedAt: s.waitingRoomVisitor.arrivedAt,
      randomKey: s.waitingRoomVisitor.randomKey,
      admittedAt: s.waitingRoomVisitor.admittedAt,
    })
    .from(s.waitingRoomVisitor)
    .where(and(eq(s.waitingRoomVisitor.sellerId, SELLER), eq(s.waitingRoomVisitor.roomKey, roomKey)));
  return {
    capacity: row?.capacity ?? 0,
    oversell: row?.oversellCapacity ?? 0,
    used: row?.usedCapacity ?? 0,
    held: count("held"),
    booked: count("booked"),
    orders: Number(orders?.n ?? 0),
    groupUsedDelta: (await groupUsed()) - groupUsedAtStart,
    visitors: visitors.map((v) => ({
      id: v.id,
      arrivedAt: v.arrivedAt.getTime(),
      randomKey: v.randomKey,
      admittedAt: v.admittedAt?.getTime() ?? null,
    })),
  };
}

const server = await serveApp(createApiApp({ db: handle.db, clock: systemClock }));
// The crowd's CPU time on the server, and its profile with BENCH_PROFILE=dir.
answerRunProbe("onsale", handle.kind);
process.on("message", async (message: { type: string }) => {
  if (message.type === "check") process.send?.({ type: "check", ...(await check()) });
  if (message.type === "stop") {
    stopAdmitting();
    await server.close();
    await handle.close();
    process.exit(0);
  }
});
process.send?.({
  type: "ready",
  url: server.url,
  kind: handle.kind,
  sessionId,
  onSaleAt: room.onSaleAt.getTime(),
  ratePerMinute: room.ratePerMinute,
});
