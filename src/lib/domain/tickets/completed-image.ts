/**
 * The completed order page's seller image (spec 2 §2 "links and images (a separate mobile image
 * below 26em), with offsets"; §3 seller meta completed_image, completed_mobile_image,
 * completed_image_alternate_text, completed offsets).
 *
 * The spec names "completed offsets" without keys. Reading chosen here: `completed_image_offset`
 * and `completed_mobile_image_offset` place the picture inside its banner (which crops it, CSS
 * `object-fit: cover`), as the focal point the crop keeps:
 * - a number 0 to 100: the vertical position in percent (0 keeps the top, 100 the bottom);
 * - a string "X% Y%" (or one "Y%"): both positions in percent;
 * - an object {x, y} of numbers 0 to 100.
 * Anything else, or a value out of range, centres the picture ("50% 50%"). The mobile image
 * uses its own offset, falling back to the desktop one; without a mobile image the desktop image
 * shows on phones too, with the mobile offset.
 */

export const MOBILE_IMAGE_MEDIA = "(max-width: 26em)";
export const CENTRED = "50% 50%";

export interface CompletedImage {
  src: string;
  mobileSrc: string | null;
  alt: string;
  /** CSS object-position of the picture above 26em. */
  position: string;
  /** CSS object-position below 26em. */
  mobilePosition: string;
}

const percent = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 100
    ? Math.round(value * 100) / 100
    : null;

/** A seller offset to a CSS object-position, or null when the value can't be read. */
export function offsetPosition(value: unknown): string | null {
  const single = percent(value);
  if (single !== null) return `50% ${single}%`;
  if (typeof value === "string") {
    const parts = value.trim().split(/\s+/);
    const numbers = parts.map((p) =>
      /^\d{1,3}(\.\d+)?%?$/.test(p) ? percent(Number(p.replace("%", ""))) : null,
    );
    if (numbers.some((n) => n === null) || numbers.length < 1 || numbers.length > 2) return null;
    return numbers.length === 1 ? `50% ${numbers[0]}%` : `${numbers[0]}% ${numbers[1]}%`;
  }
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    const x = record.x === undefined ? 50 : percent(record.x);
    const y = record.y === undefined ? 50 : percent(record.y);
    return x === null || y === null ? null : `${x}% ${y}%`;
  }
  return null;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The image of the seller's meta record (resource "seller"), or null without completed_image. */
export function completedImage(record: Readonly<Record<string, unknown>> | undefined): CompletedImage | null {
  const src = text(record?.completed_image);
  if (!src) return null;
  const position = offsetPosition(record?.completed_image_offset) ?? CENTRED;
  return {
    src,
    mobileSrc: text(record?.completed_mobile_image),
    alt: text(record?.completed_image_alternate_text) ?? "",
    position,
    mobilePosition: offsetPosition(record?.completed_mobile_image_offset) ?? position,
  };
}
