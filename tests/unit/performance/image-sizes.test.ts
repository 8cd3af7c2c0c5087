import { describe, expect, it } from "vitest";
import { IMAGE_BOXES } from "../../../src/lib/api/images.ts";
import { snapSize } from "../../../src/lib/domain/image-sizes.ts";

describe("snapSize ('Snap the sizes to a small set (the sizes the pages use)')", () => {
  it("the boxes are the pages' thumbnail, teaser and cover sizes (and the spec's single-density ones)", () => {
    // The card's srcset widths 272, 408, 544 (its 272x216 ratio) and the cover's 750, 1500 (3:1);
    // the home hero's 750, 1125 and 1500 at the cover image's own 5:3.
    expect(IMAGE_BOXES.map((b) => `${b.width}x${b.height}`)).toEqual([
      "64x51",
      "128x102",
      "272x216",
      "408x324",
      "544x432",
      "750x250",
      "1500x500",
      "750x450",
      "1125x675",
      "1500x900",
    ]);
  });

  it("a size a page asks for is served exactly", () => {
    for (const box of IMAGE_BOXES) {
      expect(snapSize({ sizex: box.width, sizey: box.height }, IMAGE_BOXES)).toEqual({
        sizex: box.width,
        sizey: box.height,
      });
    }
  });

  it("any other pair snaps to the smallest box that covers it, else the largest box", () => {
    expect(snapSize({ sizex: 50, sizey: 50 }, IMAGE_BOXES)).toEqual({ sizex: 64, sizey: 51 });
    expect(snapSize({ sizex: 400, sizey: 400 }, IMAGE_BOXES)).toEqual({ sizex: 544, sizey: 432 });
    expect(snapSize({ sizex: 300, sizey: 240 }, IMAGE_BOXES)).toEqual({ sizex: 408, sizey: 324 });
    expect(snapSize({ sizex: 700, sizey: 200 }, IMAGE_BOXES)).toEqual({ sizex: 750, sizey: 250 });
    expect(snapSize({ sizex: 800, sizey: 200 }, IMAGE_BOXES)).toEqual({ sizex: 1500, sizey: 500 });
    expect(snapSize({ sizex: 700, sizey: 400 }, IMAGE_BOXES)).toEqual({ sizex: 750, sizey: 450 });
    expect(snapSize({ sizex: 100, sizey: 1000 }, IMAGE_BOXES)).toEqual({ sizex: 1500, sizey: 900 });
    expect(snapSize({ sizex: 4000, sizey: 4000 }, IMAGE_BOXES)).toEqual({ sizex: 1500, sizey: 900 });
  });

  it("one side alone snaps to the boxes' sides and leaves the other to the image's proportions", () => {
    expect(snapSize({ sizex: 300 }, IMAGE_BOXES)).toEqual({ sizex: 408 });
    expect(snapSize({ sizex: 600 }, IMAGE_BOXES)).toEqual({ sizex: 750 });
    expect(snapSize({ sizex: 3000 }, IMAGE_BOXES)).toEqual({ sizex: 1500 });
    expect(snapSize({ sizey: 52 }, IMAGE_BOXES)).toEqual({ sizey: 102 });
    expect(snapSize({}, IMAGE_BOXES)).toEqual({});
  });

  it("every size from 1 to 4000 lands on at most three variants per box (its width, height, or both)", () => {
    const variants = new Set<string>();
    for (let x = 1; x <= 4000; x += 7) {
      variants.add(JSON.stringify(snapSize({ sizex: x }, IMAGE_BOXES)));
      variants.add(JSON.stringify(snapSize({ sizey: x }, IMAGE_BOXES)));
      for (let y = 1; y <= 4000; y += 97)
        variants.add(JSON.stringify(snapSize({ sizex: x, sizey: y }, IMAGE_BOXES)));
    }
    expect(variants.size).toBeLessThanOrEqual(3 * IMAGE_BOXES.length);
    expect(IMAGE_BOXES.length).toBe(10);
  });
});
