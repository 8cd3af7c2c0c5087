/**
 * Seat selection rules (spec 1 §2 "Seat selection", §4 "Seats", §5 seated orders, §9 seat map):
 * - a click on an available seat selects it and auto-selects its neighbours (next, then previous)
 *   to fill the quantity still needed; a click on a selected seat unselects it; booked and
 *   unavailable seats cannot be selected;
 * - seated orders need exactly as many seats as the quantity per group ('Not enough seats for ...'
 *   or 'Too many seats for ...');
 * - the map zooms from 1 to 8 (in doubles, out multiplies by 0.75) and pans 50 units beyond it;
 * - keyboard moves between seats (along the previous/next chain and between rows).
 * Pure: no I/O, no DOM.
 */
import { type PickSeat, pickSeatsNear } from "./seat-pick.ts";

export type SeatState = "available" | "booked" | "unavailable";

/** A seat as the rules need it (the seat resource's fields). */
export interface SeatLike {
  seat_template_id: string;
  name: string;
  x: number;
  y: number;
  state: SeatState;
  previous_id: string | null;
  next_id: string | null;
  ticket_group_ids: readonly string[];
}

/** Chosen seat_template_ids by ticket group id, in choice order. */
export type ChosenSeats = Readonly<Record<string, readonly string[]>>;

/** A seated group of the order: its id, name and chosen quantity. */
export interface SeatDemand {
  id: string;
  name: string;
  quantity: number;
}

export type SeatIndex = ReadonlyMap<string, SeatLike>;

export function indexSeats(seats: readonly SeatLike[]): SeatIndex {
  return new Map(seats.map((seat) => [seat.seat_template_id, seat]));
}

/** The group a seat is chosen for, if any. */
export function chosenGroupOf(chosen: ChosenSeats, seatId: string): string | undefined {
  return Object.keys(chosen).find((g) => chosen[g]?.includes(seatId));
}

const chosenCount = (chosen: ChosenSeats, groupId: string) => chosen[groupId]?.length ?? 0;

/** Whether a seat can be chosen for a group: available, of that group, and not chosen already. */
export function isSelectable(seat: SeatLike | undefined, groupId: string, chosen: ChosenSeats): boolean {
  return (
    !!seat &&
    seat.state === "available" &&
    seat.ticket_group_ids.includes(groupId) &&
    chosenGroupOf(chosen, seat.seat_template_id) === undefined
  );
}

/**
 * From `startId`, up to `count` selectable seats of the group: the seat itself, then its next
 * neighbours, then its previous ones, stopping at the first seat that cannot be chosen.
 */
export function neighbourRun(
  index: SeatIndex,
  startId: string,
  groupId: string,
  count: number,
  chosen: ChosenSeats,
): string[] {
  const start = index.get(startId);
  if (count <= 0 || !isSelectable(start, groupId, chosen) || !start) return [];
  const run = [start.seat_template_id];
  for (const link of ["next_id", "previous_id"] as const) {
    let cursor = start[link] ? index.get(start[link]) : undefined;
    while (run.length < count && cursor && isSelectable(cursor, groupId, chosen)) {
      if (run.includes(cursor.seat_template_id)) break;
      run.push(cursor.seat_template_id);
      const nextId: string | null = cursor[link];
      cursor = nextId ? index.get(nextId) : undefined;
    }
  }
  return run;
}

/** The group a click on this seat chooses for: the filter's, else the first that still needs seats. */
function targetGroup(
  seat: SeatLike,
  demand: readonly SeatDemand[],
  chosen: ChosenSeats,
  filter: string | undefined,
): SeatDemand | undefined {
  const candidates = demand.filter(
    (g) => g.quantity > 0 && seat.ticket_group_ids.includes(g.id) && (!filter || g.id === filter),
  );
  return candidates.find((g) => chosenCount(chosen, g.id) < g.quantity) ?? candidates[0];
}

/**
 * A click on a seat (spec §4 "Seats"): a selected seat is unselected; an available seat is selected
 * with neighbours to fill its group's remaining quantity. When the group already has all its seats,
 * the click starts that group's choice again from this seat. Booked and unavailable seats, and seats
 * of no group being ordered, change nothing.
 */
