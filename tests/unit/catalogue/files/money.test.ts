/**
 * Prices are written in the currency's major units and stored in minor units with the currency's
 * own decimals: JPY has none, USD two, KWD three.
 */
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { toBasisPoints, toMinorUnits } from "../../../../src/lib/catalogue/money.ts";
import { formatProblem } from "../../../../src/lib/catalogue/problems.ts";
import { currencyDigits } from "../../../../src/lib/domain/money.ts";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

describe("catalogue money", () => {
  it("takes the currency's decimals from Intl", () => {
    expect([currencyDigits("JPY"), currencyDigits("USD"), currencyDigits("KWD")]).toEqual([0, 2, 3]);
  });

  it("converts 0-, 2- and 3-decimal prices to minor units", () => {
    expect(toMinorUnits(1500, "JPY")).toBe(1500);
    expect(toMinorUnits(25, "USD")).toBe(2500);
    expect(toMinorUnits(19.99, "USD")).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2, "USD")).toBe(30);
    expect(toMinorUnits(1.25, "KWD")).toBe(1250);
    expect(toMinorUnits(3.125, "KWD")).toBe(3125);
  });

  it("refuses more decimals than the currency has", () => {
    expect(toMinorUnits(12.5, "JPY")).toBeNull();
    expect(toMinorUnits(2.505, "USD")).toBeNull();
    expect(toMinorUnits(1.2345, "KWD")).toBeNull();
  });

  it("converts a percentage to basis points", () => {
    expect(toBasisPoints(2.5)).toBe(250);
    expect(toBasisPoints(34)).toBe(3400);
  });

  it("a KWD catalogue accepts three decimals", () => {
    const dir = contentFolder("KWD", {
      "events.yaml": EVENTS_YAML.replace("price: 25.00", "price: 3.125"),
      "schedules.yaml": SCHEDULES_YAML,
    });
    expect(checkTenant(dir, "test-venue").problems).toEqual([]);
  });

  it("a USD catalogue refuses three decimals, naming the line and field", () => {
    const dir = contentFolder("USD", {
      "events.yaml": EVENTS_YAML.replace("price: 25.00", "price: 3.125"),
      "schedules.yaml": SCHEDULES_YAML,
    });
    expect(checkTenant(dir, "test-venue").problems.map(formatProblem)).toEqual([
      "test-venue/events.yaml line 18, events[0].groups[0].types[0].price: USD has 2 decimals: write at most 2 digits after the point, like 25.00.",
    ]);
  });

  it("a JPY catalogue refuses decimals, in tiers too", () => {
    const dir = contentFolder("JPY", {
      "events.yaml": EVENTS_YAML.replace("price: 25.00", "price: 2500"),
      "schedules.yaml": SCHEDULES_YAML,
    });
    expect(checkTenant(dir, "test-venue").problems.map(formatProblem)).toEqual([
      "test-venue/events.yaml line 19, events[0].groups[0].types[0].tiers.saturday: JPY has no decimals: write a whole amount like 1500.",
    ]);
  });
});
