/**
 * A card's or the cover's `<picture>` as HTML (ResponsiveImage.astro renders it): AVIF, then WebP
 * `<source>`s of the snapped widths, then the source format as the `<img>`'s own srcset
 * (api/images.ts). Written as one string rather than an Astro template of a dozen escaped URLs:
 * a listing renders one per card on every request (issue 17 "Faster pages"), and the `<source>`s
 * of an image at a layout are the same every time, so they are escaped once and kept.
 */
import { type ResponsiveKind, responsiveImage } from "../api/images.ts";
import { escapeHtml } from "../domain/html-escape.ts";

/** Attributes for the `<img>`: `true` writes the bare name (a style scope), false or nothing leaves it out. */
export type ImgAttributes = Record<string, string | number | boolean | null | undefined>;

/** ` name="value"` pairs; names are the component's own (never a visitor's), values are escaped. */
export function htmlAttributes(attributes: ImgAttributes): string {
  let html = "";
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (!/^[a-zA-Z][\w:-]*$/.test(name)) throw new Error(`Not an attribute name: ${name}`);
    html += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return html;
}

/** The `<source>`s by kind, sizes and image: the same text on every page that shows the image. */
const sourcesKept = new Map<string, string>();
const SOURCES_KEPT = 2_000;

function sourcesHtml(image: string, kind: ResponsiveKind, sizes: string): string {
  const key = `${kind}\n${sizes}\n${image}`;
  let html = sourcesKept.get(key);
  if (html === undefined) {
    html = responsiveImage(image, kind)
      .sources.map(
        (source) => `<source${htmlAttributes({ type: source.type, srcset: source.srcset, sizes })}>`,
      )
      .join("");
    if (sourcesKept.size >= SOURCES_KEPT) sourcesKept.clear();
    sourcesKept.set(key, html);
  }
  return html;
}

export function pictureHtml(input: {
  image: string;
  kind: ResponsiveKind;
  alt: string;
  sizes: string;
  attributes: ImgAttributes;
}): string {
  const { image, kind, alt, sizes, attributes } = input;
  const picture = responsiveImage(image, kind);
  const img = htmlAttributes({
    ...attributes,
    src: picture.src,
    srcset: picture.srcset,
    sizes,
    alt,
    width: picture.width,
    height: picture.height,
  });
  return `<picture class="responsive-image">${sourcesHtml(image, kind, sizes)}<img${img}></picture>`;
}
