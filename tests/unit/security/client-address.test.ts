import { describe, expect, it } from "vitest";
import { resolveClientAddress, trustedProxyHops } from "../../../src/lib/server/request/client-address.ts";

describe("resolveClientAddress (per-address rate limits behind a CDN, DESIGN §10)", () => {
  it("uses the socket address when no proxy is trusted, ignoring a spoofed X-Forwarded-For", () => {
    expect(resolveClientAddress("10.0.0.5", "1.2.3.4", 0)).toBe("10.0.0.5");
  });
  it("takes the n-th entry from the right of X-Forwarded-For for n trusted hops", () => {
    expect(resolveClientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.5", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
  });
  it("falls back to the socket address (or 'unknown') when the header is short or missing", () => {
    expect(resolveClientAddress("10.0.0.5", "203.0.113.9", 2)).toBe("10.0.0.5");
    expect(resolveClientAddress(undefined, undefined, 1)).toBe("unknown");
  });
  it("reads TRUST_PROXY_HOPS as a small whole number, else 0", () => {
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "2" })).toBe(2);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "x" })).toBe(0);
    expect(trustedProxyHops({})).toBe(0);
  });
});

describe("perAddress (RATE_LIMIT_ADDRESS_FACTOR: every shopper behind one address shares its counts)", () => {
  it("scales only the limit, by a whole factor from 1 to 1000, else leaves the rule alone", async () => {
    const { perAddress } = await import("../../../src/lib/server/security/rate-limit.ts");
    const rule = { limit: 10, windowSeconds: 60 };
    expect(perAddress(rule, { RATE_LIMIT_ADDRESS_FACTOR: "50" })).toEqual({ limit: 500, windowSeconds: 60 });
    expect(perAddress(rule, {})).toEqual(rule);
    expect(perAddress(rule, { RATE_LIMIT_ADDRESS_FACTOR: "0" })).toEqual(rule);
    expect(perAddress(rule, { RATE_LIMIT_ADDRESS_FACTOR: "2.5" })).toEqual(rule);
  });
});

describe("addressBucket (per-address limits count an IPv6 subscriber's whole /64)", () => {
  it("keeps IPv4 as it is and maps ::ffff:a.b.c.d to its IPv4 form", async () => {
    const { addressBucket } = await import("../../../src/lib/server/security/rate-limit.ts");
    expect(addressBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("unknown")).toBe("unknown");
  });
  it("counts every address of one /64 as one, in any spelling, and keeps other /64s apart", async () => {
    const { addressBucket } = await import("../../../src/lib/server/security/rate-limit.ts");
    const a = addressBucket("2001:db8:1:2::1");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(a);
    expect(addressBucket("2001:DB8:1:2:0:0:0:99")).toBe(a);
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(a);
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  });
});
