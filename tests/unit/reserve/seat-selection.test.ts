import { describe, expect, it } from "vitest";
import { buildReserveRequest, type RequestGroup } from "../../../src/lib/domain/reserve-request.ts";
import {
  type ChosenSeats,
  clampPan,
  clampZoom,
  findSeats,
  indexSeats,
  keepChosenFor,
  moveFocus,
  NOT_ENOUGH_SEATS,
  PAN_MARGIN,
  panBy,
  revealPoint,
  type SeatDemand,
  type SeatLike,
  type SeatState,
  seatProblems,
  seatProblemText,
  seatsComplete,
  TOO_MANY_SEATS,
  toggleSeat,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomIn,
  zoomOut,
  zoomTo,
} from "../../../src/lib/domain/seat-selection.ts";

/** Two rows of 6 linked seats: A (stalls) at y=100, B (balcony) at y=140, 40 units apart. */
function hall(states: Record<string, SeatState> = {}): SeatLike[] {
  const seats: SeatLike[] = [];
  for (const [row, y, group] of [
    ["A", 100, "stalls"],
    ["B", 140, "balcony"],
  ] as const) {
    for (let i = 1; i <= 6; i++) {
      const name = `${row}${i}`;
      seats.push({
        seat_template_id: name,
        name,
        x: 40 * i,
        y,
        state: states[name] ?? "available",
        previous_id: i > 1 ? `${row}${i - 1}` : null,
        next_id: i < 6 ? `${row}${i + 1}` : null,
        ticket_group_ids: [group],
      });
    }
  }
  return seats;
}

const stalls = (quantity: number): SeatDemand => ({ id: "stalls", name: "Stalls", quantity });
const balcony = (quantity: number): SeatDemand => ({ id: "balcony", name: "Balcony", quantity });

describe("seat clicks (spec §4 'Seats')", () => {
  it("'available to selected on click (neighbouring seats are auto-selected to fill the required quantity)'", () => {
    const index = indexSeats(hall());
    expect(toggleSeat(index, {}, "A2", [stalls(3)])).toEqual({ stalls: ["A2", "A3", "A4"] });
  });

  it("fills from the next neighbours first, then the previous ones, stopping at seats that cannot be chosen", () => {
    const index = indexSeats(hall({ A5: "booked" }));
    // A4's next is booked, so the run continues backwards from A4: A3, A2.
    expect(toggleSeat(index, {}, "A4", [stalls(3)])).toEqual({ stalls: ["A4", "A3", "A2"] });
  });

  it("selects only what the neighbours allow; the rest is picked by further clicks", () => {
    const index = indexSeats(hall({ A2: "unavailable", A4: "booked" }));
    const first = toggleSeat(index, {}, "A3", [stalls(3)]);
    expect(first).toEqual({ stalls: ["A3"] });
    expect(toggleSeat(index, first, "A5", [stalls(3)])).toEqual({ stalls: ["A3", "A5", "A6"] });
  });

  it("'and back': clicking a selected seat unselects it", () => {
    const index = indexSeats(hall());
    expect(toggleSeat(index, { stalls: ["A2", "A3"] }, "A3", [stalls(2)])).toEqual({ stalls: ["A2"] });
  });

  it("'booked and unavailable cannot be selected'", () => {
    const index = indexSeats(hall({ A1: "booked", A2: "unavailable" }));
    const none: ChosenSeats = {};
    expect(toggleSeat(index, none, "A1", [stalls(2)])).toBe(none);
    expect(toggleSeat(index, none, "A2", [stalls(2)])).toBe(none);
  });

  it("a seat of a group that is not being ordered cannot be selected", () => {
    const index = indexSeats(hall());
    const none: ChosenSeats = {};
    expect(toggleSeat(index, none, "B1", [stalls(2)])).toBe(none);
  });

  it("a click when the group has all its seats starts that group's choice again from the seat", () => {
    const index = indexSeats(hall());
    expect(toggleSeat(index, { stalls: ["A1", "A2"] }, "A5", [stalls(2)])).toEqual({ stalls: ["A5", "A6"] });
  });

  it("each seat goes to its own group; the group filter restricts clicks to one group", () => {
    const index = indexSeats(hall());
    const both = toggleSeat(index, { stalls: ["A1"] }, "B3", [stalls(1), balcony(2)]);
    expect(both).toEqual({ stalls: ["A1"], balcony: ["B3", "B4"] });
    expect(toggleSeat(index, {}, "B3", [stalls(1), balcony(2)], "stalls")).toEqual({});
  });
});

