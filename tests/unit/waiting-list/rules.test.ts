import { describe, expect, it } from "vitest";
import {
  isListOpen,
  listIsOn,
  nextOffers,
  offerExpiresAt,
  ordinal,
  positionOf,
} from "../../../src/lib/domain/waiting-list/rules.ts";

const NY = "America/New_York";
const entry = (id: string, quantity: number, minute: number) => ({
  id,
  quantity,
  joinedAt: new Date(Date.UTC(2026, 10, 29, 15, minute)),
});

describe("the waiting list's rules", () => {
  it("'places that come back go to the list first, in the order people joined'", () => {
    const waiting = [entry("c", 1, 3), entry("a", 2, 1), entry("b", 1, 2)];
    expect(nextOffers(waiting, 3).offered.map((e) => e.id)).toEqual(["a", "b"]);
    expect(nextOffers(waiting, 4)).toMatchObject({ leftOver: 0 });
    expect(nextOffers(waiting, 4).offered.map((e) => e.id)).toEqual(["a", "b", "c"]);
  });

  it("a party too large for what came back keeps its place; the next that fits is offered", () => {
    const waiting = [entry("four", 4, 1), entry("one", 1, 2), entry("two", 2, 3)];
    const { offered, leftOver } = nextOffers(waiting, 2);
    expect(offered.map((e) => e.id)).toEqual(["one"]);
    expect(leftOver).toBe(1);
    expect(positionOf(waiting, "four")).toBe(1);
  });

  it("places go to the public only when nobody waiting fits them", () => {
    expect(nextOffers([], 3)).toEqual({ offered: [], leftOver: 3 });
    expect(nextOffers([entry("big", 5, 1)], 3)).toEqual({ offered: [], leftOver: 3 });
    expect(nextOffers([entry("x", 1, 1)], 0)).toEqual({ offered: [], leftOver: 0 });
  });

  it("'an offer holds the places for a time the tenant sets (24 hours by default)'", () => {
    const now = new Date("2026-11-29T15:00:00Z");
    const start = new Date("2026-12-05T15:00:00Z");
    expect(offerExpiresAt(now, start, NY).toISOString()).toBe("2026-11-30T15:00:00.000Z");
    expect(offerExpiresAt(now, start, NY, { offerHours: 6, sameDayOfferMinutes: 120 }).toISOString()).toBe(
      "2026-11-29T21:00:00.000Z",
    );
  });

  it("'shorter on the day of the session', and never past its start", () => {
    const now = new Date("2026-11-29T15:00:00Z"); // 10:00 in New York
    expect(offerExpiresAt(now, new Date("2026-11-29T22:00:00Z"), NY).toISOString()).toBe(
      "2026-11-29T17:00:00.000Z",
    );
    expect(offerExpiresAt(now, new Date("2026-11-29T16:00:00Z"), NY).toISOString()).toBe(
      "2026-11-29T16:00:00.000Z",
    );
    // The next day by the venue's calendar, though within 24 hours: the tenant's full time, up to the start.
    expect(offerExpiresAt(now, new Date("2026-11-30T14:00:00Z"), NY).toISOString()).toBe(
      "2026-11-30T14:00:00.000Z",
    );
  });

  it("'the list closes when the session starts'", () => {
    const start = new Date("2026-11-29T16:00:00Z");
    expect(isListOpen(new Date("2026-11-29T15:59:59Z"), start)).toBe(true);
    expect(isListOpen(start, start)).toBe(false);
  });

  it("'You are 4th': a place in words", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
    const waiting = [entry("a", 1, 1), entry("b", 1, 2), entry("c", 1, 3), entry("d", 2, 4)];
    expect(positionOf(waiting, "d")).toBe(4);
    expect(positionOf(waiting, "nobody")).toBeNull();
  });
  it("'a tenant setting turns the list on or off per event': listed events, or every event with *", () => {
    expect(listIsOn(["hm-general-admission"], "hm-general-admission")).toBe(true);
    expect(listIsOn(["hm-general-admission"], "hm-evening-concert")).toBe(false);
    expect(listIsOn(["*"], "hm-evening-concert")).toBe(true);
    expect(listIsOn([], "hm-general-admission")).toBe(false);
  });
});
