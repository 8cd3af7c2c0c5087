import { describe, expect, it } from "vitest";
import { expressCheckout, storedCartHasItems } from "../../../src/lib/domain/express-checkout/rule.ts";
import { EXPRESS_CHECKOUT_SCRIPT } from "../../../src/lib/pages/inline-scripts.ts";
import { cspHash, PAGE_CSP } from "../../../src/lib/server/http/content-security-policy.ts";

const NOW = Date.UTC(2026, 10, 17, 20, 30);
const SELLER = "harbour-museum";

const snapshot = (over: { seller?: string; expiresAt?: number; state?: string; tickets?: number } = {}) =>
  JSON.stringify({
    seller: over.seller ?? SELLER,
    localExpiresAt: over.expiresAt ?? NOW + 60_000,
    envelope: {
      cart: { _count: 1, _data: [{ id: "c1", state: over.state ?? "pending" }] },
      ticket: { _count: 1, _data: Array.from({ length: over.tickets ?? 2 }, (_, i) => ({ id: `t${i}` })) },
    },
  });

/** Runs the listing's inline script with this storage, query and flag; the path it went to, or null. */
function runScript(flag: boolean, search: string, stored: string | null): string | null {
  let went: string | null = null;
  const document = {
    currentScript: { dataset: { seller: SELLER, express: String(flag), checkout: `/${SELLER}/checkout` } },
  };
  const location = {
    search,
    replace: (to: string) => {
      went = to;
    },
  };
  const localStorage = { getItem: (key: string) => (key === `foyer.cart.${SELLER}` ? stored : null) };
  const DateNow = { now: () => NOW };
  new Function("document", "location", "localStorage", "Date", EXPRESS_CHECKOUT_SCRIPT)(
    document,
    location,
    localStorage,
    DateNow,
  );
  return went;
}

const cases: [string, boolean, string, string | null, boolean][] = [
  ["the flag and a cart with items", true, "", snapshot(), true],
  ["the flag and no cart", true, "", null, false],
  ["the flag and an empty cart", true, "", snapshot({ tickets: 0 }), false],
  ["the flag and a cart past its local expiry", true, "", snapshot({ expiresAt: NOW - 1 }), false],
  ["the flag and another seller's cart", true, "", snapshot({ seller: "riverside-zoo" }), false],
  ["the flag and a booked cart", true, "", snapshot({ state: "booked" }), false],
  ["no flag, no parameter, a cart with items", false, "", snapshot(), false],
  ["?expresscheckout without the flag, a cart with items", false, "?expresscheckout", snapshot(), true],
  ["?expresscheckout=1 with other parameters", false, "?date=2026-11-18&expresscheckout=1", snapshot(), true],
  ["?expresscheckout and an empty cart", false, "?expresscheckout", snapshot({ tickets: 0 }), false],
  ["unreadable storage", true, "", "{not json", false],
];

describe("'If the express-checkout flag is set and the cart has items, /events redirects to /checkout' (spec 2 §2)", () => {
  for (const [name, flag, search, stored, goes] of cases) {
    it(`${name}: ${goes ? "goes to /checkout" : "stays"}`, () => {
      expect(expressCheckout({ flag, search, seller: SELLER, stored, now: NOW })).toBe(goes);
    });
  }
});

describe("the listing's inline script follows the same rule (it runs before the page paints)", () => {
  for (const [name, flag, search, stored, goes] of cases) {
    it(`${name}: ${goes ? `replaces the page with /${SELLER}/checkout` : "does nothing"}`, () => {
      expect(runScript(flag, search, stored)).toBe(goes ? `/${SELLER}/checkout` : null);
    });
  }

  it("a cart counts only while current: its local expiry is after now", () => {
    expect(storedCartHasItems(snapshot({ expiresAt: NOW }), SELLER, NOW)).toBe(false);
    expect(storedCartHasItems(snapshot({ expiresAt: NOW + 1 }), SELLER, NOW)).toBe(true);
  });

  it("the page's Content-Security-Policy lists the script's hash, so it runs without 'unsafe-inline'", () => {
    expect(PAGE_CSP.scriptHashes).toContain(cspHash(EXPRESS_CHECKOUT_SCRIPT));
  });
});
