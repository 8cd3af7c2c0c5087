import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../../src/lib/tenant/schema.ts";

const harbour = JSON.parse(readFileSync("src/content/tenants/harbour-museum.json", "utf8")) as Record<
  string,
  unknown
> & { portal: Record<string, unknown> };

const messagesOf = (tenant: unknown) =>
  (tenantSchema.safeParse(tenant).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("a tenant file's time zone and currency are ones the shop can compute with", () => {
  it("the demo tenant file passes", () => {
    expect(messagesOf(harbour)).toEqual([]);
  });

  it("a time zone is an IANA name: Asia/Kuwait passes, a made-up one is refused with an example", () => {
    expect(messagesOf({ ...harbour, timezone: "Asia/Kuwait" })).toEqual([]);
    expect(messagesOf({ ...harbour, timezone: "Kuwait City" })).toEqual([
      "timezone: A time zone is an IANA name, e.g. America/New_York, Europe/London or Asia/Kuwait.",
    ]);
  });

  it("a currency is an ISO 4217 code in capitals: KWD passes, 'usd' and 'XY1' are refused", () => {
    const withCurrency = (code: string) => ({
      ...harbour,
      portal: { ...harbour.portal, default_currency_code: code },
    });
    expect(messagesOf(withCurrency("KWD"))).toEqual([]);
    expect(messagesOf(withCurrency("usd"))).toEqual([
      "portal.default_currency_code: A currency is an ISO 4217 code in capitals, e.g. USD, GBP or KWD.",
    ]);
    expect(messagesOf(withCurrency("XY1"))).toHaveLength(1);
  });
});
