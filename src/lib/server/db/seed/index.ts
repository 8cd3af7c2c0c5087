/**
 * The demo data: two tenants (Harbour Museum, USD, America/New_York; Riverside Zoo, GBP,
 * Europe/London) with events, ticket groups and types, sessions for 90 days from `now`, a seat
 * map, message rules, membership rules, codes and gift cards. Deterministic for a given `now`.
 *
 * - seedDemo inserts everything in one transaction; a second call is a no-op (idempotent).
 * - refreshDemoSessions tops up missing future days so a long-lived demo database never runs out.
 * - reseedDemo deletes all demo rows and seeds again (scripts/seed.ts).
 */
import { and, count, gte, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { Executor } from "../executor.ts";
import {
  code,
  config,
  eventSession,
  eventTemplate,
  ledger,
  membershipRule,
  messageRule,
  meta,
  seatMap,
  seatTemplate,
  seller,
  sessionSeat,
  ticketGroup,
  ticketType,
  venue,
} from "../schema.ts";
import { seedAccountDemo } from "./account-demo.ts";
import { seedAccounts } from "./accounts.ts";
import type { TenantSeed } from "./builders.ts";
import { harbourMuseum } from "./harbour-museum.ts";
import { insertBatched, localDateOf, localToday } from "./helpers.ts";
import { seedMembershipAutoRenew } from "./membership-auto-renew.ts";
import { DEMO_SELLER_IDS, deleteDemoData } from "./reset.ts";
import { riversideZoo } from "./riverside-zoo.ts";
import { buildSessions, type SessionRow } from "./sessions.ts";

export { DEMO_SELLER_IDS, deleteDemoData } from "./reset.ts";

export interface SeedSummary {
  seeded: boolean;
  sellers: number;
  events: number;
  ticketGroups: number;
  ticketTypes: number;
  sessions: number;
  seats: number;
  bookedSeats: number;
  codes: number;
  ledgers: number;
  ms: number;
}

export function demoTenants(now: Date): TenantSeed[] {
  return [harbourMuseum(now), riversideZoo(now)];
}

/** True when the database holds any seller (the runtime seeds the demo only into an empty database). */
export async function isSeeded(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(seller);
  return Number(row?.n ?? 0) > 0;
}

async function demoPresent(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(seller)
    .where(inArray(seller.id, [...DEMO_SELLER_IDS]));
  return Number(row?.n ?? 0) > 0;
}

async function insertDemo(tx: Executor, now: Date): Promise<Omit<SeedSummary, "ms" | "seeded">> {
  const tenants = demoTenants(now);
  const all = <K extends keyof TenantSeed>(key: K) => tenants.flatMap((t) => t[key] as unknown[]);
  const sessions: SessionRow[] = [];
  const booked: (typeof sessionSeat.$inferInsert)[] = [];
  for (const t of tenants) {
    const own = t.sessionPlans.flatMap((p) => buildSessions(p, now));
    booked.push(...t.decorateSessions(own, now));
    sessions.push(...own);
  }
  await insertBatched(tx, seller, all("seller") as (typeof seller.$inferInsert)[]);
  await insertBatched(tx, venue, all("venue") as (typeof venue.$inferInsert)[]);
  await insertBatched(tx, eventTemplate, all("events") as (typeof eventTemplate.$inferInsert)[]);
  await insertBatched(tx, meta, all("metas") as (typeof meta.$inferInsert)[]);
  await insertBatched(tx, config, all("configs") as (typeof config.$inferInsert)[]);
  await insertBatched(tx, ticketGroup, all("groups") as (typeof ticketGroup.$inferInsert)[]);
  await insertBatched(tx, ticketType, all("types") as (typeof ticketType.$inferInsert)[]);
  await insertBatched(tx, messageRule, all("messageRules") as (typeof messageRule.$inferInsert)[]);
  await insertBatched(tx, membershipRule, all("membershipRules") as (typeof membershipRule.$inferInsert)[]);
  await insertBatched(tx, code, all("codes") as (typeof code.$inferInsert)[]);
  await insertBatched(tx, ledger, all("ledgers") as (typeof ledger.$inferInsert)[]);
  await insertBatched(tx, seatMap, all("seatMaps") as (typeof seatMap.$inferInsert)[]);
  await insertBatched(tx, seatTemplate, all("seats") as (typeof seatTemplate.$inferInsert)[]);
  await insertBatched(tx, eventSession, sessions);
  await insertBatched(tx, sessionSeat, booked);
  await seedAccounts(tx, now);
  await seedMembershipAutoRenew(tx, now);
  await seedAccountDemo(tx, now);
  return {
    sellers: tenants.length,
    events: all("events").length,
    ticketGroups: all("groups").length,
    ticketTypes: all("types").length,
    sessions: sessions.length,
    seats: all("seats").length,
    bookedSeats: booked.length,
    codes: all("codes").length,
    ledgers: all("ledgers").length,
  };
}

/**
 * Seeds the demo tenants in one transaction. Idempotent: when a demo seller already exists
 * nothing is written and `seeded` is false.
 */
export async function seedDemo(db: Db, options: { now: Date }): Promise<SeedSummary> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    if (await demoPresent(tx)) return { ...emptySummary(), ms: Math.round(performance.now() - started) };
    const counts = await insertDemo(tx, options.now);
    return { seeded: true, ...counts, ms: Math.round(performance.now() - started) };
  });
}

/** Deletes every demo row (and rows referencing them) and seeds again, in one transaction. */
export async function reseedDemo(
  db: Db,
  options: { now: Date },
): Promise<SeedSummary & { deleted: Record<string, number> }> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    const deleted = await deleteDemoData(tx);
    const counts = await insertDemo(tx, options.now);
    return { seeded: true, ...counts, deleted, ms: Math.round(performance.now() - started) };
  });
}

/**
 * Adds the sessions of days that have none yet, from today up to each plan's horizon (90 days
 * for the daily events), for the demo sellers present. A day with at least one session (even a
 * sold-out or partly deleted one) is left alone, and closed days generate nothing, so calling it
 * again adds nothing. Returns the number of sessions added.
 */
export async function refreshDemoSessions(db: Db, options: { now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const present = new Set(
      (
        await tx
          .select({ id: seller.id })
          .from(seller)
          .where(inArray(seller.id, [...DEMO_SELLER_IDS]))
      ).map((r) => r.id),
    );
    const added: SessionRow[] = [];
    for (const tenant of demoTenants(options.now)) {
      if (!present.has(tenant.seller.id)) continue;
      const eventIds = tenant.sessionPlans.map((p) => p.eventTemplateId);
      const since = localToday(options.now, tenant.seller.timezone).subtract(1, "day").toDate();
      const existing = await tx
        .select({ eventTemplateId: eventSession.eventTemplateId, start: eventSession.startDatetime })
        .from(eventSession)
        .where(and(inArray(eventSession.eventTemplateId, eventIds), gte(eventSession.startDatetime, since)));
      for (const plan of tenant.sessionPlans) {
        const days = new Set(
          existing
            .filter((r) => r.eventTemplateId === plan.eventTemplateId)
            .map((r) => localDateOf(r.start, plan.timezone)),
        );
        added.push(...buildSessions(plan, options.now, days));
      }
    }
    return insertBatched(tx, eventSession, added);
  });
}

function emptySummary(): SeedSummary {
  return {
    seeded: false,
    sellers: 0,
    events: 0,
    ticketGroups: 0,
    ticketTypes: 0,
    sessions: 0,
    seats: 0,
    bookedSeats: 0,
    codes: 0,
    ledgers: 0,
    ms: 0,
  };
}
