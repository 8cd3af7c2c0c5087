/**
 * "Event images have the title baked into the illustration, so it repeats right above the
 * H1 and can't be read on the 64 px cart thumbnails. The images carry no text; the page gives it."
 * The demo pictures are now freely licensed photographs ("give the demo freely licensed
 * photographs, credited in the README"), cropped by scripts/make-demo-images.ts.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coverImageId, demoImages, focusedRegion, profileImageId } from "../../../scripts/demo-images.ts";
import { checkTenant } from "../../../src/lib/catalogue/check.ts";

const root = join(import.meta.dirname, "..", "..", "..");

describe("the demo event images: 'the images carry no text; the page gives it'", () => {
  it("the generator draws no text element", () => {
    const source = readFileSync(join(root, "scripts", "make-demo-images.ts"), "utf8");
    expect(source).not.toMatch(/<text[\s>]/);
  });

  /** Every alt text the demo catalogues give a picture: events' and the thank-you page's. */
  const alts = (tenant: string, name: string): string[] => {
    const catalogue = checkTenant(join(root, "src", "content"), tenant).catalogue;
    return [
      ...(catalogue?.events ?? []).filter((e) => e.image?.name === name).map((e) => e.image?.alt ?? ""),
      ...(catalogue?.settings.completed_order?.image === name
        ? [catalogue.settings.completed_order.image_alt ?? ""]
        : []),
    ];
  };

  it.each(demoImages.map((image) => [`${image.tenant}/${image.name}`, image] as const))(
    "%s: the catalogue's alt texts describe the picture and do not repeat the event's name",
    (_id, image) => {
      const given = alts(image.tenant, image.name);
      expect(given.length).toBeGreaterThan(0);
      for (const alt of given.filter((a) => a !== "")) {
        expect(alt.toLowerCase()).not.toContain(image.title.toLowerCase());
      }
    },
  );

  it("an explicitly empty alt stays empty (the page applies 'Image for {event name}')", () => {
    expect(alts("harbour-museum", "flex-pass")).toEqual([""]);
  });

  it("the committed photographs stay small: a profile image under 60 KB, a cover under 250 KB", () => {
    for (const image of demoImages) {
      const profile = statSync(join(root, "public", "images", profileImageId(image.tenant, image.name)));
      const cover = statSync(join(root, "public", "images", coverImageId(image.tenant, image.name)));
      expect(profile.size).toBeLessThan(60 * 1024);
      expect(cover.size).toBeLessThan(250 * 1024);
    }
  });

  it("'credited in the README': each photograph's original, author and licence are in README.md", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const licences: Record<string, string> = {
      "CC-BY-4.0": "CC BY 4.0",
      "CC-BY-SA-4.0": "CC BY-SA 4.0",
      "CC-BY-SA-3.0": "CC BY-SA 3.0",
      "CC0-1.0": "CC0 1.0",
      "GPL-2+": "GPL-2.0-or-later",
    };
    for (const image of demoImages) {
      const row = readme.split("\n").find((line) => line.startsWith(`| \`${image.tenant}/${image.name}\` |`));
      expect(row, `${image.tenant}/${image.name}`).toBeDefined();
      expect(row).toContain(image.source.split("/").pop());
      expect(row).toContain(image.credit.author);
      expect(row).toContain(licences[image.credit.licence]);
      expect(row).toContain(image.credit.package);
    }
  });
});

describe("focusedRegion: each crop keeps its photograph's focal point ('crops, focal points')", () => {
  const centre = (r: { left: number; top: number; width: number; height: number }) => [
    r.left + r.width / 2,
    r.top + r.height / 2,
  ];

  it("a centred focal point takes the largest frame of the ratio", () => {
    expect(focusedRegion(1600, 1200, 5 / 3, [0.5, 0.5], 1500)).toEqual({
      left: 0,
      top: 120,
      width: 1600,
      height: 960,
    });
  });

  it("a focal point off centre is moved to the crop's centre, so a centred 3:1 band keeps it", () => {
    // Regression: a full-height cover left a low subject (the stable's dog) outside the middle band.
    const region = focusedRegion(2056, 3088, 5 / 3, [0.55, 0.33], 1500);
    const [cx, cy] = centre(region);
    expect(cy).toBeCloseTo(0.33 * 3088, -1);
    expect(cx).toBeCloseTo(0.55 * 2056, -1);
    const bandTop = region.top + region.height / 3;
    expect(0.33 * 3088).toBeGreaterThan(bandTop);
    expect(0.33 * 3088).toBeLessThan(bandTop + region.height / 3);
  });

  it("zooms in at most to 60 % of the frame and never below the output width", () => {
    const edge = focusedRegion(4000, 2400, 5 / 3, [0.05, 0.5], 1500);
    expect(edge.width).toBe(2400); // 60 % of 4000: the subject is as near the centre as that allows
    expect(edge.left).toBe(0);
    const small = focusedRegion(1680, 1050, 5 / 3, [0.5, 0.2], 1500);
    expect(small.width).toBe(1500);
    expect(small.top).toBe(0);
  });

  it.each(demoImages.map((image) => [`${image.tenant}/${image.name}`, image] as const))(
    "%s: its focal point is inside the frame",
    (_id, image) => {
      for (const v of image.focus) {
        expect(v).toBeGreaterThan(0);
        expect(v).toBeLessThan(1);
      }
    },
  );
});
