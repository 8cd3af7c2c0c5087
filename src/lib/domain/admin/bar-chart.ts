/**
 * A bar chart's geometry, for a chart drawn as server-rendered SVG (no script): one bar per value,
 * scaled to the largest, with a few round gridline values. Pure; the page draws it and gives the
 * same numbers as a table for screen readers.
 */
export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

export interface BarChart {
  bars: Bar[];
  /** Gridlines: their value and y. */
  grid: { value: number; y: number }[];
  max: number;
}

/** A round step (1, 2 or 5 times a power of ten) giving about `lines` gridlines up to `max`. */
export function niceStep(max: number, lines = 4): number {
  if (max <= 0) return 1;
  const raw = max / lines;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10;
  return Math.max(1, nice * power);
}

export function barChart(values: readonly number[], width: number, height: number, gap = 2): BarChart {
  const step = niceStep(Math.max(0, ...values));
  const top = Math.max(step, Math.ceil(Math.max(0, ...values) / step) * step);
  const slot = values.length > 0 ? width / values.length : width;
  const bars = values.map((value, i) => {
    const h = top > 0 ? (Math.max(0, value) / top) * height : 0;
    return { x: i * slot + gap / 2, y: height - h, width: Math.max(1, slot - gap), height: h, value };
  });
  const grid: { value: number; y: number }[] = [];
  for (let v = 0; v <= top; v += step) grid.push({ value: v, y: height - (v / top) * height });
  return { bars, grid, max: top };
}

/**
 * The indexes an axis labels among `count` bars: the first, the last, and evenly between, at most
 * `most` in all, so the labels never crowd.
 */
export function axisTicks(count: number, most = 5): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (most - 1);
  return [...new Set(Array.from({ length: most }, (_, i) => Math.round(i * step)))];
}
