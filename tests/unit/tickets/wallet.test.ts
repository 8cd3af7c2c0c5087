/** Wallet passes: the pure rules (domain/tickets/wallet.ts). */
import { describe, expect, it } from "vitest";
import {
  canHavePass,
  DEFAULT_PASS_COLOURS,
  googleEventTicket,
  hexToRgb,
  isoWithOffset,
  passColours,
  passFields,
  relevantDate,
  type WalletTicket,
  walletIdPart,
} from "../../../src/lib/domain/tickets/wallet.ts";

const start = new Date("2026-11-25T15:00:00Z"); // 10:00 AM in New York (EST)
const ticket: WalletTicket = {
  ticketId: "t-1",
  orderId: "o-1",
  orderNumber: "100200300",
  scanCode: "SCAN123",
  state: "booked",
  sellerSlug: "harbour-museum",
  sellerName: "Harbour Museum",
  locale: "en-US",
  eventTemplateId: "hm-general-admission",
  eventName: "General Admission",
  eventSessionId: "s-1",
  start,
  end: new Date("2026-11-25T16:00:00Z"),
  validFrom: null,
  validTo: null,
  timeZone: "America/New_York",
  venueName: "Harbour Museum",
  venueAddress: "1 Lighthouse Quay",
  venueLocation: null,
  ticketTypeName: "Adult",
  admitName: "Ada Lovelace",
  seat: null,
};

describe("canHavePass (spec 2 §2 'wallet passes for tickets'; §4 'Cancelled or unbooked count as cancelled')", () => {
  const base = { state: "booked", orderState: "completed", handler: "tickets", hasSession: true };
  it("an active ticket of a session in a completed order can have a pass; so can a redeemed one", () => {
    expect(canHavePass(base)).toBe(true);
    expect(canHavePass({ ...base, state: "redeemed" })).toBe(true);
    expect(canHavePass({ ...base, handler: "seated" })).toBe(true);
  });
  it("cancelled, unbooked and held tickets, and a pending order's tickets, get none", () => {
    for (const state of ["cancelled", "unbooked", "held", "in_cart"])
      expect(canHavePass({ ...base, state })).toBe(false);
    expect(canHavePass({ ...base, orderState: "pending" })).toBe(false);
  });
  it("donations, gift cards (ledger) and memberships get none, with or without a session", () => {
    for (const handler of ["donation", "ledger", "membership"]) {
      expect(canHavePass({ ...base, handler })).toBe(false);
      expect(canHavePass({ ...base, handler, hasSession: false })).toBe(false);
    }
  });
  it("a ticket without a session needs a pass-like group (any-day passes, code tickets)", () => {
    expect(canHavePass({ ...base, hasSession: false, handler: "passes" })).toBe(true);
    expect(canHavePass({ ...base, hasSession: false, handler: "codes" })).toBe(true);
    expect(canHavePass({ ...base, hasSession: false, handler: "tickets" })).toBe(false);
  });
});

describe("pass colours: the tenant theme (color-primary on color-primary-contrast)", () => {
  it("reads 3- and 6-digit hex colours", () => {
    expect(hexToRgb("#0b4f6c")).toEqual([11, 79, 108]);
    expect(hexToRgb("#fff")).toEqual([255, 255, 255]);
    expect(hexToRgb("red")).toBeNull();
    expect(hexToRgb("#12345")).toBeNull();
  });
  it("uses the theme, and falls back when a colour is not readable", () => {
    expect(passColours({ "color-primary": "#0b4f6c", "color-primary-contrast": "#ffffff" })).toEqual({
      background: "#0b4f6c",
      foreground: "#ffffff",
      label: "#ffffff",
    });
    expect(passColours({ "color-primary": "var(--x)", "color-primary-contrast": "#fff" })).toEqual(
      DEFAULT_PASS_COLOURS,
    );
    expect(passColours(undefined)).toEqual(DEFAULT_PASS_COLOURS);
  });
});

describe("passFields ('the event, session and seat', 'date and time in the venue's time zone')", () => {
  it("event, date and time in the venue's zone, ticket type, admit name, order number, venue", () => {
    const f = passFields(ticket);
    expect(f.primary).toEqual([{ key: "event", label: "Event", value: "General Admission" }]);
    expect(f.secondary.map((x) => x.value)).toEqual(["Wed, Nov 25, 2026", "10:00 AM"]);
    expect(f.auxiliary.map((x) => [x.key, x.value])).toEqual([
      ["ticket_type", "Adult"],
      ["admit", "Ada Lovelace"],
    ]);
    expect(f.header[0]?.value).toBe("100200300");
    expect(f.back.find((x) => x.key === "venue")?.value).toBe("Harbour Museum, 1 Lighthouse Quay");
  });
  it("the date follows the venue's zone, not UTC: 02:30 UTC is the evening before in New York", () => {
    const late = passFields({ ...ticket, start: new Date("2026-11-26T02:30:00Z") });
    expect(late.secondary.map((x) => x.value)).toEqual(["Wed, Nov 25, 2026", "9:30 PM"]);
  });
  it("a seated ticket shows 'Section Stalls, Row B, Seat 12'", () => {
    const f = passFields({ ...ticket, seat: { name: "B12", section: "Stalls" } });
    expect(f.auxiliary.find((x) => x.key === "seat")?.value).toBe("Section Stalls, Row B, Seat 12");
  });
  it("an any-day pass shows its validity instead of a date and time; no admit name, no field", () => {
    const f = passFields({
      ...ticket,
      start: null,
      end: null,
      eventSessionId: null,
      admitName: null,
      validFrom: new Date("2026-11-22T17:00:00Z"),
      validTo: new Date("2027-11-22T17:00:00Z"),
    });
    expect(f.secondary).toEqual([
      { key: "valid", label: "Valid", value: "Sun, Nov 22, 2026 – Mon, Nov 22, 2027" },
    ]);
    expect(f.auxiliary.map((x) => x.key)).toEqual(["ticket_type"]);
  });
  it("relevantDate is the session start, else the pass's first day", () => {
    expect(relevantDate(ticket)).toEqual(start);
    expect(relevantDate({ start: null, validFrom: new Date(0) })).toEqual(new Date(0));
    expect(relevantDate({ start: null, validFrom: null })).toBeNull();
  });
});

