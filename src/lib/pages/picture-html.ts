/**
 * A card's or the cover's `<picture>` as HTML (ResponsiveImage.astro renders it): AVIF, then WebP
 * `<source>`s of the snapped widths, then the source format as the `<img>`'s own srcset
 * (api/images.ts, which works the URLs out once per image). Written as one string rather than an
 * Astro template of a dozen escaped URLs: a listing renders one per card on every request,
 * so the string is the faster to build.
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
  const sources = picture.sources
    .map((source) => `<source${htmlAttributes({ type: source.type, srcset: source.srcset, sizes })}>`)
    .join("");
  return `<picture class="responsive-image">${sources}<img${img}></picture>`;
}
