import { describe, expect, it } from "vitest";
import {
  TRANSFER_PROBLEM_STATUS,
  transferNext,
  transferProblem,
} from "../../../src/lib/domain/cart-transfer/transfer.ts";
import { defaultStrings } from "../../../src/lib/tenant/strings.ts";

const BASE = "/harbour-museum";
const CHECKOUT = "/harbour-museum/checkout";

describe("'/transfer-cart/{cartId} loads a cart, then goes to the path in the next query parameter or to /checkout' (spec 2 §2)", () => {
  it("no next: the checkout", () => {
    expect(transferNext(null, BASE)).toBe(CHECKOUT);
    expect(transferNext("", BASE)).toBe(CHECKOUT);
  });

  it("a path on this site, with its query and fragment", () => {
    expect(transferNext("/harbour-museum/events?date=2026-11-18#list", BASE)).toBe(
      "/harbour-museum/events?date=2026-11-18#list",
    );
    expect(transferNext("/harbour-museum/checkout/abc", BASE)).toBe("/harbour-museum/checkout/abc");
    expect(transferNext("/harbour-museum", BASE)).toBe("/harbour-museum");
    expect(transferNext("/harbour-museum/events/../checkout", BASE)).toBe(CHECKOUT);
    expect(transferNext("/harbour-museum/events?q=a%26b", BASE)).toBe("/harbour-museum/events?q=a%26b");
  });

  it('on the tenant\'s own host (router base "") any path of the site, still never another host', () => {
    expect(transferNext("/events?date=2026-11-18", "")).toBe("/events?date=2026-11-18");
    expect(transferNext("/..//evil.example", "")).toBe("/checkout");
    expect(transferNext("/%2e%2e//evil.example", "")).toBe("/checkout");
    expect(transferNext("//evil.example", "")).toBe("/checkout");
  });

  it("anything that leaves the origin is refused for the checkout: other hosts, schemes, backslashes, control characters", () => {
    for (const next of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example",
      "javascript:alert(1)",
      "events",
      "/harbour-museum/\u0000x",
      "/\tevil",
      `/${"a".repeat(2001)}`,
    ]) {
      expect(transferNext(next, BASE), next).toBe(CHECKOUT);
    }
  });

  it("regression: '/harbour-museum/..//evil.example' and its encoded forms resolved to '//evil.example' (an open redirect)", () => {
    for (const next of [
      "/harbour-museum/..//evil.example",
      "/harbour-museum/..//evil.example/path?x=1",
      "/harbour-museum/%2e%2e//evil.example",
      "/harbour-museum/%2E%2E//evil.example",
      "/harbour-museum/.%2e//evil.example",
      "/harbour-museum/%252e%252e//evil.example",
      "/harbour-museum/..%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/harbour-museum/..%2F..%2F%2Fevil.example",
      "/harbour-museum/..\\evil.example",
      "/harbour-museum/%5C..%5C%5Cevil.example",
      "/\\evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/harbour-museum/\n/..//evil.example",
      "/harbour-museum/%09/..//evil.example",
      "/harbour-museum/%0a",
      "https://evil.example/harbour-museum/events",
      "//evil.example/harbour-museum",
      "/harbour-museum/../../evil.example",
      "/harbour-museum/%",
    ]) {
      expect(transferNext(next, BASE), next).toBe(CHECKOUT);
    }
  });

  it("the path stays under this storefront: another seller's path or a path above the base is refused", () => {
    expect(transferNext("/harbour-museum/../riverside-zoo/events", BASE)).toBe(CHECKOUT);
    expect(transferNext("/riverside-zoo/events", BASE)).toBe(CHECKOUT);
    expect(transferNext("/harbour-museum-evil/events", BASE)).toBe(CHECKOUT);
    expect(transferNext("/api/health", BASE)).toBe(CHECKOUT);
  });
});

describe("the transfer texts (spec 2 §8 'Transfer cart: This cart belongs to another member; 403 Access denied to cart; 404 Cart not found')", () => {
  it("404: 'Cart not found'", () => {
    const problem = transferProblem("not_found", false);
    expect(problem).toBe("transfer.notFound");
    expect(defaultStrings[problem ?? "transfer.notFound"]).toBe("Cart not found");
    expect(TRANSFER_PROBLEM_STATUS["transfer.notFound"]).toBe(404);
  });

  it("403 to a visitor who is not logged in: 'Access denied to cart'", () => {
    expect(transferProblem("forbidden", false)).toBe("transfer.accessDenied");
    expect(defaultStrings["transfer.accessDenied"]).toBe("Access denied to cart");
    expect(TRANSFER_PROBLEM_STATUS["transfer.accessDenied"]).toBe(403);
  });

  it("'A cart not owned by the public identity cannot be transferred' (spec 2 §6): another member's cart, to a logged-in visitor", () => {
    expect(transferProblem("forbidden", true)).toBe("transfer.otherMember");
    expect(defaultStrings["transfer.otherMember"]).toBe("This cart belongs to another member");
  });

  it("an expired or booked cart gets its own message; a readable cart loads", () => {
    expect(transferProblem("expired", false)).toBe("transfer.expired");
    expect(transferProblem("booked", true)).toBe("transfer.booked");
    expect(transferProblem("cart", false)).toBeNull();
    expect(transferProblem("cart", true)).toBeNull();
  });
});
