/**
 * Seats picked for the shopper when none were chosen (a reserve without a seat, a ticket added to
 * an order in Edit order, a reschedule): pure, no I/O.
 * - Without a party: front and centre, the run of `n` neighbours (along the previous/next links of
 *   a row) with the best place: a row further from the stage costs 1, a run at its row's end 2 more
 *   than one at its centre, so a centred run one row back beats the front row's end; else the
 *   first `n` seats in map order (top to bottom, left to right).
 * - With the party's seats (the order's or the cart's seats in that session): next to them in
 *   the same row when free (after the party first, then before it), else the run of `n` neighbours
 *   nearest the party, else the `n` nearest seats. Never a seat at an arbitrary row end away from it.
 * - Moving a party (a reschedule): the same seats when all are free, else the nearest to them.
 */

export interface PickSeat {
  id: string;
  x: number;
  y: number;
  previousId: string | null;
  nextId: string | null;
}

const mapOrder = <T extends PickSeat>(seats: readonly T[]): T[] =>
  [...seats].sort((a, b) => a.y - b.y || a.x - b.x || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** From `start`, up to `n` seats along its next links (start included). */
function runFrom<T extends PickSeat>(start: T, n: number, byId: ReadonlyMap<string, T>): T[] {
  const run: T[] = [start];
  let cursor: T | undefined = start;
  while (run.length < n && cursor?.nextId) {
    cursor = byId.get(cursor.nextId);
    if (!cursor || run.includes(cursor)) break;
    run.push(cursor);
  }
  return run;
}

/** Every run of `n` free neighbours, in map order. */
function runsOf<T extends PickSeat>(ordered: readonly T[], n: number, byId: ReadonlyMap<string, T>): T[][] {
  return ordered.map((start) => runFrom(start, n, byId)).filter((run) => run.length === n);
}

const centre = (seats: readonly PickSeat[]) => ({
  x: seats.reduce((sum, s) => sum + s.x, 0) / seats.length,
  y: seats.reduce((sum, s) => sum + s.y, 0) / seats.length,
});

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);

/** The run with the best place, front and centre (see the file comment), first in map order on a tie. */
function frontAndCentre<T extends PickSeat>(
  runs: readonly T[][],
  seats: readonly PickSeat[],
): T[] | undefined {
  const rowYs = [...new Set(seats.map((s) => Math.round(s.y)))].sort((a, b) => a - b);
  const rows = new Map(
    rowYs.map((y, rank) => {
      const xs = seats.filter((s) => Math.round(s.y) === y).map((s) => s.x);
      const [min, max] = [Math.min(...xs), Math.max(...xs)];
      return [y, { rank, centre: (min + max) / 2, halfWidth: Math.max((max - min) / 2, 1) }];
    }),
  );
  const score = (run: readonly T[]) => {
    const row = rows.get(Math.round(run[0]?.y ?? 0));
    if (!row) return Number.POSITIVE_INFINITY;
    return row.rank + (2 * Math.abs(centre(run).x - row.centre)) / row.halfWidth;
  };
  return runs.reduce<T[] | undefined>(
    (best, run) => (!best || score(run) < score(best) ? run : best),
    undefined,
  );
}

/** The free seats touching the party along its rows: after its seats first, then before them. */
function besideParty<T extends PickSeat>(
  party: readonly PickSeat[],
  n: number,
  free: ReadonlyMap<string, T>,
): T[] {
  const inParty = new Set(party.map((p) => p.id));
  const picked: T[] = [];
  const take = (link: "nextId" | "previousId") => {
    for (const seat of party) {
      let id = seat[link];
      while (picked.length < n && id && !inParty.has(id)) {
        const next = free.get(id);
        if (!next || picked.includes(next)) break;
        picked.push(next);
        id = next[link];
      }
    }
  };
  take("nextId");
  take("previousId");
  return picked;
}

/**
 * `n` seats of `available` (free seats of the group), next to `party` when given; [] when fewer
 * than `n` are free. `party` seats are never picked. `layout` is every seat of the map (taken ones
 * too), so a row's centre is where the hall's is, not where its free seats happen to be.
 */
export function pickSeatsNear<T extends PickSeat>(
  available: readonly T[],
  n: number,
  party: readonly PickSeat[] = [],
  layout: readonly PickSeat[] = available,
): T[] {
  const inParty = new Set(party.map((p) => p.id));
  const ordered = mapOrder(available.filter((s) => !inParty.has(s.id)));
  if (n <= 0 || ordered.length < n) return [];
  const free = new Map(ordered.map((s) => [s.id, s]));
  const runs = runsOf(ordered, n, free);
  if (!party.length) return frontAndCentre(runs, layout) ?? ordered.slice(0, n);
  const beside = besideParty(party, n, free);
  if (beside.length === n) return beside;
  const middle = centre(party);
  const nearest = (seats: readonly PickSeat[]) => distance(centre(seats), middle);
  const bestRun = runs.reduce<T[] | undefined>(
    (best, run) => (!best || nearest(run) < nearest(best) ? run : best),
    undefined,
  );
  if (bestRun) return bestRun;
  return [...ordered].sort((a, b) => distance(a, middle) - distance(b, middle)).slice(0, n);
}

/**
 * The seats picked for `n` tickets: a moving party's `former` seats (a reschedule) when all are
 * free; else next to the `party`'s seats in the session (pickSeatsNear); else nearest the former
 * seats, together when possible; else the first run of neighbours in map order.
 */
export function pickSeatsFor<T extends PickSeat>(
  available: readonly T[],
  n: number,
  people: { party?: readonly PickSeat[]; former?: readonly PickSeat[]; layout?: readonly PickSeat[] } = {},
): T[] {
  const party = people.party ?? [];
  const former = people.former ?? [];
  const free = new Map(available.map((s) => [s.id, s]));
  const same = former.flatMap((s) => free.get(s.id) ?? []);
  if (n > 0 && former.length === n && same.length === n) return same;
  if (party.length || !former.length) return pickSeatsNear(available, n, party, people.layout);
  // Nearest the former seats, which may be picked themselves (the party is not in them here).
  const ordered = mapOrder(available);
  if (n <= 0 || ordered.length < n) return [];
  const middle = centre(former);
  const score = (seats: readonly PickSeat[]) => distance(centre(seats), middle);
  const bestRun = runsOf(ordered, n, free).reduce<T[] | undefined>(
    (best, run) => (!best || score(run) < score(best) ? run : best),
    undefined,
  );
  return bestRun ?? [...ordered].sort((a, b) => distance(a, middle) - distance(b, middle)).slice(0, n);
}
