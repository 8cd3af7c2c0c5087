/**
 * The on-sale waiting room's rules: which room guards an event, the order of the line ("everyone
 * who arrives before the on-sale gets a random place ... those who arrive later queue in the order
 * they arrived"), how many to let in at the set rate or as the shop has room, and an honest estimate.
 */
import { describe, expect, it } from "vitest";
import {
  admissionsDue,
  compareInLine,
  type RoomSettings,
  roomFor,
  waitEstimateSeconds,
} from "../../../src/lib/domain/waiting-room/rules.ts";

const onSaleAt = new Date("2026-12-01T15:00:00Z");
const room: RoomSettings = { onSaleAt, ratePerMinute: 60, maxInShop: null, stayMinutes: 15 };
const at = (s: number) => new Date(onSaleAt.getTime() + s * 1000);

describe("the waiting room's rules", () => {
  it("a room naming the event wins over one for every event", () => {
    const rooms = [
      { events: ["*"], id: "all" },
      { events: ["gala"], id: "gala" },
    ];
    expect(roomFor(rooms, "gala")?.id).toBe("gala");
    expect(roomFor(rooms, "zoo")?.id).toBe("all");
    expect(roomFor([{ events: ["gala"] }], "zoo")).toBeUndefined();
  });

  it("those before the on-sale by their random key, then the later ones by arrival", () => {
    const v = (id: string, s: number, key: string) => ({ id, arrivedAt: at(s), randomKey: key });
    const line = [v("late2", 20, "00"), v("early1", -50, "ff"), v("late1", 10, "aa"), v("early2", -10, "11")];
    expect(line.sort((a, b) => compareInLine(onSaleAt, a, b)).map((x) => x.id)).toEqual([
      "early2",
      "early1",
      "late1",
      "late2",
    ]);
  });

  it("the rate's share of the time since the last count, never before the on-sale, never while paused", () => {
    const state = { paused: false, credit: 0, countedAt: at(0), inShop: 0 };
    expect(admissionsDue(room, state, at(3), 100)).toEqual({ admit: 3, credit: 0 });
    expect(admissionsDue(room, { ...state, credit: 0.5 }, at(1), 100)).toEqual({ admit: 1, credit: 0.5 });
    expect(admissionsDue(room, { ...state, countedAt: at(-100) }, at(-1), 100).admit).toBe(0);
    expect(admissionsDue(room, { ...state, paused: true }, at(30), 100).admit).toBe(0);
    // Saved up while nobody waited: at most ten seconds' worth at once.
    expect(admissionsDue(room, { ...state, countedAt: at(0) }, at(600), 100).admit).toBe(10);
    // Fewer waiting than the rate allows.
    expect(admissionsDue(room, state, at(5), 2).admit).toBe(2);
  });

  it("with a cap on the shop, as many as it has room for", () => {
    const capped = { ...room, ratePerMinute: null, maxInShop: 50 };
    expect(
      admissionsDue(capped, { paused: false, credit: 0, countedAt: at(0), inShop: 45 }, at(1), 100).admit,
    ).toBe(5);
    expect(
      admissionsDue(capped, { paused: false, credit: 0, countedAt: at(0), inShop: 50 }, at(1), 100).admit,
    ).toBe(0);
  });

  it("an honest estimate: the place over the rate; none while paused", () => {
    expect(waitEstimateSeconds(room, 120, false)).toBe(120);
    expect(waitEstimateSeconds(room, 120, true)).toBeNull();
    expect(waitEstimateSeconds({ ...room, ratePerMinute: null, maxInShop: 100 }, 250, false)).toBe(
      3 * 15 * 60,
    );
  });
});
