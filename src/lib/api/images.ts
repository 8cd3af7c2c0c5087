/**
 * Image URLs on the API's image endpoint (spec §7, §9): images are requested at double their
 * displayed size for sharp rendering on high-density screens, and never upscaled (shrinkonly).
 * The listing card and the event page's cover are responsive: a `srcset` of a few
 * snapped widths in AVIF and WebP (`format=`), with the source format (jpg) as the fallback.
 */
export const THUMBNAIL = { width: 64, height: 51 } as const;
export const TEASER = { width: 272, height: 216 } as const;
/** Spec §9 "cover width 1500"; the height is the 3:1 box the detail page shows it in. */
export const COVER = { width: 1500, height: 500 } as const;
/**
 * The home page's hero: the featured cover at its own 5:3 frame, uncropped by the endpoint, so the
 * page can crop it for each screen (a wide band on a desktop, near square on a phone) around the
 * photograph's focal point, which the demo images centre (scripts/make-demo-images.ts).
 */
export const HERO = { width: 1500, height: 900 } as const;
const DENSITY = 2;

/** The encodings the endpoint converts to (`format=`); without it an image keeps its own format. */
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageBox {
  width: number;
  height: number;
}

/**
 * The responsive images: the widths of their `srcset` (same ratio as the box) and the one the
 * fallback `src` uses. The card is 272 CSS px wide at its smallest (1x, 1.5x, 2x); the cover is shown
 * the page's width, 750 on a phone and 1500 (the spec's width) on a wide or dense screen.
 */
export const RESPONSIVE = {
  teaser: { box: TEASER, widths: [272, 408, 544], fallback: TEASER.width * DENSITY },
  cover: { box: COVER, widths: [750, 1500], fallback: COVER.width },
  // A phone shows the hero's photograph 1.25 times its width (4:3 box, 5:3 image): 1125 at 1.75x.
  hero: { box: HERO, widths: [750, 1125, 1500], fallback: HERO.width },
} as const satisfies Record<string, { box: ImageBox; widths: readonly number[]; fallback: number }>;
export type ResponsiveKind = keyof typeof RESPONSIVE;

/** The box of `kind` at `width`, the height keeping the box's ratio. */
export function boxAt(kind: ResponsiveKind, width: number): ImageBox {
  const { box } = RESPONSIVE[kind];
  return { width, height: Math.round((width * box.height) / box.width) };
}

/**
 * Every box the pages ask the image endpoint for (double density), and the spec's own sizes (single
 * density): the endpoint serves only these, snapping any other size to one of them.
 */
export const IMAGE_BOXES: readonly ImageBox[] = [
  THUMBNAIL,
  { width: THUMBNAIL.width * DENSITY, height: THUMBNAIL.height * DENSITY },
  ...(Object.keys(RESPONSIVE) as ResponsiveKind[]).flatMap((kind) =>
    RESPONSIVE[kind].widths.map((width) => boxAt(kind, width)),
  ),
];

/** imageId is the meta value, e.g. "harbour-museum/general-admission.jpg". */
function imageUrl(
  imageId: string,
  size: { sizex?: number; sizey?: number } = {},
  format?: ImageFormat,
): string {
  const path = imageId.split("/").map(encodeURIComponent).join("/");
  const params = new URLSearchParams();
  if (size.sizex) params.set("sizex", String(size.sizex));
  if (size.sizey) params.set("sizey", String(size.sizey));
  params.set("shrinkonly", "1");
  if (format) params.set("format", format);
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

/** A `srcset` of `kind`'s widths: "url 272w, url 408w, …", in `format` or the source's own. */
export function imageSrcset(imageId: string, kind: ResponsiveKind, format?: ImageFormat): string {
  return RESPONSIVE[kind].widths
    .map((width) => {
      const box = boxAt(kind, width);
      return `${imageUrl(imageId, { sizex: box.width, sizey: box.height }, format)} ${width}w`;
    })
    .join(", ");
}

export interface ResponsiveImage {
  /** The fallback: the source format at the fallback width. */
  src: string;
  /** The fallback's srcset, in the source format. */
  srcset: string;
  /** `<source>`s of a `<picture>`, best encoding first. */
  sources: { type: `image/${ImageFormat}`; srcset: string }[];
  /** The box the image is laid out in (its width and height attributes). */
  width: number;
  height: number;
}

/** The `<picture>` of a card's or the cover's image: AVIF, then WebP, then the source format. */
export function responsiveImage(imageId: string, kind: ResponsiveKind): Readonly<ResponsiveImage> {
  const key = `${kind}\n${imageId}`;
  let picture = responsiveImages.get(key);
  if (!picture) {
    // Bounded: the catalogue's images, not one entry per request.
    if (responsiveImages.size >= RESPONSIVE_IMAGES_KEPT) responsiveImages.clear();
    const made = pictureOf(imageId, kind);
    for (const source of made.sources) Object.freeze(source);
    Object.freeze(made.sources);
    picture = Object.freeze(made);
    responsiveImages.set(key, picture);
  }
  return picture;
}

/**
 * The pictures already worked out, by kind and image: a listing page asks for every card's on every
 * request, and each is a dozen URLs built from the same two values. Frozen, since pages share them.
 */
const responsiveImages = new Map<string, Readonly<ResponsiveImage>>();
const RESPONSIVE_IMAGES_KEPT = 2_000;

function pictureOf(imageId: string, kind: ResponsiveKind): ResponsiveImage {
  const { box, fallback } = RESPONSIVE[kind];
  const at = boxAt(kind, fallback);
  return {
    src: imageUrl(imageId, { sizex: at.width, sizey: at.height }),
    srcset: imageSrcset(imageId, kind),
    sources: IMAGE_FORMATS.map((format) => ({
      type: `image/${format}` as const,
      srcset: imageSrcset(imageId, kind, format),
    })),
    width: box.width,
    height: box.height,
  };
}

/**
 * The image's alt text, or the fallback when it has none: callers pass the tenant's 'Image for
 * {event name}' string (spec §8, strings.ts `image.alt`).
 */
export function imageAlt(alt: string | undefined | null, fallback: string): string {
  const trimmed = alt?.trim();
  return trimmed ? trimmed : fallback;
}
