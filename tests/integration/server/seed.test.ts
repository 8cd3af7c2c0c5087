import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventMetaData } from "../../../src/lib/api/schemas.ts";
import { type DbHandle, openDb } from "../../../src/lib/server/db/client.ts";
import {
  code,
  eventSession,
  eventTemplate,
  ledger,
  meta,
  seatTemplate,
  seller,
  sessionSeat,
  ticketGroup,
  ticketType,
} from "../../../src/lib/server/db/schema.ts";
import { dayjs } from "../../../src/lib/server/db/seed/helpers.ts";
import { isSeeded, reseedDemo, seedDemo } from "../../../src/lib/server/db/seed/index.ts";
import { applyCataloguesOnStart } from "../../../src/lib/server/services/catalogue/apply/on-start.ts";

/** Same instant as TEST_NOW in tests/helpers/api.ts (a Sunday); not imported so this file does not load the app. */
const TEST_NOW = new Date("2026-11-22T12:00:00Z");
const NY = "America/New_York";
const localDate = (d: Date, tz: string) => dayjs(d).tz(tz).format("YYYY-MM-DD");
const localWeekday = (d: Date, tz: string) => dayjs(d).tz(tz).day();

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDb({ kind: "pglite" });
  expect(await isSeeded(handle.db)).toBe(false);
  const summary = await seedDemo(handle.db, { now: TEST_NOW });
  expect(summary.seeded).toBe(true);
});
afterAll(() => handle.close());

const sessionsOf = (eventTemplateId: string) =>
  handle.db.select().from(eventSession).where(eq(eventSession.eventTemplateId, eventTemplateId));