describe("'Find Seats' in the selector", () => {
  it("fills each group's remaining quantity with a run of neighbours, nearest the row's centre", () => {
    const seats = hall({ A1: "unavailable", A3: "booked" });
    // A2 alone is too short a run for 2; of A4-A5 and A5-A6, A4-A5 is nearer the centre.
    expect(findSeats(seats, {}, [stalls(2)])).toEqual({ stalls: ["A4", "A5"] });
  });

  it("regression: Find Seats picked seats at the row's end; an empty row gives its centre seats", () => {
    expect(findSeats(hall(), {}, [stalls(2)])).toEqual({ stalls: ["A3", "A4"] });
    expect(findSeats(hall(), {}, [balcony(1)])).toEqual({ balcony: ["B3"] });
  });

  it("a seat added to a party goes next to the seats it holds, not to the front or the row's end", () => {
    const seats = hall({ A1: "unavailable", A3: "booked" });
    expect(findSeats(seats, { stalls: ["A6"] }, [stalls(2), balcony(1)])).toEqual({
      stalls: ["A6", "A5"],
      balcony: ["B3"],
    });
  });

  it("front and centre: a centred run one row back beats the front row's end", () => {
    const rows: SeatLike[] = [];
    for (const [row, y] of [
      ["A", 100],
      ["B", 140],
    ] as const) {
      for (let i = 1; i <= 9; i++) {
        rows.push({
          seat_template_id: `${row}${i}`,
          name: `${row}${i}`,
          x: 40 * i,
          y,
          // Row A is sold but for its two seats at the end.
          state: row === "A" && i < 8 ? "booked" : "available",
          previous_id: i > 1 ? `${row}${i - 1}` : null,
          next_id: i < 9 ? `${row}${i + 1}` : null,
          ticket_group_ids: ["stalls"],
        });
      }
    }
    expect(findSeats(rows, {}, [stalls(2)])).toEqual({ stalls: ["B4", "B5"] });
    // With a centred pair left in the front row, the front row wins.
    const front = rows.map((seat) =>
      seat.name === "A4" || seat.name === "A5" ? { ...seat, state: "available" as const } : seat,
    );
    expect(findSeats(front, {}, [stalls(2)])).toEqual({ stalls: ["A4", "A5"] });
  });

  it("without a long enough run it takes the first free seats", () => {
    const seats = hall({ A2: "booked", A4: "booked", A6: "booked" });
    expect(findSeats(seats, {}, [stalls(3)])).toEqual({ stalls: ["A1", "A3", "A5"] });
  });
});

describe("seats complete (spec §5 'Seated orders need exactly as many seats as the quantity per group')", () => {
  it("'Not enough seats for ...' when a group has fewer seats than tickets", () => {
    const problems = seatProblems([stalls(2)], { stalls: ["A1"] });
    expect(problems).toEqual([{ groupId: "stalls", groupName: "Stalls", kind: "notEnough" }]);
    expect(problems[0] && seatProblemText(problems[0])).toBe("Not enough seats for Stalls");
    expect(NOT_ENOUGH_SEATS).toBe("Not enough seats for {name}");
  });

  it("'Too many seats for ...' when a group has more seats than tickets", () => {
    const problems = seatProblems([stalls(1)], { stalls: ["A1", "A2"] });
    expect(problems.map((p) => seatProblemText(p))).toEqual(["Too many seats for Stalls"]);
    expect(TOO_MANY_SEATS).toBe("Too many seats for {name}");
  });

  it("complete only when every seated group has exactly its quantity; a tenant text may replace the default", () => {
    expect(seatsComplete([stalls(2), balcony(1)], { stalls: ["A1", "A2"], balcony: ["B1"] })).toBe(true);
    expect(seatsComplete([stalls(2), balcony(1)], { stalls: ["A1", "A2"] })).toBe(false);
    expect(seatsComplete([], {})).toBe(true);
    const [problem] = seatProblems([balcony(1)], {});
    expect(problem && seatProblemText(problem, { notEnough: "Choose {name} seats", tooMany: "" })).toBe(
      "Choose Balcony seats",
    );
  });

  it("keeps only the seats of groups still ordered, at most their quantity", () => {
    expect(keepChosenFor([stalls(1)], { stalls: ["A1", "A2"], balcony: ["B1"] })).toEqual({ stalls: ["A1"] });
  });
});

