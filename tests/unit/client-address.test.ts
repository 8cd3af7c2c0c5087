import { describe, expect, it } from "vitest";
import { resolveClientAddress, trustedProxyHops } from "../../src/lib/server/http/client-address.ts";

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
    const { perAddress } = await import("../../src/lib/server/security/rate-limit.ts");
    const rule = { limit: 10, windowSeconds: 60 };
    expect(perAddress(rule, { RATE_LIMIT_ADDRESS_FACTOR: "50" })).toEqual({ limit: 500, windowSeconds: 60 });
    expect(perAddress(rule, {})).toEqual(rule);
    expect(perAddress(rule, { RATE_LIMIT_ADDRESS_FACTOR: "0" })).toEqual(rule);
    expect(perAddress(rule, { RATE_LIMIT_ADDRESS_FACTOR: "2.5" })).toEqual(rule);
  });
});
