/**
 * The admission pass on each database the shop runs on: "Several servers: it holds on several
 * servers on one PostgreSQL". On PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL, whose
 * driver binds a value in hand-written SQL by its type: a pass lets the line in at the rate, in the
 * line's order (early arrivals by random key first), and counts who is in the shop.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { compareInLine } from "../../../src/lib/domain/waiting-room/rules.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { admitPass, SETTLE_MS } from "../../../src/lib/server/services/waiting-room/admit.ts";
import { arrive } from "../../../src/lib/server/services/waiting-room/line.ts";
import type { Room } from "../../../src/lib/server/services/waiting-room/rooms.ts";
import { TEST_NOW } from "../../helpers/api.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";

const ON_SALE = new Date(TEST_NOW.getTime() + 3_600_000);
const at = (ms: number) => new Date(ON_SALE.getTime() + ms);

const roomOf = (settings: Partial<Room>): Room => ({
  key: `test-${randomUUID()}`,
  sellerId: "riverside-zoo",
  events: ["rz-day-admission"],
  onSaleAt: ON_SALE,
  ratePerMinute: 60,
  maxInShop: null,
  stayMinutes: 15,
  ...settings,
});

describe("the admission pass", () => {
  itOnEachDatabase(async (api) => {
    const line = roomOf({ ratePerMinute: 120 });
    for (let i = 0; i < 6; i++)
      await arrive(api.handle.db, line, undefined, new Date(TEST_NOW.getTime() + i));
    for (let i = 0; i < 4; i++) await arrive(api.handle.db, line, undefined, at(i));
    // Three seconds at 2 a second: the 6 early ones, in their random order.
    for (let t = 1000; t <= 3000; t += 1000) await admitPass(api.handle.db, at(t), [line]);
    const rows = await api.handle.db
      .select()
      .from(s.waitingRoomVisitor)
      .where(eq(s.waitingRoomVisitor.roomKey, line.key));
    const inLine = [...rows].sort((a, b) => compareInLine(ON_SALE, a, b));
    expect(inLine.map((v) => v.admittedAt?.getTime() ?? null)).toEqual([
      at(1000).getTime(),
      at(1000).getTime(),
      at(2000).getTime(),
      at(2000).getTime(),
      at(3000).getTime(),
      at(3000).getTime(),
      null,
      null,
      null,
      null,
    ]);

    // A cap on the shop counts those still within their stay.
    const capped = roomOf({ ratePerMinute: null, maxInShop: 2, stayMinutes: 1 });
    for (let i = 0; i < 3; i++) await arrive(api.handle.db, capped, undefined, at(i));
    // (A pass ranks those who arrived at least SETTLE_MS before it: all three here.)
    expect(await admitPass(api.handle.db, at(SETTLE_MS + 2), [capped])).toBe(2);
    expect(await admitPass(api.handle.db, at(2000), [capped])).toBe(0);
    expect(await admitPass(api.handle.db, at(62_000), [capped])).toBe(1);
  });
});

describe("'Those who arrive later queue in the order they arrived', when rows are written out of order", () => {
  itOnEachDatabase(async (api) => {
    const room = roomOf({ ratePerMinute: 60 });
    // A busy server writes the later arrival first; a pass runs between the two writes.
    const later = await arrive(api.handle.db, room, undefined, at(10_000));
    await admitPass(api.handle.db, at(10_500), [room]);
    const earlier = await arrive(api.handle.db, room, undefined, at(9_900));
    for (let t = 11_000; t <= 10_000 + SETTLE_MS + 2000; t += 1000)
      await admitPass(api.handle.db, at(t), [room]);
    const rows = await api.handle.db
      .select()
      .from(s.waitingRoomVisitor)
      .where(eq(s.waitingRoomVisitor.roomKey, room.key));
    const rankOf = (id: string) => rows.find((r) => r.id === id)?.lineRank ?? null;
    expect(rankOf(earlier.row.id)).not.toBeNull();
    expect(rankOf(later.row.id)).toBe((rankOf(earlier.row.id) ?? 0) + 1);
  });
});