export function toggleSeat(
  index: SeatIndex,
  chosen: ChosenSeats,
  seatId: string,
  demand: readonly SeatDemand[],
  filter?: string,
): ChosenSeats {
  const owner = chosenGroupOf(chosen, seatId);
  if (owner) return { ...chosen, [owner]: (chosen[owner] ?? []).filter((id) => id !== seatId) };
  const seat = index.get(seatId);
  if (seat?.state !== "available") return chosen;
  const group = targetGroup(seat, demand, chosen, filter);
  if (!group) return chosen;
  const full = chosenCount(chosen, group.id) >= group.quantity;
  const base: ChosenSeats = full ? { ...chosen, [group.id]: [] } : chosen;
  const remaining = group.quantity - chosenCount(base, group.id);
  const run = neighbourRun(index, seatId, group.id, remaining, base);
  return { ...base, [group.id]: [...(base[group.id] ?? []), ...run] };
}

/** Seats in map order: top to bottom, left to right. */
export function mapOrder<T extends Pick<SeatLike, "x" | "y" | "seat_template_id">>(seats: readonly T[]): T[] {
  return [...seats].sort(
    (a, b) =>
      a.y - b.y ||
      a.x - b.x ||
      (a.seat_template_id < b.seat_template_id ? -1 : a.seat_template_id > b.seat_template_id ? 1 : 0),
  );
}

/**
 * 'Find Seats' in the selector: fills every group's remaining quantity with the seats the server
 * would pick (seat-pick.ts): next to the seats the party already holds, else front and centre,
 * else the first selectable seats in map order.
 */
export function findSeats(seats: readonly SeatLike[], chosen: ChosenSeats, demand: readonly SeatDemand[]) {
  const index = indexSeats(seats);
  const asPick = (seat: SeatLike): PickSeat => ({
    id: seat.seat_template_id,
    x: seat.x,
    y: seat.y,
    previousId: seat.previous_id,
    nextId: seat.next_id,
  });
  let next: ChosenSeats = chosen;
  for (const group of demand) {
    const remaining = group.quantity - chosenCount(next, group.id);
    if (remaining <= 0) continue;
    const free = seats.filter((seat) => isSelectable(seat, group.id, next)).map(asPick);
    const party = (next[group.id] ?? []).flatMap((id) => {
      const seat = index.get(id);
      return seat ? [asPick(seat)] : [];
    });
    const picked = pickSeatsNear(free, Math.min(remaining, free.length), party, seats.map(asPick)).map(
      (seat) => seat.id,
    );
    next = { ...next, [group.id]: [...(next[group.id] ?? []), ...picked] };
  }
  return next;
}

export const NOT_ENOUGH_SEATS = "Not enough seats for {name}";
export const TOO_MANY_SEATS = "Too many seats for {name}";

export interface SeatProblem {
  groupId: string;
  groupName: string;
  kind: "notEnough" | "tooMany";
}

/**
 * Spec §5: 'Seated orders need exactly as many seats as the quantity per group'. Answers the
 * problems, one per group whose seat count differs from its quantity; none means seats complete.
 */
export function seatProblems(demand: readonly SeatDemand[], chosen: ChosenSeats): SeatProblem[] {
  const problems: SeatProblem[] = [];
  for (const group of demand) {
    const count = chosenCount(chosen, group.id);
    if (count < group.quantity)
      problems.push({ groupId: group.id, groupName: group.name, kind: "notEnough" });
    else if (count > group.quantity)
      problems.push({ groupId: group.id, groupName: group.name, kind: "tooMany" });
  }
  return problems;
}

export const seatsComplete = (demand: readonly SeatDemand[], chosen: ChosenSeats): boolean =>
  seatProblems(demand, chosen).length === 0;

/** The shopper's text of a problem; templates default to the spec's texts. */
export function seatProblemText(
  problem: SeatProblem,
  templates: { notEnough: string; tooMany: string } = {
    notEnough: NOT_ENOUGH_SEATS,
    tooMany: TOO_MANY_SEATS,
  },
): string {
  return templates[problem.kind].replace("{name}", problem.groupName);
}

/** Only the chosen seats of groups still ordered, never more than each group's quantity. */
export function keepChosenFor(demand: readonly SeatDemand[], chosen: ChosenSeats): ChosenSeats {
  const out: Record<string, readonly string[]> = {};
  for (const group of demand) {
    const list = chosen[group.id];
    if (list && list.length > 0) out[group.id] = list.slice(0, group.quantity);
  }
  return out;
}

// --- Zoom and pan (spec §9) ---

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
export const ZOOM_IN_FACTOR = 2;
export const ZOOM_OUT_FACTOR = 0.75;
/** The map may be panned this many units beyond each edge. */
export const PAN_MARGIN = 50;
/** The selector renders this long before it opens. */
export const SELECTOR_OPEN_DELAY_MS = 50;

