/**
 * Spec 1 §6: "Renewal allowed only within a configured number of days before term end. Membership
 * reserve beyond term: config always, if_autorenew or never", the renewal messages 'expires in' and
 * 'expired', and spec 2 "valid until" as the last full day of the term.
 */
import { describe, expect, it } from "vitest";
import {
  extendsTerm,
  lastFullDay,
  mayReserveBeyondTerm,
  renewalConfigOf,
  renewalNotice,
  renewalOpen,
  renewalOpensAt,
} from "../../../src/lib/domain/membership/renewal.ts";

const NY = "America/New_York";
// A term ending at New York's midnight that starts 22 Nov 2027 (EST).
const END = new Date("2027-11-22T05:00:00Z");

describe("renewal is allowed only within the configured number of days before term end", () => {
  it("60 days before the end, by the tenant's calendar (across the DST change of 7 Nov 2027)", () => {
    expect(renewalOpensAt(END, 60, NY).toISOString()).toBe("2027-09-23T04:00:00.000Z");
    expect(renewalOpen(END, new Date("2027-09-23T03:59:59Z"), 60, NY)).toBe(false);
    expect(renewalOpen(END, new Date("2027-09-23T04:00:00Z"), 60, NY)).toBe(true);
    expect(renewalOpen(END, new Date("2028-01-01T00:00:00Z"), 60, NY)).toBe(true);
  });
  it("an ended term is extended (keeps its member IDs) within the grace days", () => {
    expect(extendsTerm(END, new Date("2027-12-10T00:00:00Z"), 30, NY)).toBe(true);
    expect(extendsTerm(END, new Date("2028-01-10T00:00:00Z"), 30, NY)).toBe(false);
  });
  it("config defaults: window 60, grace 30, reserve beyond term 'always'; unknown values fall back", () => {
    expect(renewalConfigOf(undefined)).toEqual({ windowDays: 60, graceDays: 30, beyondTerm: "always" });
    expect(renewalConfigOf({ renewal_window_days: 14, reserve_beyond_term: "never" })).toMatchObject({
      windowDays: 14,
      beyondTerm: "never",
    });
    expect(renewalConfigOf({ renewal_window_days: -3, reserve_beyond_term: "sometimes" })).toMatchObject({
      windowDays: 60,
      beyondTerm: "always",
    });
  });
});

describe("membership reserve beyond term: always, if_autorenew or never", () => {
  it("always allows, never refuses, if_autorenew only while auto-renew is scheduled", () => {
    expect(mayReserveBeyondTerm("always", null)).toBe(true);
    expect(mayReserveBeyondTerm("never", "scheduled")).toBe(false);
    expect(mayReserveBeyondTerm("if_autorenew", "scheduled")).toBe(true);
    expect(mayReserveBeyondTerm("if_autorenew", "cancelled")).toBe(false);
    expect(mayReserveBeyondTerm("if_autorenew", null)).toBe(false);
  });
});

describe("valid until shows the last full day of the term", () => {
  it("a term ending at midnight 22 Nov shows 21 Nov", () => {
    expect(lastFullDay(END, NY)).toBe("2027-11-21");
    expect(lastFullDay(new Date("2027-11-22T00:00:00Z"), "Europe/London")).toBe("2027-11-21");
  });
});

describe("renewal messages: 'expired' (ticket date) and 'expires in' (expiry date and ticket date)", () => {
  const now = new Date("2027-11-01T12:00:00Z");
  const ticket = new Date("2027-12-05T15:00:00Z");
  it("expired when the membership has ended", () => {
    expect(renewalNotice(new Date("2027-10-01T04:00:00Z"), ticket, now)?.kind).toBe("expired");
  });
  it("expires when it ends before the event's date", () => {
    expect(renewalNotice(END, ticket, now)).toEqual({ kind: "expires", validTo: END, ticketDate: ticket });
  });
  it("none when it covers the date, or without a membership or a date", () => {
    expect(renewalNotice(new Date("2028-01-01T05:00:00Z"), ticket, now)).toBeNull();
    expect(renewalNotice(null, ticket, now)).toBeNull();
    expect(renewalNotice(END, null, now)).toBeNull();
  });
});
