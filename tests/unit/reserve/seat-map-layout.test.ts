/** The seat map's polish: row labels, price zones and the zoom that keeps seats >= 24 px. */
import { describe, expect, it } from "vitest";
import {
  MIN_SEAT_PX,
  openingFocus,
  priceZones,
  ROW_LABEL_GAP,
  rowLabels,
  zoneOf,
  zoomForSeatSize,
} from "../../../src/lib/domain/seat-map-layout.ts";
import { ZOOM_MAX } from "../../../src/lib/domain/seat-selection.ts";

const seat = (name: string, x: number, y: number, groups = ["stalls"]) => ({
  name,
  x,
  y,
  radius: 14,
  ticket_group_ids: groups,
});

describe("row labels ('row labels ... are missing')", () => {
  it("labels each row at both ends, outside its end seats, at the row's height", () => {
    const labels = rowLabels([
      seat("B2", 100, 240),
      seat("A1", 60, 200),
      seat("A2", 100, 200),
      seat("B1", 60, 240),
    ]);
    expect(labels).toEqual([
      {
        row: "B",
        left: { x: 60 - 14 - ROW_LABEL_GAP, y: 240 },
        right: { x: 100 + 14 + ROW_LABEL_GAP, y: 240 },
      },
      {
        row: "A",
        left: { x: 60 - 14 - ROW_LABEL_GAP, y: 200 },
        right: { x: 100 + 14 + ROW_LABEL_GAP, y: 200 },
      },
    ]);
  });

  it("a seat whose name carries no row gets no label", () => {
    expect(rowLabels([seat("Box 4", 10, 10)])).toEqual([]);
  });
});

describe("price zones ('a price legend (price zones)')", () => {
  const groups = [
    { id: "stalls", name: "Stalls", amounts: [4500] },
    { id: "balcony", name: "Balcony", amounts: [3000, 2500] },
    { id: "standing", name: "Standing", amounts: [1500] },
  ];

  it("one zone per group with seats on the map, in group order, each with its own style", () => {
    const zones = priceZones([seat("A1", 0, 0), seat("G1", 0, 0, ["balcony"])], groups);
    expect(zones).toEqual([
      { groupId: "stalls", name: "Stalls", min: 4500, max: 4500, style: 0 },
      { groupId: "balcony", name: "Balcony", min: 2500, max: 3000, style: 1 },
    ]);
    expect(zoneOf(seat("G2", 0, 0, ["balcony"]), zones)?.name).toBe("Balcony");
    expect(zoneOf(seat("X1", 0, 0, ["standing"]), zones)).toBeUndefined();
  });
});

describe("seat size on a phone ('make them at least 24 px, and zoom to fit')", () => {
  const map = { width: 720, height: 720 };

  it("zooms in just enough that a 28-unit seat is at least 24 px in a 350 px wide map", () => {
    const zoom = zoomForSeatSize(map, { width: 350, height: 350 }, 28);
    expect(28 * (350 / 720) * zoom).toBeGreaterThanOrEqual(MIN_SEAT_PX);
    expect(28 * (350 / 720) * (zoom - 0.05)).toBeLessThan(MIN_SEAT_PX);
  });

  it("keeps zoom 1 (the whole map) when seats are big enough, and caps at the zoom maximum", () => {
    expect(zoomForSeatSize(map, { width: 900, height: 900 }, 28)).toBe(1);
    expect(zoomForSeatSize(map, { width: 10, height: 10 }, 28)).toBe(ZOOM_MAX);
  });

  it("the smaller scale wins when the box is not the map's shape", () => {
    expect(zoomForSeatSize(map, { width: 900, height: 360 }, 28)).toBeGreaterThan(1);
  });
});

describe("where a zoomed map opens on a phone", () => {
  const map = { width: 800, height: 1000 };
  const hall = [
    seat("A1", 100, 150),
    seat("A2", 140, 150),
    seat("K1", 100, 800, ["balcony"]),
    seat("K2", 140, 800, ["balcony"]),
  ];
  it("at the stage end when the ordered seats are near it", () => {
    // Zoom 4: 250 map units show; the stalls start at 108, inside the first half screen.
    expect(openingFocus(map, 4, hall, new Set(["stalls"]))).toEqual({ x: 400, y: 125 });
  });
  it("regression: the balcony was off screen on a phone; the map opens on the first balcony row", () => {
    // The balcony's first row less three seat radii: 800 - 42 = 758, the view's top.
    expect(openingFocus(map, 4, hall, new Set(["balcony"]))).toEqual({ x: 400, y: 758 + 125 });
  });
  it("with both groups ordered, the first of them decides", () => {
    expect(openingFocus(map, 4, hall, new Set(["stalls", "balcony"]))).toEqual({ x: 400, y: 125 });
  });
});
