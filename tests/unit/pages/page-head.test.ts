/**
 * "No favicon (a 404 on every page), and no meta description or social preview tags":
 * the head a page gets (src/lib/pages/page-head.ts) and the tenant icon (src/lib/tenant/favicon.ts).
 */
import { describe, expect, it } from "vitest";
import { DESCRIPTION_MAX, pageHead, shortDescription } from "../../../src/lib/pages/page-head.ts";
import {
  brandColours,
  iconHref,
  iconLetter,
  iconSvg,
  tenantIconSvg,
} from "../../../src/lib/tenant/favicon.ts";

const museum = {
  name: "Harbour Museum",
  locale: "en-US",
  description: "Three centuries of ships, sailors and the sea.",
};

describe("pageHead: 'a meta description (event summary on detail pages, tenant description elsewhere)'", () => {
  it("an event page: its summary, absolute og:image and og:url on the configured origin, no query", () => {
    const head = pageHead({
      tenant: museum,
      title: "Evening Concert",
      description: "Chamber music in the great hall.",
      image: "/api/image/harbour-museum/evening-concert-cover.jpg?sizex=1500&sizey=500&shrinkonly=1",
      pathname: "/harbour-museum/events/hm-evening-concert",
      origin: "https://tickets.harbour.example",
    });
    expect(head.title).toBe("Evening Concert | Harbour Museum");
    expect(head.description).toBe("Chamber music in the great hall.");
    expect(head.canonical).toBe("https://tickets.harbour.example/harbour-museum/events/hm-evening-concert");
    const og = Object.fromEntries(head.og.map((t) => [t.property, t.content]));
    expect(og).toEqual({
      "og:type": "website",
      "og:title": "Evening Concert",
      "og:description": "Chamber music in the great hall.",
      "og:url": "https://tickets.harbour.example/harbour-museum/events/hm-evening-concert",
      "og:site_name": "Harbour Museum",
      "og:locale": "en_US",
      "og:image":
        "https://tickets.harbour.example/api/image/harbour-museum/evening-concert-cover.jpg?sizex=1500&sizey=500&shrinkonly=1",
    });
    const twitter = Object.fromEntries(head.twitter.map((t) => [t.name, t.content]));
    expect(twitter["twitter:card"]).toBe("summary_large_image");
    expect(twitter["twitter:image"]).toBe(og["og:image"]);
  });

  it("a page without its own description gets the tenant's, and a summary card without an image", () => {
    const head = pageHead({
      tenant: museum,
      title: "Events",
      description: undefined,
      image: undefined,
      pathname: "/harbour-museum/events",
      origin: "http://127.0.0.1:4321",
    });
    expect(head.description).toBe(museum.description);
    expect(head.og.find((t) => t.property === "og:image")).toBeUndefined();
    expect(head.twitter.find((t) => t.name === "twitter:card")?.content).toBe("summary");
  });

  it("no tenant and no description: no description tag at all, rather than an empty one", () => {
    const head = pageHead({
      tenant: undefined,
      title: "Foyer storefronts",
      description: "  ",
      image: undefined,
      pathname: "/",
      origin: "http://127.0.0.1:4321",
    });
    expect(head.title).toBe("Foyer storefronts");
    expect(head.description).toBeUndefined();
    expect(head.og.some((t) => t.property === "og:description")).toBe(false);
  });

  it("a long summary is cut at a word to at most 160 characters, whitespace collapsed", () => {
    const long = `Ships\n\n and ${"sailors and the sea ".repeat(20)}`;
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    const flat = long.replace(/\s+/g, " ").trim();
    const kept = short.slice(0, -1);
    expect(short.endsWith("…")).toBe(true);
    // Cut after a whole word: what is kept is the start of the text, followed there by a space.
    expect(flat.startsWith(kept)).toBe(true);
    expect(flat[kept.length]).toBe(" ");
    expect(short).not.toContain("\n");
  });
});

describe("the tenant favicon: 'an SVG from the tenant theme colours'", () => {
  it("draws the logo text's first letter on the theme's primary, contrast and accent colours", () => {
    const svg = tenantIconSvg({
      name: "Harbour Museum",
      theme: {
        logoText: "Harbour Museum",
        vars: { "color-primary": "#0b4f6c", "color-primary-contrast": "#ffffff", "color-accent": "#c8553d" },
      },
    });
    expect(svg).toContain('fill="#0b4f6c"');
    expect(svg).toContain('fill="#c8553d"');
    expect(svg).toMatch(/fill="#ffffff">H<\/text>/);
    expect(svg).toContain("<title>Harbour Museum</title>");
  });

  it("a colour that is not a hex colour never reaches the SVG (the default is used)", () => {
    const colours = brandColours({
      theme: {
        logoText: "X",
        vars: { "color-primary": 'red"/><script>alert(1)</script>', "color-accent": "blue" },
      },
    });
    expect(colours).toEqual({ primary: "#1d2327", contrast: "#ffffff", accent: "#c8553d" });
    expect(iconSvg("<", colours)).not.toContain("<<");
  });

  it("the letter skips punctuation; a tenant's pages link its own icon, other pages Foyer's", () => {
    expect(iconLetter("  'riverside zoo")).toBe("R");
    expect(iconLetter("…")).toBe("F");
    expect(iconHref({ slug: "riverside-zoo" })).toBe("/riverside-zoo/favicon.svg");
    expect(iconHref(undefined)).toBe("/favicon.svg");
  });
});