export interface MapSize {
  width: number;
  height: number;
}

/** The visible part of the map: zoom and the top-left corner in map units. */
export interface Viewport {
  zoom: number;
  x: number;
  y: number;
}

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
export const zoomIn = (zoom: number): number => clampZoom(zoom * ZOOM_IN_FACTOR);
export const zoomOut = (zoom: number): number => clampZoom(zoom * ZOOM_OUT_FACTOR);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The viewport with its corner kept within PAN_MARGIN units beyond the map's edges. */
export function clampPan(map: MapSize, view: Viewport): Viewport {
  const zoom = clampZoom(view.zoom);
  const w = map.width / zoom;
  const h = map.height / zoom;
  return {
    zoom,
    x: clamp(view.x, -PAN_MARGIN, map.width - w + PAN_MARGIN),
    y: clamp(view.y, -PAN_MARGIN, map.height - h + PAN_MARGIN),
  };
}

export const initialViewport = (): Viewport => ({ zoom: ZOOM_MIN, x: 0, y: 0 });

/** Zooms to `zoom` keeping the point at the viewport's centre (or `focus`) where it is. */
export function zoomTo(
  map: MapSize,
  view: Viewport,
  zoom: number,
  focus?: { x: number; y: number },
): Viewport {
  const next = clampZoom(zoom);
  const w = map.width / view.zoom;
  const h = map.height / view.zoom;
  const centre = focus ?? { x: view.x + w / 2, y: view.y + h / 2 };
  return clampPan(map, {
    zoom: next,
    x: centre.x - map.width / next / 2,
    y: centre.y - map.height / next / 2,
  });
}

/** Pans by a distance in map units. */
export const panBy = (map: MapSize, view: Viewport, dx: number, dy: number): Viewport =>
  clampPan(map, { ...view, x: view.x + dx, y: view.y + dy });

/** The viewport moved just enough to show a point (with a margin), e.g. the seat that took focus. */
export function revealPoint(map: MapSize, view: Viewport, point: { x: number; y: number }, margin = 20) {
  const w = map.width / view.zoom;
  const h = map.height / view.zoom;
  let { x, y } = view;
  if (point.x - margin < x) x = point.x - margin;
  else if (point.x + margin > x + w) x = point.x + margin - w;
  if (point.y - margin < y) y = point.y - margin;
  else if (point.y + margin > y + h) y = point.y + margin - h;
  return clampPan(map, { ...view, x, y });
}

// --- Keyboard moves between seats ---

export type SeatMove = "left" | "right" | "up" | "down" | "home" | "end";

/** Rows: seats sharing a y, top to bottom, each left to right. */
export function seatRows<T extends Pick<SeatLike, "x" | "y" | "seat_template_id">>(
  seats: readonly T[],
): T[][] {
  const rows = new Map<number, T[]>();
  for (const seat of mapOrder(seats)) {
    const key = Math.round(seat.y);
    rows.set(key, [...(rows.get(key) ?? []), seat]);
  }
  return [...rows.values()];
}

/**
 * Where a key moves focus from a seat: left and right follow the previous/next chain (else the
 * row's neighbour), up and down go to the nearest seat of the row above or below, home and end to
 * the row's first and last seat. Answers the same id at an edge.
 */
export function moveFocus(seats: readonly SeatLike[], fromId: string, move: SeatMove): string {
  const index = indexSeats(seats);
  const from = index.get(fromId);
  if (!from) return seats[0]?.seat_template_id ?? fromId;
  const rows = seatRows(seats);
  const r = rows.findIndex((row) => row.some((s) => s.seat_template_id === fromId));
  const row = rows[r] ?? [];
  const i = row.findIndex((s) => s.seat_template_id === fromId);
  const linked = (id: string | null) => (id && index.has(id) ? id : undefined);
  switch (move) {
    case "right":
      return linked(from.next_id) ?? row[i + 1]?.seat_template_id ?? fromId;
    case "left":
      return linked(from.previous_id) ?? row[i - 1]?.seat_template_id ?? fromId;
    case "home":
      return row[0]?.seat_template_id ?? fromId;
    case "end":
      return row[row.length - 1]?.seat_template_id ?? fromId;
    case "up":
    case "down": {
      const target = rows[move === "up" ? r - 1 : r + 1];
      if (!target || target.length === 0) return fromId;
      const nearest = target.reduce((best, s) =>
        Math.abs(s.x - from.x) < Math.abs(best.x - from.x) ? s : best,
      );
      return nearest.seat_template_id;
    }
  }
}
