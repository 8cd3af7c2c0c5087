import { describe, expect, it } from "vitest";
import {
  TRANSFER_PROBLEM_STATUS,
  transferNext,
  transferProblem,
} from "../../src/lib/domain/cart-transfer/transfer.ts";
import { defaultStrings } from "../../src/lib/tenant/strings.ts";

const CHECKOUT = "/harbour-museum/checkout";

describe("'/transfer-cart/{cartId} loads a cart, then goes to the path in the next query parameter or to /checkout' (spec 2 §2)", () => {
  it("no next: the checkout", () => {
    expect(transferNext(null, CHECKOUT)).toBe(CHECKOUT);
    expect(transferNext("", CHECKOUT)).toBe(CHECKOUT);
  });

  it("a path on this site, with its query and fragment", () => {
    expect(transferNext("/harbour-museum/events?date=2026-11-18#list", CHECKOUT)).toBe(
      "/harbour-museum/events?date=2026-11-18#list",
    );
    expect(transferNext("/harbour-museum/checkout/abc", CHECKOUT)).toBe("/harbour-museum/checkout/abc");
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
      expect(transferNext(next, CHECKOUT), next).toBe(CHECKOUT);
    }
  });

  it("dot segments stay on the site", () => {
    expect(transferNext("/harbour-museum/../riverside-zoo/events", CHECKOUT)).toBe("/riverside-zoo/events");
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
