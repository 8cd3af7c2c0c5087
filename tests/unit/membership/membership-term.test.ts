import { describe, expect, it } from "vitest";
import { membershipTerm, parseTermDuration } from "../../../src/lib/domain/membership/term.ts";

const NY = "America/New_York";
const LONDON = "Europe/London";

describe("membership term: the term comes from the group (duration_new, start_policy), at the tenant's midnight", () => {
  it("P1Y bought mid-afternoon ends at the tenant's midnight a year later", () => {
    const term = membershipTerm({
      now: new Date("2026-11-17T15:30:00-05:00"),
      durationNew: "P1Y",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: NY,
    });
    expect(term.validFrom.toISOString()).toBe("2026-11-17T20:30:00.000Z");
    expect(term.validTo.toISOString()).toBe("2027-11-17T05:00:00.000Z");
  });

  it("across daylight saving: bought in winter (EST), ends at EDT midnight", () => {
    const term = membershipTerm({
      now: new Date("2026-01-10T12:00:00-05:00"),
      durationNew: "P6M",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: NY,
    });
    expect(term.validTo.toISOString()).toBe("2026-07-10T04:00:00.000Z");
  });

  it("a purchase late in the evening uses the tenant's local date, not UTC's", () => {
    // 23:30 in New York is already the next day in UTC.
    const term = membershipTerm({
      now: new Date("2026-03-07T23:30:00-05:00"),
      durationNew: "P1D",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: NY,
    });
    // 8 March 2026 is the spring-forward day; its midnight is still EST.
    expect(term.validTo.toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });

  it("London: bought in BST, ends at GMT midnight", () => {
    const term = membershipTerm({
      now: new Date("2026-08-01T10:00:00+01:00"),
      durationNew: "P3M",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: LONDON,
    });
    expect(term.validTo.toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("a renewal with 'extend' starts at the current valid_to", () => {
    const current = new Date("2027-01-01T05:00:00.000Z");
    const term = membershipTerm({
      now: new Date("2026-12-01T12:00:00-05:00"),
      durationNew: "P1Y",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: NY,
      extendFrom: current,
    });
    expect(term.validFrom).toEqual(current);
    expect(term.validTo.toISOString()).toBe("2028-01-01T05:00:00.000Z");
  });

  it("an expired membership is not extended: the new term starts now", () => {
    const now = new Date("2026-12-01T12:00:00-05:00");
    const term = membershipTerm({
      now,
      durationNew: "P1Y",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: NY,
      extendFrom: new Date("2026-06-01T04:00:00.000Z"),
    });
    expect(term.validFrom).toEqual(now);
  });

  it("start_policy fixedfrom starts at the group's date; fixedto ends there", () => {
    const now = new Date("2026-11-17T15:30:00-05:00");
    const date = new Date("2027-01-01T05:00:00.000Z");
    const from = membershipTerm({
      now,
      durationNew: "P1Y",
      startPolicy: "fixedfrom",
      startPolicyDate: date,
      timeZone: NY,
    });
    expect(from.validFrom).toEqual(date);
    expect(from.validTo.toISOString()).toBe("2028-01-01T05:00:00.000Z");
    const to = membershipTerm({
      now,
      durationNew: "P1Y",
      startPolicy: "fixedto",
      startPolicyDate: date,
      timeZone: NY,
    });
    expect(to.validFrom).toEqual(now);
    expect(to.validTo).toEqual(date);
  });

  it("parses date durations and refuses others", () => {
    expect(parseTermDuration("P1Y2M3D")).toEqual({ years: 1, months: 2, days: 3 });
    expect(parseTermDuration("P2W")).toEqual({ years: 0, months: 0, days: 14 });
    expect(parseTermDuration("PT1H")).toBeNull();
    expect(parseTermDuration("P")).toBeNull();
  });
});
