/**
 * What the seat map draws besides the seats: row labels at both ends
 * of each row, price zones (one per seated ticket group on the map, each with its own fill and
 * pattern so the zones differ without colour), and the zoom that keeps seats at least 24 px
 * wide on a small screen. Pure.
 */
import { seatParts } from "./seat-label.ts";
import { clampZoom, type MapSize } from "./seat-selection.ts";

/** 'make them at least 24 px' (a touch target's minimum in WCAG 2.2 2.5.8). */
export const MIN_SEAT_PX = 24;
/** Row labels sit this many map units outside a row's end seats. */
export const ROW_LABEL_GAP = 18;
/** Fills of the price zones, in order; the CSS draws zone N with fill N (solid, stripes, dots). */
export const ZONE_STYLES = 3;

interface PlacedSeat {
  name: string;
  x: number;
  y: number;
  radius: number;
}

export interface RowLabel {
  row: string;
  /** Label positions in map units: left of the first seat and right of the last one. */
  left: { x: number; y: number };
  right: { x: number; y: number };
}

/**
 * One label per row name ('A', 'B', ...) read from the seat names; seats whose names carry no row
 * get none. A row's label sits at its seats' mean height.
 */
export function rowLabels(seats: readonly PlacedSeat[]): RowLabel[] {
  const rows = new Map<string, PlacedSeat[]>();
  for (const seat of seats) {
    const { row } = seatParts(seat.name);
    if (!row) continue;
    rows.set(row, [...(rows.get(row) ?? []), seat]);
  }
  return [...rows.entries()].map(([row, members]) => {
    const first = members.reduce((a, b) => (b.x - b.radius < a.x - a.radius ? b : a));
    const last = members.reduce((a, b) => (b.x + b.radius > a.x + a.radius ? b : a));
    const y = members.reduce((sum, seat) => sum + seat.y, 0) / members.length;
    return {
      row,
      left: { x: first.x - first.radius - ROW_LABEL_GAP, y },
      right: { x: last.x + last.radius + ROW_LABEL_GAP, y },
    };
  });
}

export interface ZoneGroup {
  id: string;
  name: string;
  /** The group's ticket prices, minor units. */
  amounts: readonly number[];
}

export interface PriceZone {
  groupId: string;
  name: string;
  /** Lowest and highest ticket price of the zone, minor units. */
  min: number;
  max: number;
  /** Which fill the zone takes (0 .. ZONE_STYLES - 1). */
  style: number;
}

/** The price zones of the map: the groups (in their order) that some seat belongs to. */
export function priceZones(
  seats: readonly { ticket_group_ids: readonly string[] }[],
  groups: readonly ZoneGroup[],
): PriceZone[] {
  const onMap = new Set(seats.flatMap((seat) => seat.ticket_group_ids));
  return groups
    .filter((group) => onMap.has(group.id) && group.amounts.length > 0)
    .map((group, index) => ({
      groupId: group.id,
      name: group.name,
      min: Math.min(...group.amounts),
      max: Math.max(...group.amounts),
      style: index % ZONE_STYLES,
    }));
}

/** The zone a seat is drawn in: its first group that is a zone. */
export function zoneOf(
  seat: { ticket_group_ids: readonly string[] },
  zones: readonly PriceZone[],
): PriceZone | undefined {
  for (const id of seat.ticket_group_ids) {
    const zone = zones.find((z) => z.groupId === id);
    if (zone) return zone;
  }
  return undefined;
}

/**
 * The smallest zoom at which a seat of `diameter` map units is at least `minPx` pixels on a map
 * drawn in a `box` of pixels (the SVG keeps its aspect: the smaller scale wins), within the zoom
 * range; 1 when the seats are big enough already.
 */
export function zoomForSeatSize(
  map: MapSize,
  box: { width: number; height: number },
  diameter: number,
  minPx = MIN_SEAT_PX,
): number {
  if (box.width <= 0 || box.height <= 0 || diameter <= 0) return clampZoom(1);
  const scale = Math.min(box.width / map.width, box.height / map.height);
  const px = diameter * scale;
  // Rounded up to a hundredth so the seat ends at or above minPx, never a rounding below.
  return clampZoom(Math.ceil((minPx / px) * 100) / 100);
}

/**
 * Where a zoomed map opens: the centre its view takes (map units). The map opens at the stage end,
 * unless the seats the shopper is choosing (the ordered groups') start further down than half a
 * screen: then it opens on their first row, a seat's height above it, so balcony seats are on
 * screen rather than below the stalls.
 */
export function openingFocus(
  map: MapSize,
  zoom: number,
  seats: readonly (PlacedSeat & { ticket_group_ids: readonly string[] })[],
  groups: ReadonlySet<string>,
): { x: number; y: number } {
  const visible = map.height / zoom;
  const ordered = seats.filter((seat) => seat.ticket_group_ids.some((g) => groups.has(g)));
  const top = Math.min(...ordered.map((seat) => seat.y - 3 * seat.radius));
  const y = Number.isFinite(top) && top > visible / 2 ? top : 0;
  return { x: map.width / 2, y: y + visible / 2 };
}
