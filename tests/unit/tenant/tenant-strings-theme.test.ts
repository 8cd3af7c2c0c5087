import { describe, expect, it } from "vitest";
import { defaultStrings, t } from "../../../src/lib/tenant/strings.ts";
import { isSafeCssValue, themeCss } from "../../../src/lib/tenant/theme.ts";

describe("tenant strings: 'every UI string can be overridden; the defaults are the spec's texts'", () => {
  it("defaults are the spec's exact texts", () => {
    expect(defaultStrings["events.noMatch"]).toBe("We could not find any events that match your filters.");
    expect(defaultStrings["events.clearFilters"]).toBe("Clear filters");
    expect(defaultStrings["events.seeAll"]).toBe("See all");
    expect(defaultStrings["events.filterBy"]).toBe("Filter by");
    expect(defaultStrings["event.membersOnly"]).toBe("Sorry! This event is members only");
    expect(defaultStrings["event.unavailable"]).toBe("Sorry, tickets are not available for this event.");
    expect(defaultStrings["event.anchorRequired"]).toBe("Add an admission event to your cart first.");
    expect(defaultStrings["notFound.title"]).toBe("Oops, We could not find anything at this URL");
  });

  it("'Missing image alt text falls back to Image for {event name}'", () => {
    expect(t(undefined, "image.alt", { name: "Night Tour" })).toBe("Image for Night Tour");
  });

  it("a tenant override wins, placeholders are filled, unknown placeholders stay", () => {
    const tenant = { strings: { "events.card.from": "Ab {price} {unknown}" } };
    expect(t(tenant, "events.card.from", { price: "£5.00" })).toBe("Ab £5.00 {unknown}");
    expect(t(tenant, "events.seeAll")).toBe("See all");
  });
});

describe("tenant theme: CSS custom properties, safely escaped", () => {
  it("writes the tenant variables as a :root rule", () => {
    const css = themeCss({
      theme: {
        logoText: "X",
        vars: { "color-primary": "#0b4f6c", "font-body": "'Trebuchet MS', sans-serif" },
      },
    });
    expect(css).toBe(":root{--color-primary: #0b4f6c;--font-body: 'Trebuchet MS', sans-serif;}");
  });

  it("refuses values that could break out of the declaration or the style element", () => {
    for (const bad of [
      "red;} body{display:none",
      "</style><script>",
      "url(https://x)",
      "red /* c */",
      "\\3c",
    ]) {
      expect(isSafeCssValue(bad)).toBe(false);
    }
    const css = themeCss({
      theme: { logoText: "X", vars: { ok: "1px", evil: "x</style><script>alert(1)</script>" } },
    });
    expect(css).toBe(":root{--ok: 1px;}");
  });
});