describe("demo seed", () => {
  it("seeding twice is idempotent: the second seedDemo writes nothing", async () => {
    const before = await handle.db.select({ id: eventSession.id }).from(eventSession);
    const again = await seedDemo(handle.db, { now: TEST_NOW });
    expect(again.seeded).toBe(false);
    expect(await handle.db.select({ id: eventSession.id }).from(eventSession)).toHaveLength(before.length);
    expect(await isSeeded(handle.db)).toBe(true);
  });

  it("the seed is deterministic (no Math.random): the same now gives the same sessions and places taken", async () => {
    const other = await openDb({ kind: "pglite" });
    try {
      await seedDemo(other.db, { now: new Date(TEST_NOW) });
      const rows = (h: DbHandle) =>
        h.db
          .select({ id: eventSession.id, used: eventSession.usedCapacity, tier: eventSession.priceTier })
          .from(eventSession)
          .orderBy(eventSession.id);
      expect(await rows(other)).toEqual(await rows(handle));
    } finally {
      await other.close();
    }
  });

  it("every demo tenant's catalogue is applied, with its currency and time zone (seller id = slug)", async () => {
    const sellers = await handle.db.select().from(seller).orderBy(seller.id);
    expect(sellers.map((s) => [s.id, s.slug, s.currencyCode, s.timezone])).toEqual([
      ["harbour-museum", "harbour-museum", "USD", NY],
      ["riverside-zoo", "riverside-zoo", "GBP", "Europe/London"],
      ["sidra-science", "sidra-science", "KWD", "Asia/Kuwait"],
    ]);
  });

  it("harbour-museum has the 4 categories Admission, Exhibitions, Performances, Support", async () => {
    const events = await handle.db
      .select()
      .from(eventTemplate)
      .where(eq(eventTemplate.sellerId, "harbour-museum"));
    expect(new Set(events.map((e) => e.category))).toEqual(
      new Set(["Admission", "Exhibitions", "Performances", "Support"]),
    );
  });

  it("the fixed demo ids other tests and the README rely on exist", async () => {
    const events = (await handle.db.select({ id: eventTemplate.id }).from(eventTemplate)).map((e) => e.id);
    for (const id of [
      "hm-general-admission",
      "hm-special-exhibition",
      "hm-evening-concert",
      "hm-flex-pass",
      "hm-donation",
      "hm-gift-card",
      "hm-membership",
      "hm-members-preview",
      "hm-hidden-event",
      "rz-day-admission",
      "rz-keeper-talk",
      "rz-keeper-day",
      "rz-membership",
      "rz-gift-card",
      "rz-donation",
    ]) {
      expect(events).toContain(id);
    }
    const groups = (await handle.db.select({ id: ticketGroup.id }).from(ticketGroup)).map((g) => g.id);
    expect(groups).toEqual(
      expect.arrayContaining([
        "hm-ga-general",
        "hm-ga-members",
        "hm-concert-stalls",
        "hm-concert-balcony",
        "rz-citypass",
      ]),
    );
    const [adult] = await handle.db.select().from(ticketType).where(eq(ticketType.id, "hm-ga-adult"));
    expect(adult).toMatchObject({ currencyAmount: 2500, feeFixedOutside: 150 });
  });

  it("every event meta row uses eventMetaData keys, and one leaves image alt empty ('Image for {event name}' fallback)", async () => {
    const metas = await handle.db.select().from(meta).where(eq(meta.resource, "event_template"));
    expect(metas).toHaveLength(9 + 6 + 7);
    for (const m of metas) expect(eventMetaData.strict().safeParse(m.data).success).toBe(true);
    expect(metas.filter((m) => m.data.image_profile_alt === "").map((m) => m.resourceId)).toEqual([
      "hm-flex-pass",
    ]);
  });

  it("the concert seat map has >= 150 seats in two price zones with row neighbours; capacity = sellable seats", async () => {
    const seats = await handle.db.select().from(seatTemplate);
    expect(seats.length).toBeGreaterThanOrEqual(150);
    const zones = new Set(seats.flatMap((s) => s.ticketGroupIds));
    expect(zones).toEqual(new Set(["hm-concert-stalls", "hm-concert-balcony"]));
    const byId = new Map(seats.map((s) => [s.id, s]));
    for (const s of seats) {
      if (s.nextId) expect(byId.get(s.nextId)?.previousId).toBe(s.id);
    }
    const unavailable = seats.filter((s) => s.unavailable).length;
    expect(unavailable).toBeGreaterThan(0);
    const concerts = (await sessionsOf("hm-evening-concert")).sort(
      (a, b) => a.startDatetime.getTime() - b.startDatetime.getTime(),
    );
    expect(concerts.length).toBeGreaterThan(0);
    for (const c of concerts) expect(c.capacity).toBe(seats.length - unavailable);
    const first = concerts[0];
    if (!first) throw new Error("no concert session");
    const booked = await handle.db.select().from(sessionSeat).where(eq(sessionSeat.eventSessionId, first.id));
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.every((b) => b.state === "booked")).toBe(true);
    expect(first.usedCapacity).toBe(booked.length);
  });

  it("hm-general-admission: sold-out (used = capacity) and nearly full (available under 10) sessions in the first week", async () => {
    const weekEnd = TEST_NOW.getTime() + 7 * 86_400_000;
    const week = (await sessionsOf("hm-general-admission")).filter(
      (s) => s.startDatetime.getTime() < weekEnd,
    );
    const soldOut = week.filter((s) => s.usedCapacity >= s.capacity);
    const nearlyFull = week.filter(
      (s) => s.capacity - s.usedCapacity > 0 && s.capacity - s.usedCapacity < 10,
    );
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    expect(nearlyFull.length).toBeGreaterThanOrEqual(3);
    expect(week.some((s) => s.capacity - s.usedCapacity >= 20)).toBe(true);
  });

  it("hm-general-admission: one day in the second week is sold out in every session", async () => {
    const byDay = new Map<string, { total: number; full: number }>();
    for (const s of await sessionsOf("hm-general-admission")) {
      const day = localDate(s.startDatetime, NY);
      const entry = byDay.get(day) ?? { total: 0, full: 0 };
      entry.total++;
      if (s.usedCapacity >= s.capacity) entry.full++;
      byDay.set(day, entry);
    }
    const today = dayjs(TEST_NOW).tz(NY).startOf("day");
    const fullDays = [...byDay.entries()]
      .filter(([, v]) => v.total > 0 && v.full === v.total)
      .map(([d]) => d);
    expect(fullDays).toHaveLength(1);
    const offset = dayjs.utc(fullDays[0]).diff(dayjs.utc(today.format("YYYY-MM-DD")), "day");
    expect(offset).toBeGreaterThanOrEqual(7);
    expect(offset).toBeLessThan(14);
  });

  it("Mondays are closed for hm-general-admission in America/New_York; other days run 10:00 to 16:30 every 30 minutes", async () => {
    const sessions = await sessionsOf("hm-general-admission");
    expect(sessions.filter((s) => localWeekday(s.startDatetime, NY) === 1)).toEqual([]);
    const days = new Set(sessions.map((s) => localDate(s.startDatetime, NY)));
    const today = dayjs.utc(localDate(TEST_NOW, NY));
    for (let i = 0; i < 90; i++) {
      const d = today.add(i, "day");
      expect(days.has(d.format("YYYY-MM-DD"))).toBe(d.day() !== 1);
    }
    const times = new Set(sessions.map((s) => dayjs(s.startDatetime).tz(NY).format("HH:mm")));
    expect([...times].sort()).toEqual(
      Array.from(
        { length: 14 },
        (_, i) => `${String(10 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
      ),
    );
  });

  it("rz-day-admission: weekend sessions are priced 'peak', sessions exist from today for 90 days in Europe/London", async () => {
    const tz = "Europe/London";
    const sessions = await sessionsOf("rz-day-admission");
    for (const s of sessions) {
      const wd = localWeekday(s.startDatetime, tz);
      if (wd === 0 || wd === 6) expect(s.priceTier).toBe("peak");
    }
    expect(sessions.some((s) => s.priceTier === "off_peak")).toBe(true);
    const days = [...new Set(sessions.map((s) => localDate(s.startDatetime, tz)))].sort();
    expect(days).toHaveLength(90);
    expect(days[0]).toBe(localDate(TEST_NOW, tz));
    expect(sessions.some((s) => s.usedCapacity >= s.capacity)).toBe(true);
  });

  it("rz-keeper-day is the demo all-day event (spec 1 §9): one 6½-hour session on Saturdays and Sundays only", async () => {
    const tz = "Europe/London";
    const sessions = await sessionsOf("rz-keeper-day");
    expect(sessions.length).toBeGreaterThan(20);
    const perDay = new Map<string, number>();
    for (const s of sessions) {
      expect([0, 6]).toContain(localWeekday(s.startDatetime, tz));
      expect(s.endDatetime.getTime() - s.startDatetime.getTime()).toBe(390 * 60_000);
      const day = localDate(s.startDatetime, tz);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(new Set(perDay.values())).toEqual(new Set([1]));
  });

  it("codes are stored upper-case; CityPASS vouchers match ^CPA[0-9]{8}$ / ^CPC[0-9]{8}$; gift-of-membership codes have 10 characters", async () => {
    const codes = await handle.db.select().from(code);
    for (const c of codes) expect(c.code).toBe(c.code.toUpperCase());
    const vouchers = codes.filter((c) => c.kind === "voucher");
    expect(vouchers.length).toBeGreaterThan(0);
    for (const v of vouchers) expect(/^CPA[0-9]{8}$/.test(v.code) || /^CPC[0-9]{8}$/.test(v.code)).toBe(true);
    const gifts = codes.filter((c) => c.kind === "gift_membership");
    expect(new Set(gifts.map((g) => g.sellerId))).toEqual(new Set(["harbour-museum", "riverside-zoo"]));
    for (const g of gifts) expect(g.code).toHaveLength(10);
    const soldOut = codes.find((c) => c.code === "SOLDOUT");
    expect(soldOut && soldOut.uses >= soldOut.maxUses).toBe(true);
    expect(codes.find((c) => c.code === "EXPIRED2020")?.validTo?.getTime()).toBeLessThan(TEST_NOW.getTime());
    const cards = await handle.db
      .select()
      .from(ledger)
      .where(
        and(eq(ledger.sellerId, "harbour-museum"), inArray(ledger.number, ["GC-1000-0001", "GC-1000-0002"])),
      );
    expect(cards.map((c) => c.balance).sort((a, b) => a - b)).toEqual([0, 10000]);
  });
});

describe("refreshing and reseeding the demo", () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openDb({ kind: "pglite" });
    await seedDemo(db.db, { now: TEST_NOW });
  });
  afterAll(() => db.close());

  it("a start ten days later applies the catalogue: the rolling horizon adds the new days, and again adds nothing", async () => {
    const unchanged = await applyCataloguesOnStart(db.db, TEST_NOW);
    expect(unchanged.flatMap((r) => r.changes)).toEqual([]);
    const later = new Date(TEST_NOW.getTime() + 10 * 86_400_000);
    const added = (await applyCataloguesOnStart(db.db, later)).flatMap((r) => r.changes);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((c) => c.kind === "added" && c.what.includes("session"))).toBe(true);
    expect((await applyCataloguesOnStart(db.db, later)).flatMap((r) => r.changes)).toEqual([]);
    const ga = await db.db
      .select()
      .from(eventSession)
      .where(eq(eventSession.eventTemplateId, "hm-general-admission"));
    const days = new Set(ga.map((s) => localDate(s.startDatetime, NY)));
    const lastDay = dayjs.utc(localDate(later, NY)).add(89, "day");
    const expected = lastDay.day() === 1 ? lastDay.subtract(1, "day") : lastDay;
    expect(days.has(expected.format("YYYY-MM-DD"))).toBe(true);
    expect(ga.filter((s) => localWeekday(s.startDatetime, NY) === 1)).toEqual([]);
  });

  it("refreshDemoAccounts adds the demo accounts to a demo database seeded before accounts existed, once", async () => {
    // Regression: a data folder seeded by an older version had no accounts, so the README's demo logins failed.
    const { refreshDemoAccounts } = await import("../../../src/lib/server/db/seed/accounts.ts");
    const { identity, membership, cart, payment, ticket, ticketOrder, ticketScan } = await import(
      "../../../src/lib/server/db/schema.ts"
    );
    const { DEMO_PROGRAMS } = await import("../../../src/lib/server/db/seed/memberships.ts");
    expect(await refreshDemoAccounts(db.db, TEST_NOW)).toBe(false);
    // An older data folder had neither the accounts nor the demo members' orders.
    const ids = ["hm-demo-user", "hm-demo-guest", "hm-demo-member", "hm-demo-expired"];
    const carts = db.db.select({ id: cart.id }).from(cart).where(inArray(cart.identityId, ids));
    const orders = db.db
      .select({ id: ticketOrder.id })
      .from(ticketOrder)
      .where(inArray(ticketOrder.identityId, ids));
    await db.db.delete(membership);
    // The demo user's orders have scan codes and payments (seed/account-demo.ts).
    await db.db.delete(ticketScan).where(inArray(ticketScan.ticketOrderId, orders));
    await db.db.delete(payment).where(inArray(payment.cartId, carts));
    await db.db.delete(ticket).where(inArray(ticket.cartId, carts));
    await db.db.delete(ticketOrder).where(inArray(ticketOrder.identityId, ids));
    await db.db.delete(cart).where(inArray(cart.identityId, ids));
    await db.db.delete(identity).where(inArray(identity.id, ids));
    expect(await refreshDemoAccounts(db.db, TEST_NOW)).toBe(true);
    const users = await db.db.select().from(identity).where(eq(identity.id, "hm-demo-user"));
    expect(users[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    const cards = DEMO_PROGRAMS.flatMap((p) =>
      p.members.flatMap((m) => [m.scanCode, ...(m.cards ?? []).map((c) => c[3])]),
    );
    expect(await db.db.select().from(membership)).toHaveLength(cards.length);
    expect(await refreshDemoAccounts(db.db, TEST_NOW)).toBe(false);
  });

  it("reseedDemo (scripts/seed.ts) deletes every demo row and seeds again", async () => {
    const sessionsOfTenants = async () =>
      (await db.db.select({ seller: eventSession.sellerId }).from(eventSession)).reduce(
        (n, r) => n.set(r.seller, (n.get(r.seller) ?? 0) + 1),
        new Map<string, number>(),
      );
    const before = await sessionsOfTenants();
    const summary = await reseedDemo(db.db, { now: TEST_NOW });
    // The demo tenants' rows go and come back; a tenant from files alone has no demo rows to reset.
    expect(summary.deleted.event_session).toBe(
      (before.get("harbour-museum") ?? 0) + (before.get("riverside-zoo") ?? 0),
    );
    const after = await sessionsOfTenants();
    expect(after.get("sidra-science")).toBe(before.get("sidra-science"));
    expect(after.get("harbour-museum")).toBeGreaterThan(0);
  });
});
