import { describe, expect, it } from "vitest";
import { axisTicks, barChart, niceStep } from "../../../src/lib/domain/admin/bar-chart.ts";

describe("the Today page's chart: 'charts where people would rather look than read'", () => {
  it("round gridline steps: 1, 2 or 5 times a power of ten", () => {
    expect([niceStep(0), niceStep(3), niceStep(7), niceStep(38), niceStep(950), niceStep(12_345)]).toEqual([
      1, 1, 2, 10, 500, 5000,
    ]);
  });

  it("bars scale to the top gridline; an empty day draws flat bars, not NaN", () => {
    const chart = barChart([0, 5, 10, 2], 400, 100);
    expect(chart.max).toBe(10);
    expect(chart.bars.map((b) => b.height)).toEqual([0, 50, 100, 20]);
    expect(chart.bars[1]?.x).toBe(101);
    expect(chart.grid.map((g) => [g.value, g.y])).toEqual([
      [0, 100],
      [5, 50],
      [10, 0],
    ]);
    const empty = barChart([0, 0], 100, 50);
    expect(empty.bars.every((b) => b.height === 0 && Number.isFinite(b.y))).toBe(true);
  });

  it("an axis labels the first and last bar and at most five in all, evenly", () => {
    expect(axisTicks(0)).toEqual([]);
    expect(axisTicks(3)).toEqual([0, 1, 2]);
    expect(axisTicks(24)).toEqual([0, 6, 12, 17, 23]);
    expect(axisTicks(30)).toEqual([0, 7, 15, 22, 29]);
    expect(axisTicks(6, 5)).toEqual([0, 1, 3, 4, 5]);
  });
});
