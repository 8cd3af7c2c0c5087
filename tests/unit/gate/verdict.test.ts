import { describe, expect, it } from "vitest";
import {
  type MemberCardFacts,
  type TicketFacts,
  verdictOf,
  verdictWords,
} from "../../../src/lib/domain/gate/verdict.ts";

const NY = "America/New_York";
const now = new Date("2026-11-29T15:00:00Z"); // 10:00 in New York
const ticket = (over: Partial<TicketFacts> = {}): TicketFacts => ({
  kind: "ticket",
  ticketId: "t1",
  state: "booked",
  refunded: false,
  sessionId: "s-today",
  eventId: "e1",
  sessionStart: new Date("2026-11-29T16:00:00Z"),
  validUntil: null,
  ticketTypeName: "Adult",
  holderName: "Ada Lovelace",
  seat: null,
  admittedAt: null,
  admittedGate: null,
  ...over,
});
const card = (over: Partial<MemberCardFacts> = {}): MemberCardFacts => ({
  kind: "member_card",
  membershipId: "m1",
  memberName: "Ada Lovelace",
  levelName: "Family",
  validFrom: new Date("2026-01-01T05:00:00Z"),
  validUntil: new Date("2027-01-01T05:00:00Z"),
  ...over,
});
const today = { scope: { kind: "today" as const }, now, timeZone: NY };

describe("the gate's verdict", () => {
  it("admitted: the ticket type, the holder's name, the seat", () => {
    const v = verdictOf(ticket({ seat: "Row B, seat 4" }), today);
    expect(v).toMatchObject({ light: "green", kind: "admitted", overridden: false });
    expect(verdictWords(v, NY).detail).toBe("Adult · Ada Lovelace · Row B, seat 4");
  });

  it("already admitted: when, and at which gate", () => {
    const v = verdictOf(
      ticket({ state: "redeemed", admittedAt: new Date("2026-11-29T14:42:00Z"), admittedGate: "North gate" }),
      today,
    );
    expect(v).toMatchObject({ light: "red", kind: "already_admitted" });
    expect(verdictWords(v, NY)).toEqual({
      headline: "Already admitted",
      detail: "At 9:42 AM on Sun, Nov 29, North gate. Adult · Ada Lovelace",
    });
  });

  it("not for today: the right date and time are shown, and staff may admit anyway", () => {
    const tomorrow = ticket({ sessionStart: new Date("2026-11-30T16:00:00Z") });
    const v = verdictOf(tomorrow, today);
    expect(v).toMatchObject({ light: "amber", kind: "wrong_day" });
    expect(verdictWords(v, NY).detail).toBe(
      "This ticket is for Mon, Nov 30 at 11:00 AM. Adult · Ada Lovelace",
    );
    expect(verdictOf(tomorrow, { ...today, override: true })).toMatchObject({
      light: "green",
      kind: "admitted",
      overridden: true,
    });
  });

  it("the venue's day, not UTC's: 23:30 in New York is still today", () => {
    const late = ticket({ sessionStart: new Date("2026-11-30T04:30:00Z") });
    expect(verdictOf(late, today).kind).toBe("admitted");
  });

  it("not for this session, or not for this event, when the gate checks one", () => {
    const session = { ...today, scope: { kind: "session" as const, sessionId: "s-other" } };
    expect(verdictOf(ticket(), session)).toMatchObject({ light: "amber", kind: "wrong_session" });
    const event = { ...today, scope: { kind: "event" as const, eventId: "e2" } };
    expect(verdictOf(ticket(), event).kind).toBe("wrong_session");
    expect(verdictOf(ticket(), { ...today, scope: { kind: "event", eventId: "e1" } }).kind).toBe("admitted");
  });

  it("a pass (no session) is good any day of its validity, and shows it when it is not", () => {
    const pass = ticket({
      sessionId: null,
      sessionStart: new Date("2026-11-01T04:00:00Z"),
      validUntil: new Date("2026-12-31T05:00:00Z"),
    });
    expect(verdictOf(pass, { ...today, scope: { kind: "session", sessionId: "s-any" } }).kind).toBe(
      "admitted",
    );
    const over = verdictOf({ ...pass, validUntil: new Date("2026-11-28T05:00:00Z") }, today);
    expect(over.kind).toBe("wrong_day");
    expect(verdictWords(over, NY).detail).toBe(
      "This pass is valid from Sun, Nov 1 until Sat, Nov 28. Adult · Ada Lovelace",
    );
  });

  it("cancelled, refunded, or not found: red", () => {
    expect(verdictOf(ticket({ state: "cancelled" }), today)).toMatchObject({
      light: "red",
      kind: "cancelled",
    });
    expect(verdictOf(ticket({ state: "cancelled", refunded: true }), today).kind).toBe("refunded");
    expect(verdictOf(ticket({ state: "unbooked" }), today).kind).toBe("cancelled");
    expect(verdictOf(null, today)).toEqual({ light: "red", kind: "not_found" });
    // An override never admits a cancelled ticket.
    expect(verdictOf(ticket({ state: "cancelled" }), { ...today, override: true }).kind).toBe("cancelled");
  });

  it("a member card: valid, expired, or not yet valid, with the member's name and level", () => {
    const valid = verdictOf(card(), today);
    expect(valid).toMatchObject({ light: "green", kind: "member_valid" });
    expect(verdictWords(valid, NY).detail).toBe("Ada Lovelace · Family, until Jan 1, 2027");
    expect(verdictOf(card({ validUntil: now }), today).kind).toBe("member_expired");
    expect(verdictOf(card({ validFrom: new Date("2026-12-01T05:00:00Z") }), today).kind).toBe(
      "member_not_yet_valid",
    );
  });
});
