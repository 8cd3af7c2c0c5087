/** The completed order page's seller image (spec 2 §2 "a separate mobile image below 26em, with offsets"). */
import { describe, expect, it } from "vitest";
import {
  CENTRED,
  completedImage,
  MOBILE_IMAGE_MEDIA,
  offsetPosition,
} from "../../../src/lib/domain/tickets/completed-image.ts";

describe("completed image", () => {
  it("'a separate mobile image below 26em': the media query is (max-width: 26em)", () => {
    expect(MOBILE_IMAGE_MEDIA).toBe("(max-width: 26em)");
  });

  it("reads completed_image, completed_mobile_image and completed_image_alternate_text", () => {
    expect(
      completedImage({
        completed_image: " a.jpg ",
        completed_mobile_image: "m.jpg",
        completed_image_alternate_text: "The hall",
      }),
    ).toEqual({
      src: "a.jpg",
      mobileSrc: "m.jpg",
      alt: "The hall",
      position: CENTRED,
      mobilePosition: CENTRED,
    });
  });

  it("no completed_image, no image (a mobile image alone is not shown)", () => {
    expect(completedImage({ completed_mobile_image: "m.jpg" })).toBeNull();
    expect(completedImage(undefined)).toBeNull();
  });

  it("'with offsets': the desktop and mobile offsets place the picture; the mobile one falls back to the desktop one", () => {
    const both = completedImage({
      completed_image: "a.jpg",
      completed_image_offset: 40,
      completed_mobile_image_offset: "20% 70%",
    });
    expect(both?.position).toBe("50% 40%");
    expect(both?.mobilePosition).toBe("20% 70%");
    const one = completedImage({ completed_image: "a.jpg", completed_image_offset: { x: 10, y: 90 } });
    expect(one?.mobilePosition).toBe("10% 90%");
  });
});

describe("offset values", () => {
  it("a number 0 to 100 is the vertical position; a string gives one or both; an object {x, y}", () => {
    expect(offsetPosition(0)).toBe("50% 0%");
    expect(offsetPosition(100)).toBe("50% 100%");
    expect(offsetPosition("30%")).toBe("50% 30%");
    expect(offsetPosition("25 75")).toBe("25% 75%");
    expect(offsetPosition({ y: 20 })).toBe("50% 20%");
  });

  it("anything unreadable or out of range is refused (the picture stays centred)", () => {
    for (const bad of [
      -1,
      101,
      Number.NaN,
      "top",
      "10% 20% 30%",
      "",
      "50%; background:url(x)",
      { x: 200 },
      null,
      true,
    ]) {
      expect(offsetPosition(bad)).toBeNull();
    }
    expect(completedImage({ completed_image: "a.jpg", completed_image_offset: "evil;" })?.position).toBe(
      CENTRED,
    );
  });
});