describe("Google event ticket ('an event-ticket object in a JWT')", () => {
  it("isoWithOffset writes the venue's offset, across daylight saving time", () => {
    expect(isoWithOffset(start, "America/New_York")).toBe("2026-11-25T10:00:00-05:00");
    expect(isoWithOffset(new Date("2026-07-04T18:30:00Z"), "America/New_York")).toBe(
      "2026-07-04T14:30:00-04:00",
    );
    expect(isoWithOffset(new Date("2026-07-04T18:30:00Z"), "Asia/Kolkata")).toBe("2026-07-05T00:00:00+05:30");
    expect(new Date(isoWithOffset(start, "Europe/London")).getTime()).toBe(start.getTime());
  });
  it("ids use only letters, digits, '.', '_' and '-'", () => {
    expect(walletIdPart("a b/c:d@e")).toBe("a_b_c_d_e");
  });
  it("the object carries the scan code as a QR barcode, holder, type and seat; the class the event, venue and time", () => {
    const { eventTicketClass: c, eventTicketObject: o } = googleEventTicket(
      { ...ticket, seat: { name: "B12", section: "Stalls" } },
      { issuerId: "338" },
      { background: "#0b4f6c", foreground: "#fff", label: "#fff" },
    );
    expect(o.id).toBe("338.t-1");
    expect(o.classId).toBe(c.id);
    expect(c.id).toBe("338.harbour-museum-s-1");
    expect(o.barcode).toEqual({ type: "QR_CODE", value: "SCAN123", alternateText: "SCAN123" });
    expect(o.ticketHolderName).toBe("Ada Lovelace");
    expect(o.seatInfo).toEqual({
      seat: { defaultValue: { language: "en-US", value: "12" } },
      row: { defaultValue: { language: "en-US", value: "B" } },
      section: { defaultValue: { language: "en-US", value: "Stalls" } },
    });
    expect(c.eventName.defaultValue.value).toBe("General Admission");
    expect(c.dateTime).toEqual({ start: "2026-11-25T10:00:00-05:00", end: "2026-11-25T11:00:00-05:00" });
    expect(c.venue.address.defaultValue.value).toBe("1 Lighthouse Quay");
    expect(c.hexBackgroundColor).toBe("#0b4f6c");
  });
  it("an unseated ticket without a holder has no seatInfo and no ticketHolderName", () => {
    const { eventTicketObject: o } = googleEventTicket(
      { ...ticket, admitName: " " },
      { issuerId: "1" },
      DEFAULT_PASS_COLOURS,
    );
    expect("seatInfo" in o).toBe(false);
    expect("ticketHolderName" in o).toBe(false);
  });
});

describe("a pass speaks the order's language (services/tickets/pass-data.ts passLabels)", () => {
  it("Welsh labels for a Welsh order; the English labels are the default", async () => {
    const { passLabels, passWelcome } = await import("../../../src/lib/server/services/tickets/pass-data.ts");
    const { mailTenant } = await import("../../../src/lib/server/mail/mail-language.ts");
    const tenant = mailTenant("riverside-zoo", "cy");
    const welsh = passFields(ticket, passLabels({ tenant }));
    expect(welsh.header[0]?.label).toBe("Archeb");
    expect(welsh.back.map((f) => f.label)).toContain("Gwerthwyd gan");
    expect(passWelcome({ tenant, venue: { name: "Riverside Zoo" } as never })).toBe("Croeso i Riverside Zoo");
    const english = passFields(ticket);
    expect(english.header[0]?.label).toBe("Order");
    expect(passFields(ticket, passLabels({ tenant: mailTenant("riverside-zoo", "en") }))).toEqual(english);
  });

  it("Google's language tag leaves out the locale's Unicode extension", () => {
    const { eventTicketClass } = googleEventTicket(
      { ...ticket, locale: "ar-KW-u-nu-latn" },
      { issuerId: "1" },
      DEFAULT_PASS_COLOURS,
    );
    expect(eventTicketClass.eventName.defaultValue.language).toBe("ar-KW");
  });
});
