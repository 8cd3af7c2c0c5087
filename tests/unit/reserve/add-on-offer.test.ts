import { describe, expect, it } from "vitest";
import {
  type AddOnRule,
  addOnRuleOf,
  addOnTicketsLeft,
  anchorsByEvent,
  type CartAnchor,
  cartAnchorFor,
  conflictSessionsFor,
  offeredDays,
  offeredSessions,
  visitDates,
} from "../../../src/lib/domain/add-on-offer.ts";

const TZ = "America/New_York";
// The admission: 16:00-16:30 New York on 2026-11-17 (UTC-5).
const admission = { start: new Date("2026-11-17T21:00:00Z"), end: new Date("2026-11-17T21:30:00Z") };
const sameDate: AddOnRule = { anchorEventIds: ["ga"], visitTime: "same_date", mustMatchAnchor: true };
const anchor: CartAnchor = { eventId: "ga", sessionId: "ga-s1", session: admission, tickets: 2 };
const day = (date: string, status = "available") => ({ date, status });
const session = (id: string, iso: string) => ({ id, start: new Date(iso) });

describe("add-on rule (spec §3 meta requires_anchor, tickets_must_match_anchor_tickets; config web.ecommerce)", () => {
  it("an event with neither flag is no add-on; visit_time defaults to same_date as the server's", () => {
    expect(addOnRuleOf({}, { visit_time: "timeslot" })).toBeUndefined();
    expect(addOnRuleOf({ requires_anchor: true }, undefined)).toEqual({
      anchorEventIds: null,
      visitTime: "same_date",
      mustMatchAnchor: false,
    });
    expect(
      addOnRuleOf(
        { tickets_must_match_anchor_tickets: true },
        { anchor_event_ids: ["ga", 3], visit_time: "until_close" },
      ),
    ).toEqual({ anchorEventIds: ["ga"], visitTime: "until_close", mustMatchAnchor: true });
    expect(addOnRuleOf({ requires_anchor: true }, { visit_time: "tomorrow" })?.visitTime).toBe("same_date");
  });

  it("the anchor is the first held ticket of an anchor event the add-on accepts, with its ticket count", () => {
    const tickets = [
      { event_template_id: "concert", event_session_id: "c1" },
      { event_template_id: "zoo", event_session_id: "z1" },
      { event_template_id: "ga", event_session_id: "ga-s1" },
      { event_template_id: "ga", event_session_id: "ga-s1" },
    ];
    const isAnchor = (id: string) => id === "ga" || id === "zoo";
    const times = (id: string) => (id === "ga-s1" ? admission : undefined);
    expect(cartAnchorFor(sameDate, tickets, isAnchor, times)).toEqual(anchor);
    // Without anchor_event_ids any anchor event will do.
    expect(cartAnchorFor({ ...sameDate, anchorEventIds: null }, tickets, isAnchor, times)?.eventId).toBe(
      "zoo",
    );
    expect(cartAnchorFor(sameDate, tickets.slice(0, 2), isAnchor, times)).toBeNull();
  });
});

