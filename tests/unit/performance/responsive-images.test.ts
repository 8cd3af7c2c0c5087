import { describe, expect, it } from "vitest";
import {
  boxAt,
  coverUrl,
  IMAGE_BOXES,
  imageSrcset,
  RESPONSIVE,
  responsiveImage,
  teaserUrl,
} from "../../../src/lib/api/images.ts";
import { snapSize } from "../../../src/lib/domain/image-sizes.ts";

describe("responsive images ('cover and card images are served as responsive srcset in AVIF or WebP')", () => {
  it("a srcset lists the snapped widths of the kind, in the format asked", () => {
    expect(imageSrcset("x/y.jpg", "teaser", "avif")).toBe(
      [
        "/api/image/x/y.jpg?sizex=272&sizey=216&shrinkonly=1&format=avif 272w",
        "/api/image/x/y.jpg?sizex=408&sizey=324&shrinkonly=1&format=avif 408w",
        "/api/image/x/y.jpg?sizex=544&sizey=432&shrinkonly=1&format=avif 544w",
      ].join(", "),
    );
    expect(imageSrcset("x/a b.jpg", "cover")).toBe(
      "/api/image/x/a%20b.jpg?sizex=750&sizey=250&shrinkonly=1 750w, /api/image/x/a%20b.jpg?sizex=1500&sizey=500&shrinkonly=1 1500w",
    );
  });

  it("the picture offers AVIF, then WebP, then the source format at the spec's size", () => {
    const card = responsiveImage("x/y.jpg", "teaser");
    expect(card.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(card.sources[1]?.srcset).toContain("sizex=272&sizey=216&shrinkonly=1&format=webp 272w");
    expect(card.src).toBe(teaserUrl("x/y.jpg"));
    expect(card.srcset).not.toContain("format=");
    expect([card.width, card.height]).toEqual([272, 216]);
    const cover = responsiveImage("x/y.jpg", "cover");
    expect(cover.src).toBe(coverUrl("x/y.jpg"));
    expect([cover.width, cover.height]).toEqual([1500, 500]);
  });

  it("every width keeps its box's ratio and is one of the endpoint's boxes, so it is served exactly", () => {
    for (const kind of ["teaser", "cover"] as const) {
      const { box, widths } = RESPONSIVE[kind];
      for (const width of widths) {
        const at = boxAt(kind, width);
        expect(at.width / at.height).toBeCloseTo(box.width / box.height, 2);
        expect(snapSize({ sizex: at.width, sizey: at.height }, IMAGE_BOXES)).toEqual({
          sizex: at.width,
          sizey: at.height,
        });
      }
    }
  });
});
