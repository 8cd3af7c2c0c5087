import { describe, expect, it } from "vitest";
import { isCartStringKey } from "../../../src/islands/cart/cart-strings.ts";
import { isLoginStringKey } from "../../../src/islands/login/login-strings.ts";
import { responsiveImage } from "../../../src/lib/api/images.ts";
import { format } from "../../../src/lib/tenant/string-format.ts";
import { defaultStrings, stringSubset, t } from "../../../src/lib/tenant/strings.ts";

// Work a page did on every request from the same inputs is done once.
describe("an island's strings (resolved once per tenant, DESIGN §7: every UI text can be overridden per tenant)", () => {
  const tenant = { strings: { "cart.title": "Your basket" } };

  it("are the tenant's words for exactly the keys the filter picks", () => {
    const strings = stringSubset(tenant, isCartStringKey);
    const keys = Object.keys(defaultStrings).filter(isCartStringKey);
    expect(Object.keys(strings).sort()).toEqual([...keys].sort());
    expect(strings["cart.title"]).toBe("Your basket");
    for (const key of keys) expect(strings[key]).toBe(t(tenant, key));
  });

  it("are the same frozen object on the next page of the same tenant, and another tenant's are its own", () => {
    const first = stringSubset(tenant, isCartStringKey);
    expect(stringSubset(tenant, isCartStringKey)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const other = stringSubset({ strings: {} }, isCartStringKey);
    expect(other).not.toBe(first);
    expect(other["cart.title"]).toBe(defaultStrings["cart.title"]);
    expect(stringSubset(tenant, isLoginStringKey)).not.toBe(first);
  });

  it("a reloaded tenant (a new object with new words) gets its new words", () => {
    expect(stringSubset({ strings: { "cart.title": "Basket" } }, isCartStringKey)["cart.title"]).toBe(
      "Basket",
    );
  });
});

describe("responsive pictures ('served as responsive srcset in AVIF or WebP'), worked out once per image", () => {
  it("the second ask returns the same frozen picture, equal to the first", () => {
    const picture = responsiveImage("memo/one.jpg", "teaser");
    expect(responsiveImage("memo/one.jpg", "teaser")).toBe(picture);
    expect(Object.isFrozen(picture)).toBe(true);
    expect(Object.isFrozen(picture.sources)).toBe(true);
    expect(picture.sources.every((source) => Object.isFrozen(source))).toBe(true);
    expect(picture.srcset).toContain("/api/image/memo/one.jpg?sizex=272&sizey=216");
  });

  it("another kind or image is another picture", () => {
    expect(responsiveImage("memo/one.jpg", "cover")).not.toBe(responsiveImage("memo/one.jpg", "teaser"));
    expect(responsiveImage("memo/two.jpg", "teaser").src).toContain("memo/two.jpg");
  });
});

describe("format (spec: placeholders in {braces})", () => {
  it("a text with no placeholder comes back as it is; placeholders are filled, unknown ones stay", () => {
    expect(format("Your cart is empty", { name: "x" })).toBe("Your cart is empty");
    expect(format("Image for {name} {other}", { name: "Tall Ship" })).toBe("Image for Tall Ship {other}");
  });
});