describe("add-on dates and sessions (spec §9 'visit_time values timeslot, same_start (1 minute window), same_date, until_close')", () => {
  it("the special exhibition offered every date; only the days of the visit window are offered", () => {
    const days = [day("2026-11-17"), day("2026-11-18"), day("2026-11-19", "sold_out")];
    expect(offeredDays(days, sameDate, anchor, TZ)).toEqual([
      day("2026-11-17"),
      day("2026-11-18", "unreleased"),
      day("2026-11-19", "unreleased"),
    ]);
  });

  it("the window's dates are venue-local: a late admission at 23:30 New York is still its own day", () => {
    const late = { start: new Date("2026-11-18T04:30:00Z"), end: new Date("2026-11-18T05:00:00Z") };
    expect([...visitDates("same_date", late, TZ)]).toEqual(["2026-11-17"]);
    expect([...visitDates("timeslot", late, TZ)]).toEqual(["2026-11-17"]);
    // A timeslot that runs past midnight touches both days.
    const overnight = { start: new Date("2026-11-18T04:30:00Z"), end: new Date("2026-11-18T06:00:00Z") };
    expect([...visitDates("timeslot", overnight, TZ)]).toEqual(["2026-11-17", "2026-11-18"]);
  });

  it("on the daylight-saving change day (2026-11-01, 25 hours) same_date keeps the whole local day", () => {
    const dst = { start: new Date("2026-11-01T15:00:00Z"), end: new Date("2026-11-01T15:30:00Z") }; // 10:00 EST
    const evening = session("e", "2026-11-02T04:30:00Z"); // 23:30 EST, still Nov 1
    const nextDay = session("n", "2026-11-02T05:30:00Z"); // 00:30 on Nov 2
    const dstAnchor = { ...anchor, session: dst };
    expect(offeredSessions([evening, nextDay], sameDate, dstAnchor, TZ)).toEqual([evening]);
    expect([...visitDates("same_date", dst, TZ)]).toEqual(["2026-11-01"]);
  });

  it("only the sessions whose start fits the anchor session under the rule are offered", () => {
    const sessions = [
      session("11", "2026-11-17T16:00:00Z"),
      session("16", "2026-11-17T21:00:00Z"),
      session("next", "2026-11-18T16:00:00Z"),
    ];
    expect(offeredSessions(sessions, sameDate, anchor, TZ).map((s) => s.id)).toEqual(["11", "16"]);
    const untilClose = { ...sameDate, visitTime: "until_close" as const };
    expect(offeredSessions(sessions, untilClose, anchor, TZ).map((s) => s.id)).toEqual(["16"]);
    const timeslot = { ...sameDate, visitTime: "timeslot" as const };
    expect(offeredSessions(sessions, timeslot, anchor, TZ).map((s) => s.id)).toEqual(["16"]);
  });

  it("without an anchor in the cart, or without tickets_must_match_anchor_tickets, everything is offered", () => {
    const days = [day("2026-11-17"), day("2026-11-18")];
    expect(offeredDays(days, sameDate, null, TZ)).toEqual(days);
    expect(offeredDays(days, undefined, anchor, TZ)).toEqual(days);
    expect(offeredDays(days, { ...sameDate, mustMatchAnchor: false }, anchor, TZ)).toEqual(days);
    const sessions = [session("next", "2026-11-18T16:00:00Z")];
    expect(offeredSessions(sessions, sameDate, null, TZ)).toEqual(sessions);
  });
});

describe("conflicts of an add-on (spec §5 'sessions overlapping other cart sessions ... are hidden and listed as conflicting')", () => {
  it("the session at the admission's own time is not an overlap of the admission it belongs with", () => {
    const cart = [
      { id: "ga-s1", eventId: "ga" },
      { id: "concert-s1", eventId: "concert" },
    ];
    const ofEvent = (s: { eventId: string }) => s.eventId;
    expect(conflictSessionsFor(cart, sameDate, anchor, ofEvent).map((s) => s.id)).toEqual(["concert-s1"]);
    // Other events keep every cart session as a possible conflict.
    expect(conflictSessionsFor(cart, undefined, anchor, ofEvent)).toEqual(cart);
    expect(conflictSessionsFor(cart, sameDate, null, ofEvent)).toEqual(cart);
  });

  it("tickets_must_match_anchor_tickets: the anchor's ticket count less the add-on's held ones", () => {
    expect(addOnTicketsLeft(sameDate, anchor, 0)).toBe(2);
    expect(addOnTicketsLeft(sameDate, anchor, 2)).toBe(0);
    expect(addOnTicketsLeft(sameDate, anchor, 3)).toBe(0);
    expect(addOnTicketsLeft({ ...sameDate, mustMatchAnchor: false }, anchor, 0)).toBeUndefined();
    expect(addOnTicketsLeft(sameDate, null, 0)).toBeUndefined();
  });
});

describe("upsell anchors (spec §9 'Upsells: anchor events or categories')", () => {
  it("an event's anchors are its anchor_event_ids and the events whose upsell_event_ids name it", () => {
    const anchors = anchorsByEvent([
      { id: "ga", ecommerce: { upsell_event_ids: ["exhibition", "tour"] } },
      { id: "exhibition", ecommerce: { anchor_event_ids: ["ga"] } },
      { id: "tour", ecommerce: undefined },
      { id: "concert", ecommerce: "junk" },
    ]);
    expect(anchors.get("exhibition")).toEqual(["ga"]);
    expect(anchors.get("tour")).toEqual(["ga"]);
    expect(anchors.get("concert")).toEqual([]);
    expect(anchors.get("ga")).toEqual([]);
  });
});
