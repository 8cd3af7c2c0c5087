/**
 * Faster pages: the listing's cart widget starts (and React with it) only for a shopper
 * who has a cart or a `?code=` link; spec 1 §4 "the cart is shared by the tabs of one browser" still
 * holds: a cart stored by another tab wakes it.
 */
import { describe, expect, it } from "vitest";
import {
  cartStorageKey,
  cartWidgetWakesAtLoad,
  cartWidgetWakesOnStorage,
} from "../../../src/lib/domain/cart-widget-wake.ts";

describe("cartWidgetWakesAtLoad (the cart widget starts with a stored cart or a ?code= link)", () => {
  it("no stored cart and no code: the widget sleeps as the server rendered it ('Your cart is empty')", () => {
    expect(cartWidgetWakesAtLoad(null, "")).toBe(false);
    expect(cartWidgetWakesAtLoad(null, "?date=2026-12-01&category=exhibitions")).toBe(false);
    expect(cartWidgetWakesAtLoad(null, "?coder=X")).toBe(false);
  });

  it("a stored cart wakes it, even an old or unreadable one (the island checks and clears it)", () => {
    expect(cartWidgetWakesAtLoad('{"envelope":{}}', "")).toBe(true);
    expect(cartWidgetWakesAtLoad("{not json", "")).toBe(true);
    expect(cartWidgetWakesAtLoad("", "")).toBe(true);
  });

  it("a `code` link parameter wakes it, so the code is noted for the next cart (spec 1 §6)", () => {
    expect(cartWidgetWakesAtLoad(null, "?code=FIVEOFF")).toBe(true);
    expect(cartWidgetWakesAtLoad(null, "?date=2026-12-01&code=")).toBe(true);
  });
});

describe("cartWidgetWakesOnStorage (a cart stored by another tab wakes the widget)", () => {
  const key = cartStorageKey("harbour-museum");

  it("the seller's cart key is the cart store's key", () => {
    expect(key).toBe("foyer.cart.harbour-museum");
  });

  it("a cart stored for this seller wakes it", () => {
    expect(cartWidgetWakesOnStorage({ key, newValue: "{}" }, "harbour-museum")).toBe(true);
  });

  it("a removed cart, another seller's cart, another key or a cleared storage does not", () => {
    expect(cartWidgetWakesOnStorage({ key, newValue: null }, "harbour-museum")).toBe(false);
    expect(
      cartWidgetWakesOnStorage({ key: cartStorageKey("riverside-zoo"), newValue: "{}" }, "harbour-museum"),
    ).toBe(false);
    expect(cartWidgetWakesOnStorage({ key: "foyer.link-codes", newValue: "{}" }, "harbour-museum")).toBe(
      false,
    );
    expect(cartWidgetWakesOnStorage({ key: null, newValue: null }, "harbour-museum")).toBe(false);
  });
});
