/** What the cart lists under 'Applied codes', and how its totals name a redeemed gift of membership. */
import { describe, expect, it } from "vitest";
import { appliedDiscounts, discountIsGift } from "../../../src/lib/domain/cart-discounts.ts";

const giftMod = { name: "HMGIFT0001", discount: "75.00", resource: "code", resource_id: "c-gift" };

describe("a redeemed gift of membership in the cart", () => {
  it("is its own line, not an empty 'Applied codes' list, and the totals call it the gift, not a promo", () => {
    // Regression: checkout showed an empty 'Applied codes' heading and the gift as 'Promo discount'.
    const cart = { codes: [], cart_mods: [giftMod], redeemMembership: "HMGIFT0001" };
    expect(appliedDiscounts(cart)).toEqual([{ kind: "gift", code: "HMGIFT0001", discount: 7500 }]);
    expect(discountIsGift(cart)).toBe(true);
  });

  it("beside a promo code, both are listed and the totals stay 'Promo discount'", () => {
    const cart = {
      codes: [{ code: "WELCOME10", description: "10% off" }],
      cart_mods: [giftMod, { name: "WELCOME10", discount: "5.00", resource: "code", resource_id: "c-1" }],
      redeemMembership: "hmgift0001",
    };
    expect(appliedDiscounts(cart)).toEqual([
      { kind: "code", code: "WELCOME10", description: "10% off", discount: 500 },
      { kind: "gift", code: "hmgift0001", discount: 7500 },
    ]);
    expect(discountIsGift(cart)).toBe(false);
  });

  it("a cart with no codes and no mods lists nothing", () => {
    expect(appliedDiscounts({ codes: [], cart_mods: [] })).toEqual([]);
    expect(discountIsGift({ codes: [], cart_mods: [] })).toBe(false);
  });
});
