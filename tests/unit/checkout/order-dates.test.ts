import { describe, expect, it } from "vitest";
import { formatOrderDate } from "../../../src/lib/domain/order-dates.ts";

describe("order dates", () => {
  it("'Dates in orders use the format ddd, MMMM D YYYY'", () => {
    expect(formatOrderDate("2026-11-22T15:00:00Z", "America/New_York")).toBe("Sun, November 22 2026");
  });

  it("uses the venue's time zone (01:00 UTC is the evening before in New York)", () => {
    expect(formatOrderDate("2026-01-01T01:00:00Z", "America/New_York")).toBe("Wed, December 31 2025");
    expect(formatOrderDate("2026-01-01T01:00:00Z", "Europe/London")).toBe("Thu, January 1 2026");
  });

  it("an unreadable date gives an empty string", () => {
    expect(formatOrderDate("not a date", "UTC")).toBe("");
  });
});
