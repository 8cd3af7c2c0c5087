/**
 * Issue 11, "Event images have the title baked into the illustration, so it repeats right above the
 * H1 and can't be read on the 64 px cart thumbnails. The images carry no text; the page gives it."
 * The demo pictures are now freely licensed photographs ("give the demo freely licensed
 * photographs, credited in the README"), cropped by scripts/make-demo-images.ts.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coverImageId, demoImages, imageMeta, profileImageId } from "../../src/lib/server/db/seed/images.ts";

const root = join(import.meta.dirname, "..", "..");

describe("the demo event images: 'the images carry no text; the page gives it'", () => {
  it("the generator draws no text element", () => {
    const source = readFileSync(join(root, "scripts", "make-demo-images.ts"), "utf8");
    expect(source).not.toMatch(/<text[\s>]/);
  });

  it.each(demoImages.map((image) => [`${image.tenant}/${image.name}`, image] as const))(
    "%s: the alt texts describe the picture and do not repeat the event's name",
    (_id, image) => {
      const meta = imageMeta(image.tenant, image.name);
      for (const alt of [meta.image_profile_alt, meta.image_cover_alt]) {
        expect(alt).toBeTruthy();
        expect(alt?.toLowerCase()).not.toContain(image.title.toLowerCase());
      }
    },
  );

  it("an explicitly empty alt stays empty (the page applies 'Image for {event name}')", () => {
    expect(imageMeta("harbour-museum", "flex-pass", "").image_profile_alt).toBe("");
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