describe("the add sends one reserve ticket per seat (spec §3 'Reserve ticket payload')", () => {
  it("a seated group's tickets go as quantity 1 lines carrying seat_template_id", () => {
    const group: RequestGroup = {
      id: "stalls",
      types: [
        { id: "stalls-standard", flexible: false, min: undefined, max: undefined, amount: 4500, fees: {} },
      ],
      admitNames: "disabled",
      admitEmails: "disabled",
      questions: [],
    };
    const request = buildReserveRequest([group], {
      quantities: { "stalls-standard": 2 },
      amounts: {},
      survey: {},
      admit: {},
      sessionId: "s1",
      seats: { stalls: ["A5", "A6"] },
    });
    expect(request.ok && request.add).toEqual([
      { ticket_type_id: "stalls-standard", event_session_id: "s1", quantity: 1, seat_template_id: "A5" },
      { ticket_type_id: "stalls-standard", event_session_id: "s1", quantity: 1, seat_template_id: "A6" },
    ]);
  });
});

describe("zoom and pan (spec §9 'zoom scale 1 to 8; zoom in doubles, out multiplies by 0.75; pan 50 units beyond the map')", () => {
  const map = { width: 720, height: 600 };

  it("zoom in doubles and zoom out multiplies by 0.75, clamped to 1..8", () => {
    expect(zoomIn(1)).toBe(2);
    expect(zoomIn(4)).toBe(8);
    expect(zoomIn(8)).toBe(ZOOM_MAX);
    expect(zoomOut(8)).toBe(6);
    expect(zoomOut(2)).toBe(1.5);
    expect(zoomOut(1.2)).toBe(ZOOM_MIN);
    expect(clampZoom(0.1)).toBe(1);
    expect(clampZoom(100)).toBe(8);
  });

  it("the view may pan 50 units beyond each edge of the map, no further", () => {
    expect(PAN_MARGIN).toBe(50);
    expect(clampPan(map, { zoom: 1, x: -500, y: 500 })).toEqual({ zoom: 1, x: -50, y: 50 });
    // At zoom 2 the view is 360 x 300: its corner goes from -50 to 720 - 360 + 50.
    expect(clampPan(map, { zoom: 2, x: 1000, y: -1000 })).toEqual({ zoom: 2, x: 410, y: -50 });
    expect(panBy(map, { zoom: 2, x: 100, y: 100 }, 30, -20)).toEqual({ zoom: 2, x: 130, y: 80 });
  });

  it("zooming keeps the view's centre; revealing a seat moves the view just enough", () => {
    expect(zoomTo(map, { zoom: 1, x: 0, y: 0 }, 2)).toEqual({ zoom: 2, x: 180, y: 150 });
    expect(revealPoint(map, { zoom: 2, x: 0, y: 0 }, { x: 500, y: 100 }, 20)).toEqual({
      zoom: 2,
      x: 160,
      y: 0,
    });
    expect(revealPoint(map, { zoom: 2, x: 100, y: 100 }, { x: 200, y: 200 })).toEqual({
      zoom: 2,
      x: 100,
      y: 100,
    });
  });
});

describe("keyboard moves between seats (every seat reachable)", () => {
  const seats = hall();
  it("left and right follow the previous/next chain; home and end go to the row's ends", () => {
    expect(moveFocus(seats, "A2", "right")).toBe("A3");
    expect(moveFocus(seats, "A2", "left")).toBe("A1");
    expect(moveFocus(seats, "A1", "left")).toBe("A1");
    expect(moveFocus(seats, "A3", "home")).toBe("A1");
    expect(moveFocus(seats, "A3", "end")).toBe("A6");
  });

  it("up and down go to the nearest seat of the next row", () => {
    expect(moveFocus(seats, "A4", "down")).toBe("B4");
    expect(moveFocus(seats, "B2", "up")).toBe("A2");
    expect(moveFocus(seats, "B2", "down")).toBe("B2");
  });

  it("every seat is reachable from the first one with right and down", () => {
    const reached = new Set<string>();
    let rowStart = "A1";
    for (;;) {
      let id = rowStart;
      reached.add(id);
      for (let next = moveFocus(seats, id, "right"); next !== id; next = moveFocus(seats, id, "right")) {
        id = next;
        reached.add(id);
      }
      const below = moveFocus(seats, rowStart, "down");
      if (below === rowStart) break;
      rowStart = moveFocus(seats, below, "home");
    }
    expect(reached.size).toBe(seats.length);
  });
});
