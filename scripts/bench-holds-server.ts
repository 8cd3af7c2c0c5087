// The API alone over HTTP for the holds bench (run by scripts/bench-holds.mjs with tsx): a fresh
// seeded database (in-memory PGlite, or the PostgreSQL database in BENCH_DB_URL), one General
// Admission session opened to BENCH_CAPACITY places, served on 127.0.0.1 and a free port. Over IPC
// it answers { type: "check", sessionId } with the session's and group hm-ga-general's counters and held tickets,
// and { type: "ceiling", sessionId, concurrency, seconds } with the raw-SQL holds per second on that
// session (scripts/bench-ceiling.ts), a copy of a hold the product made there.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { systemClock } from "../src/lib/server/clock.ts";
import { openDb } from "../src/lib/server/db/client.ts";
import * as s from "../src/lib/server/db/schema.ts";
import { seedDemo } from "../src/lib/server/db/seed/index.ts";
import { createApiApp } from "../src/lib/server/http/app.ts";
import { serveApp } from "../tests/helpers/http-server.ts";
import { holdTemplate, rawHold, rawHoldAtCommit, timed } from "./bench-ceiling.ts";
import { answerRunProbe } from "./bench-run-probe.ts";

const url = process.env.BENCH_DB_URL;
const handle = await openDb(url ? { kind: "postgres", url } : { kind: "pglite" });
const now = systemClock.now();
await seedDemo(handle.db, { now });
const app = createApiApp({ db: handle.db, clock: systemClock });
// The HTTP run's CPU time, and its profile with BENCH_PROFILE=dir.
answerRunProbe("holds", handle.kind);

async function openSession(offset: number, capacity: number): Promise<string> {
  const rows = await handle.db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, "hm-general-admission"),
        gte(s.eventSession.startDatetime, new Date(now.getTime() + 86_400_000)),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime))
    .limit(offset + 1);
  const session = rows[offset];
  if (!session) throw new Error("no session to bench");
  await handle.db
    .update(s.eventSession)
    .set({ capacity, usedCapacity: 0, oversellCapacity: 0, soldOut: false })
    .where(eq(s.eventSession.id, session.id));
  return session.id;
}

const server = await serveApp(app);
const throughputSession = await openSession(0, Number(process.env.BENCH_CAPACITY ?? 1_000_000));
const raceSession = await openSession(1, Number(process.env.BENCH_RACE_CAPACITY ?? 50));

process.on(
  "message",
  async (message: { type: string; sessionId: string; concurrency: number; seconds: number }) => {
    if (message.type === "ceiling" || message.type === "ceiling-at-commit") {
      const template = await holdTemplate(handle.db, message.sessionId);
      const hold = message.type === "ceiling" ? rawHold : rawHoldAtCommit;
      const run = await timed(() => hold(handle.db, template), message.concurrency, message.seconds);
      process.send?.({ type: message.type, ...run });
    }
    if (message.type === "check") {
      const [row] = await handle.db
        .select()
        .from(s.eventSession)
        .where(eq(s.eventSession.id, message.sessionId));
      const [held] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.ticket)
        .where(and(eq(s.ticket.eventSessionId, message.sessionId), eq(s.ticket.state, "held")));
      const [group] = await handle.db
        .select()
        .from(s.ticketGroup)
        .where(eq(s.ticketGroup.id, "hm-ga-general"));
      const [groupHeld] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.ticket)
        .where(and(eq(s.ticket.ticketGroupId, "hm-ga-general"), eq(s.ticket.state, "held")));
      process.send?.({
        type: "check",
        capacity: row?.capacity,
        oversell: row?.oversellCapacity,
        used: row?.usedCapacity,
        held: Number(held?.n ?? 0),
        groupUsed: group?.usedCapacity,
        groupHeld: Number(groupHeld?.n ?? 0),
      });
    }
    if (message.type === "stop") {
      await server.close();
      await handle.close();
      process.exit(0);
    }
  },
);
process.send?.({ type: "ready", url: server.url, throughputSession, raceSession, kind: handle.kind });
