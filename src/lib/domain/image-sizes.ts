/**
 * Which size the image endpoint renders for a requested sizex/sizey ("Snap the sizes to a
 * small set (the sizes the pages use)"). Any size would let a caller make the server resize and
 * store one image thousands of times; snapped, an image has a few variants only.
 *
 * - No size: the source as it is.
 * - Both: the smallest box (by area) that covers the request in both directions, else the largest
 *   box. The pages ask for their boxes exactly, so they get exactly what they ask for.
 * - Width only (or height only): the smallest box width (height) at least the one asked, else the
 *   largest; the other side follows the image's own proportions, as before.
 */
export interface Box {
  width: number;
  height: number;
}

export interface SizeRequest {
  sizex?: number;
  sizey?: number;
}

const byArea = (a: Box, b: Box) => a.width * a.height - b.width * b.height;

/** The smallest value of `values` at least `wanted`, else the largest. */
function snapOne(wanted: number, values: readonly number[]): number {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  return sorted.find((v) => v >= wanted) ?? sorted[sorted.length - 1] ?? wanted;
}

export function snapSize(request: SizeRequest, boxes: readonly Box[]): SizeRequest {
  const { sizex, sizey } = request;
  if (!boxes.length) return {};
  if (sizex !== undefined && sizey !== undefined) {
    const sorted = [...boxes].sort(byArea);
    const box = sorted.find((b) => b.width >= sizex && b.height >= sizey) ?? sorted[sorted.length - 1];
    return box ? { sizex: box.width, sizey: box.height } : {};
  }
  if (sizex !== undefined)
    return {
      sizex: snapOne(
        sizex,
        boxes.map((b) => b.width),
      ),
    };
  if (sizey !== undefined)
    return {
      sizey: snapOne(
        sizey,
        boxes.map((b) => b.height),
      ),
    };
  return {};
}
