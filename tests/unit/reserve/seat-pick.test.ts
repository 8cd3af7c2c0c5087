/**
 * Seats picked for the shopper (src/lib/domain/seat-pick.ts): next to the party's seats, nearest
 * them otherwise, the same seats on a move when free.
 */
import { describe, expect, it } from "vitest";
import { type PickSeat, pickSeatsFor, pickSeatsNear } from "../../../src/lib/domain/seat-pick.ts";

/** Rows A to E, seats 1 to 12, 10 units apart; each row linked left to right. */
function hall(): PickSeat[] {
  const seats: PickSeat[] = [];
  for (const [r, row] of ["A", "B", "C", "D", "E"].entries()) {
    for (let n = 1; n <= 12; n++) {
      seats.push({
        id: `${row}${n}`,
        x: n * 10,
        y: r * 10,
        previousId: n > 1 ? `${row}${n - 1}` : null,
        nextId: n < 12 ? `${row}${n + 1}` : null,
      });
    }
  }
  return seats;
}

const without = (seats: readonly PickSeat[], ids: readonly string[]) =>
  seats.filter((s) => !ids.includes(s.id));
const byIds = (seats: readonly PickSeat[], ids: readonly string[]) => seats.filter((s) => ids.includes(s.id));
const ids = (seats: readonly PickSeat[]) => seats.map((s) => s.id);

describe("a seat added to a party is picked next to it", () => {
  const seats = hall();
  const party = byIds(seats, ["C9", "C10"]);
  const free = without(seats, ["C9", "C10"]);

  it("regression: an added seat went to A5, away from the party's C9 and C10; it is C11 (or C8) when free", () => {
    const [picked] = ids(pickSeatsNear(free, 1, party));
    expect(["C8", "C11"]).toContain(picked);
    expect(picked).not.toBe("A5");
  });

  it("C8 when C11 is taken; two seats fill both sides when neither side has two", () => {
    expect(ids(pickSeatsNear(without(free, ["C11"]), 1, party))).toEqual(["C8"]);
    expect(ids(pickSeatsNear(without(free, ["C12", "C7"]), 2, party)).sort()).toEqual(["C11", "C8"]);
  });

  it("two free seats after the party stay together: C11 and C12", () => {
    expect(ids(pickSeatsNear(free, 2, party))).toEqual(["C11", "C12"]);
  });

  it("with both neighbours taken, the nearest seat to the party (the row in front or behind), not a row end", () => {
    const [picked] = ids(pickSeatsNear(without(free, ["C8", "C11"]), 1, party));
    expect(["B9", "B10", "D9", "D10"]).toContain(picked);
  });

  it("a party's seats are never picked, and fewer free seats than asked give none", () => {
    expect(ids(pickSeatsNear(seats, 2, party))).toEqual(["C11", "C12"]);
    expect(pickSeatsNear(byIds(seats, ["A1"]), 2, party)).toEqual([]);
  });

  it("regression: seats were picked at the row's end; without a party, front and centre", () => {
    const row = seats.filter((seat) => seat.y === seats[0]?.y);
    const picked = pickSeatsNear(seats, 2);
    // The front row's middle pair: as many seats of the row on either side.
    const left = row.filter((seat) => seat.x < Math.min(...picked.map((p) => p.x))).length;
    const right = row.filter((seat) => seat.x > Math.max(...picked.map((p) => p.x))).length;
    expect(picked.every((seat) => seat.y === row[0]?.y)).toBe(true);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
  });
});

describe("a party moving to another session (a reschedule)", () => {
  const seats = hall();
  it("keeps its seats when they are all free there", () => {
    expect(ids(pickSeatsFor(seats, 2, { former: byIds(seats, ["C9", "C10"]) }))).toEqual(["C9", "C10"]);
  });
  it("else sits together nearest them", () => {
    const picked = ids(pickSeatsFor(without(seats, ["C10"]), 2, { former: byIds(seats, ["C9", "C10"]) }));
    expect(picked).toHaveLength(2);
    expect(["C8,C9", "C7,C8", "C11,C12", "B9,B10", "D9,D10"]).toContain(picked.join(","));
  });
  it("a party moved type by type: the first type takes its own seat, the next sits beside it (or its own)", () => {
    const first = pickSeatsFor(seats, 1, { former: byIds(seats, ["C9"]) });
    expect(ids(first)).toEqual(["C9"]);
    const former = byIds(seats, ["C10"]);
    expect(ids(pickSeatsFor(without(seats, ["C9"]), 1, { party: first, former }))).toEqual(["C10"]);
    // C10 is taken in the new session: beside the party's C9 instead.
    expect(ids(pickSeatsFor(without(seats, ["C9", "C10"]), 1, { party: first, former }))).toEqual(["C8"]);
  });
  it("a party of another size is seated together nearest its former seats", () => {
    expect(ids(pickSeatsFor(seats, 1, { former: byIds(seats, ["E12", "E11"]) }))).toEqual(["E11"]);
  });
});
