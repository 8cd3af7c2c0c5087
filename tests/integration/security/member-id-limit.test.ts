/**
 * Regression: member-ID (scan_code) login guessing had a per-address cap but no seller-wide one
 * (400 guesses in 3.8 s from 8 addresses, a hit within the first 42). Refused member-ID logins now
 * count per address and per seller (security/lookup-limits.ts MEMBER_ID_LOOKUPS), as code and
 * gift-card misses do: past the seller's ceiling an address that already missed a few times is
 * refused with the same 429 `rate_limited`, while a fresh address (the member) is served.
 */
import { describe, expect, it } from "vitest";
import { MEMBER_ID_LOOKUPS } from "../../../src/lib/server/security/lookup-limits.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf } from "../../helpers/cart.ts";
import { call, HM, RZ } from "../auth-helpers.ts";

const api = withTestApi();

const memberLogin = (address: string, scanCode: string, zip: string, seller = "harbour-museum") =>
  call(
    api,
    "POST",
    `/api/login?_seller=${seller}`,
    { credential_type: "scan_code", scan_code: scanCode, zip_code: zip },
    { address },
  );

describe("member-ID login guessing is braked seller-wide", () => {
  it("many wrong member IDs from many addresses: the seller is under attack and guessers get 429 rate_limited", async () => {
    expect(MEMBER_ID_LOOKUPS.sellerMisses).toEqual({ limit: 50, windowSeconds: 600 });
    const addresses = Array.from({ length: 17 }, (_, i) => `203.0.113.${i + 1}`);
    // 17 addresses x 3 guesses = 51 misses, past the seller's ceiling of 50 in 10 minutes.
    for (const address of addresses) {
      for (let n = 0; n < 3; n++) {
        const guess = await memberLogin(address, `HM9${address.split(".")[3]}${n}`, "02110");
        expect(guess.status).toBe(401);
        expect(errorOf(guess)._code).toBe("member_not_found");
      }
    }
    // A fourth guess from any of them, even with a real member ID, is braked.
    const braked = await memberLogin("203.0.113.1", HM.members[0].scanCode, "02110");
    expect(braked.status).toBe(429);
    expect(errorOf(braked)).toMatchObject({ _code: "rate_limited", _context: "rate_limit" });
    expect(Number(braked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The member, from an address with no misses, still logs in; another seller is not braked.
    expect((await memberLogin("198.51.100.77", HM.members[0].scanCode, "02110")).status).toBe(200);
    const zoo = await call(
      api,
      "POST",
      "/api/login?_seller=riverside-zoo",
      { credential_type: "scan_code", scan_code: RZ.members[0].scanCode, last_name: RZ.members[0].lastName },
      { address: "203.0.113.1" },
    );
    expect(zoo.status).not.toBe(429);
    // The attack's window runs out: the address is served again.
    api.clock.advance(MEMBER_ID_LOOKUPS.sellerMisses.windowSeconds * 1000);
    expect((await memberLogin("203.0.113.1", HM.members[0].scanCode, "02110")).status).toBe(200);
  });

  it("one address: the 21st wrong member ID in an hour is 429, though each names a new member", async () => {
    const address = "198.51.100.200";
    for (let n = 0; n < MEMBER_ID_LOOKUPS.misses.limit; n++) {
      api.clock.advance(60_000); // past the 30-per-10-minutes rule: only misses are counted here
      expect((await memberLogin(address, `HM8${n}`, "02110")).status).toBe(401);
    }
    api.clock.advance(60_000);
    expect((await memberLogin(address, HM.members[0].scanCode, "02110")).status).toBe(429);
  });
});
