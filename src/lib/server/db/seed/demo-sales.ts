/**
 * The demo's sales, laid on top of the demo tenants' catalogue right after it is first applied:
 * places taken in the first weeks' sessions (some sold out, some nearly full), the first
 * concert's booked seats, and codes already used. A real venue's files never say any of this;
 * its sales come from its shop.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CatalogueRows } from "../../services/catalogue/apply/rows.ts";
import type { Executor } from "../executor.ts";
import { insertBatched } from "../insert-batched.ts";
import { code, eventSession, sessionSeat } from "../schema.ts";
import { applyDemoLoad, type DemoLoadOptions, type SessionRow } from "./sessions.ts";

type Load = Omit<DemoLoadOptions, "timezone" | "now">;

interface DemoSales {
  /** Places taken per event. */
  load: Record<string, Load>;
  /** Seats booked in the first session of an event's seat map. */
  bookedSeats?: { eventId: string; seats: readonly string[] };
  /** Codes written in the files that the demo shows as already used up. */
  usedCodes: readonly string[];
}

/** Seats already sold in the first concert session: two blocks in the stalls, two pairs upstairs. */
export const BOOKED_SEATS_FIRST_CONCERT = [
  "C5",
  "C6",
  "C7",
  "C8",
  "C9",
  "C10",
  "D7",
  "D8",
  "G1",
  "G2",
  "H3",
  "H4",
] as const;

export const DEMO_SALES: Record<string, DemoSales> = {
  "harbour-museum": {
    load: {
      "hm-general-admission": { maxLoad: 0.4, firstWeekPatterns: true, fullSecondWeekSaturday: true },
      "hm-special-exhibition": { maxLoad: 0.5, firstWeekPatterns: false, fullSecondWeekSaturday: false },
    },
    bookedSeats: { eventId: "hm-evening-concert", seats: BOOKED_SEATS_FIRST_CONCERT },
    usedCodes: ["SOLDOUT", "HMGIFTUSED"],
  },
  "riverside-zoo": {
    load: {
      "rz-day-admission": { maxLoad: 0.4, firstWeekPatterns: true, fullSecondWeekSaturday: false },
      "rz-keeper-talk": { maxLoad: 0.6, firstWeekPatterns: false, fullSecondWeekSaturday: false },
    },
    usedCodes: ["CPA99999999", "RZGIFTUSED"],
  },
};

/** The demo sellers: the tenants whose sales the demo invents. */
export const DEMO_SELLER_IDS = Object.keys(DEMO_SALES);

/**
 * Lays a demo tenant's sales on its freshly applied catalogue; returns the seats booked. A tenant
 * without demo sales (one opened from files alone) gets none.
 */
export async function addDemoSales(tx: Executor, rows: CatalogueRows, now: Date): Promise<number> {
  const sales = DEMO_SALES[rows.seller.id];
  if (!sales) return 0;
  const timezone = rows.seller.timezone;
  const sessions: SessionRow[] = rows.sessions.map((p) => ({
    id: p.id,
    sellerId: rows.seller.id,
    eventTemplateId: p.eventId,
    startDatetime: p.start,
    endDatetime: p.end,
    capacity: p.capacity,
    usedCapacity: 0,
  }));
  for (const [eventId, load] of Object.entries(sales.load)) {
    applyDemoLoad(
      sessions.filter((x) => x.eventTemplateId === eventId),
      { ...load, timezone, now },
    );
  }
  let booked: (typeof sessionSeat.$inferInsert)[] = [];
  if (sales.bookedSeats) {
    const { eventId, seats } = sales.bookedSeats;
    const first = sessions
      .filter((x) => x.eventTemplateId === eventId)
      .sort((a, b) => a.startDatetime.getTime() - b.startDatetime.getTime())[0];
    const map = rows.seatMaps.find((m) => m.eventTemplateId === eventId);
    if (first && map) {
      const byName = new Map(
        rows.seats.filter((x) => x.seatMapId === map.id).map((x) => [x.name, x.id ?? ""]),
      );
      booked = seats.map((name) => ({
        eventSessionId: first.id,
        seatTemplateId: byName.get(name) ?? "",
        state: "booked",
      }));
      first.usedCapacity = booked.length;
    }
  }
  const taken = sessions
    .filter((x) => (x.usedCapacity ?? 0) > 0)
    .map((x) => ({ id: x.id, used: x.usedCapacity }));
  if (taken.length > 0) {
    // One statement for every session, with the rows as one JSON parameter.
    await tx.execute(sql`
      update ${eventSession} set used_capacity = taken.used
      from jsonb_to_recordset(${JSON.stringify(taken)}::jsonb) as taken(id text, used integer)
      where ${eventSession.id} = taken.id`);
  }
  await insertBatched(tx, sessionSeat, booked);
  if (sales.usedCodes.length > 0) {
    await tx
      .update(code)
      .set({ uses: 1 })
      .where(and(eq(code.sellerId, rows.seller.id), inArray(code.code, [...sales.usedCodes])));
  }
  return booked.length;
}
