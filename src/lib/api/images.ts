/**
 * Image URLs on the API's image endpoint (spec §7, §9): images are requested at double their
 * displayed size for sharp rendering on high-density screens, and never upscaled (shrinkonly).
 */
export const THUMBNAIL = { width: 64, height: 51 } as const;
export const TEASER = { width: 272, height: 216 } as const;
export const COVER_WIDTH = 1500;
export const DENSITY = 2;

/** imageId is the meta value, e.g. "harbour-museum/general-admission.jpg". */
export function imageUrl(imageId: string, size: { sizex?: number; sizey?: number } = {}): string {
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
  return imageUrl(imageId, { sizex: COVER_WIDTH });
}

/** Alt text, falling back to the spec's 'Image for {event name}' (spec §8). */
export function imageAlt(
  alt: string | undefined | null,
  eventName: string,
  template = "Image for {name}",
): string {
  const trimmed = alt?.trim();
  return trimmed ? trimmed : template.replace("{name}", eventName);
}
