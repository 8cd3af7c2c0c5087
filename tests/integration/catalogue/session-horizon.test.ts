/**
 * The rolling horizon on a seeded database: the missing sessions of a seller's schedules are
 * inserted once, the existing ones (with their bookings) are left as they are, and running it
 * again inserts nothing.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Schedule } from "../../../src/lib/catalogue/schema/schedule.ts";
import { eventSession } from "../../../src/lib/server/db/schema.ts";
import { readCatalogues, topUpSessions } from "../../../src/lib/server/services/catalogue/horizon-job.ts";
import { insertMissingSessions } from "../../../src/lib/server/services/catalogue/session-horizon.ts";
import { createTestApi, TEST_NOW, withTestApi } from "../../helpers/api.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const api = withTestApi();

/** Harbour Museum's general admission as a schedule (its catalogue schedule: closed Mondays). */
const GENERAL_ADMISSION: Schedule = {
  event: "hm-general-admission",
  capacity: 60,
  duration: 30,
  days: ["sun", "tue", "wed", "thu", "fri", "sat"],
  hours: { first: "10:00", last: "16:30", every: 30 },
  weekday_tiers: { sat: "saturday" },
};

/** A one-off performance of the hidden event, on a Monday evening within the seeded horizon. */
const GALA: Schedule = {
  event: "hm-hidden-event",
  capacity: 12,
  duration: 90,
  performances: [{ date: "2026-11-30", time: "19:00", capacity: 40, price_tier: "gala" }],
};

const input = (horizonDays: number) => ({
  sellerId: "harbour-museum",
  schedules: [GENERAL_ADMISSION, GALA],
  now: TEST_NOW,
  horizonDays,
});

describe("insertMissingSessions", () => {
  it("inserts nothing the seed already planned: the seeded sessions are the schedule's", async () => {
    const inserted = await insertMissingSessions(api.handle.db, {
      ...input(90),
      schedules: [GENERAL_ADMISSION],
    });
    expect(inserted).toEqual([]);
  });

  it("inserts the missing sessions once (a longer horizon, a one-off performance), and nothing the second time", async () => {
    const before = await api.handle.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.eventTemplateId, "hm-general-admission"));

    const first = await insertMissingSessions(api.handle.db, input(100));
    // Days 90..99 (today is a Sunday): a Saturday to the Monday a week later, two closed Mondays,
    // so 8 open days of 14 slots; and the gala.
    expect(first).toHaveLength(8 * 14 + 1);
    expect(first).toContain("hm-hidden-event-20261130-1900");
    expect(first.every((id) => /^hm-(general-admission|hidden-event)-\d{8}-\d{4}$/.test(id))).toBe(true);

    const second = await insertMissingSessions(api.handle.db, input(100));
    expect(second).toEqual([]);

    const [gala] = await api.handle.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.id, "hm-hidden-event-20261130-1900"));
    expect(gala).toMatchObject({
      sellerId: "harbour-museum",
      capacity: 40,
      priceTier: "gala",
      usedCapacity: 0,
      startDatetime: new Date("2026-12-01T00:00:00Z"),
      endDatetime: new Date("2026-12-01T01:30:00Z"),
    });

    // The seeded sessions, bookings included, are as they were.
    const after = await api.handle.db
      .select()
      .from(eventSession)
      .where(
        inArray(
          eventSession.id,
          before.map((s) => s.id),
        ),
      );
    const byId = new Map(after.map((s) => [s.id, s]));
    for (const s of before) expect(byId.get(s.id)).toEqual(s);
    expect(before.some((s) => s.usedCapacity > 0)).toBe(true);
  });

  it("a schedule that plans nothing inserts nothing", async () => {
    const closed: Schedule = { ...GENERAL_ADMISSION, from: "2030-01-01" };
    expect(await insertMissingSessions(api.handle.db, { ...input(30), schedules: [closed] })).toEqual([]);
  });

  it("an unknown seller is an error, not a silent no-op", async () => {
    await expect(insertMissingSessions(api.handle.db, { ...input(1), sellerId: "nobody" })).rejects.toThrow(
      "No seller nobody",
    );
  });
});

/** PostgreSQL's driver passes the column arrays its own way; .ci/run sets TEST_DATABASE_URL. */
const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)("insertMissingSessions on PostgreSQL", () => {
  it("inserts the missing sessions once, and nothing the second time", async () => {
    await withFreshPostgres(postgresUrl ?? "", async (url) => {
      const pg = await createTestApi({ target: { kind: "postgres", url } });
      try {
        const first = await insertMissingSessions(pg.handle.db, input(100));
        expect(first).toHaveLength(8 * 14 + 1);
        const [gala] = await pg.handle.db
          .select()
          .from(eventSession)
          .where(eq(eventSession.id, "hm-hidden-event-20261130-1900"));
        expect(gala).toMatchObject({
          capacity: 40,
          priceTier: "gala",
          startDatetime: new Date("2026-12-01T00:00:00Z"),
        });
        expect(await insertMissingSessions(pg.handle.db, input(100))).toEqual([]);
      } finally {
        await pg.close();
      }
    });
  });
});

describe("the hourly top-up of a server that runs for days", () => {
  const api = withTestApi();
  it("plans every tenant's files from the new today and inserts only the missing sessions, once", async () => {
    const dir = `${process.cwd()}/src/content`;
    const tenants = readCatalogues(dir);
    expect(await topUpSessions(api.handle.db, tenants, TEST_NOW)).toBe(0);
    const later = new Date(TEST_NOW.getTime() + 2 * 86_400_000);
    const added = await topUpSessions(api.handle.db, tenants, later);
    expect(added).toBeGreaterThan(0);
    expect(await topUpSessions(api.handle.db, tenants, later)).toBe(0);
  });
});
