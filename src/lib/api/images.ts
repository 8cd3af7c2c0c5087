/**
 * Image URLs on the API's image endpoint (spec §7, §9): images are requested at double their
 * displayed size for sharp rendering on high-density screens, and never upscaled (shrinkonly).
 */
export const THUMBNAIL = { width: 64, height: 51 } as const;
export const TEASER = { width: 272, height: 216 } as const;
/** Spec §9 "cover width 1500"; the height is the 3:1 box the detail page shows it in. */
export const COVER = { width: 1500, height: 500 } as const;
const DENSITY = 2;

/**
 * Every box the pages ask the image endpoint for (double density), and the spec's own sizes (single
 * density): the endpoint serves only these, snapping any other size to one of them.
 */
export const IMAGE_BOXES: readonly { width: number; height: number }[] = [THUMBNAIL, TEASER, COVER].flatMap(
  (box) => (box === COVER ? [box] : [box, { width: box.width * DENSITY, height: box.height * DENSITY }]),
);

/** imageId is the meta value, e.g. "harbour-museum/general-admission.jpg". */
function imageUrl(imageId: string, size: { sizex?: number; sizey?: number } = {}): string {
  const path = imageId.split("/").map(encodeURIComponent).join("/");
  const params = new URLSearchParams();
  if (size.sizex) params.set("sizex", String(size.sizex));
  if (size.sizey) params.set("sizey", String(size.sizey));
  params.set("shrinkonly", "1");
  return `/api/image/${path}?${params.toString()}`;
}

export function thumbnailUrl(imageId: string): string {
  return imageUrl(imageId, { sizex: THUMBNAIL.width * DENSITY, sizey: THUMBNAIL.height * DENSITY });
}

export function teaserUrl(imageId: string): string {
  return imageUrl(imageId, { sizex: TEASER.width * DENSITY, sizey: TEASER.height * DENSITY });
}

export function coverUrl(imageId: string): string {
  return imageUrl(imageId, { sizex: COVER.width, sizey: COVER.height });
}

/**
 * The image's alt text, or the fallback when it has none: callers pass the tenant's 'Image for
 * {event name}' string (spec §8, strings.ts `image.alt`).
 */
export function imageAlt(alt: string | undefined | null, fallback: string): string {
  const trimmed = alt?.trim();
  return trimmed ? trimmed : fallback;
}
