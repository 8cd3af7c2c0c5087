/**
 * The Harbour Museum concert hall: 10 rows of 16 seats. Rows A-F are the stalls, rows G-J the
 * balcony (drawn behind a gap). Seats link to their neighbours along the row (previous_id and
 * next_id), a few are permanently unavailable, and the first session has some seats booked.
 */
import type { SeatMapRow, SeatRow, SessionSeatRow } from "./builders.ts";

export const CONCERT_SEAT_MAP_ID = "hm-concert-seatmap";
export const STALLS_GROUP_ID = "hm-concert-stalls";
export const BALCONY_GROUP_ID = "hm-concert-balcony";

const ROWS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];
const STALLS_ROWS = 6;
const SEATS_PER_ROW = 16;
const SPACING = 40;
const RADIUS = 14;
const MARGIN = 60;
const STAGE_HEIGHT = 80;
const BALCONY_GAP = 60;
/** The section label's band between the stage and row A ('Stalls' touched the stage). */
const SECTION_LABEL_BAND = 60;

/** House seats and a pillar: never sold. */
export const UNAVAILABLE_SEATS = ["A1", "A16", "E8", "E9"];
/** Seats already sold in the first concert session. */
export const BOOKED_SEATS_FIRST_SESSION = [
  "C5",
  "C6",
  "C7",
  "C8",
  "C9",
  "C10",
  "D7",
  "D8",
  "G1",
  "G2",
  "H3",
  "H4",
];

export function seatId(name: string): string {
  const row = name.slice(0, 1);
  const n = name.slice(1).padStart(2, "0");
  return `hm-seat-${row}${n}`;
}

export function concertSeatMap(
  sellerId: string,
  eventTemplateId: string,
): { map: SeatMapRow; seats: SeatRow[] } {
  const width = MARGIN * 2 + (SEATS_PER_ROW - 1) * SPACING;
  const rowY = (r: number) =>
    MARGIN + STAGE_HEIGHT + SECTION_LABEL_BAND + r * SPACING + (r >= STALLS_ROWS ? BALCONY_GAP : 0);
  const height = rowY(ROWS.length - 1) + MARGIN;
  const seats: SeatRow[] = [];
  ROWS.forEach((row, r) => {
    const groupId = r < STALLS_ROWS ? STALLS_GROUP_ID : BALCONY_GROUP_ID;
    for (let i = 1; i <= SEATS_PER_ROW; i++) {
      const name = `${row}${i}`;
      seats.push({
        id: seatId(name),
        seatMapId: CONCERT_SEAT_MAP_ID,
        name,
        x: MARGIN + (i - 1) * SPACING,
        y: rowY(r),
        radius: RADIUS,
        previousId: i > 1 ? seatId(`${row}${i - 1}`) : null,
        nextId: i < SEATS_PER_ROW ? seatId(`${row}${i + 1}`) : null,
        ticketGroupIds: [groupId],
        unavailable: UNAVAILABLE_SEATS.includes(name),
      });
    }
  });
  const balconyTop = rowY(STALLS_ROWS) - SPACING;
  const map: SeatMapRow = {
    id: CONCERT_SEAT_MAP_ID,
    sellerId,
    eventTemplateId,
    width,
    height,
    otherElements: [
      { type: "rect", x: MARGIN, y: MARGIN, width: width - MARGIN * 2, height: STAGE_HEIGHT, label: "Stage" },
      // Midway between the stage's edge and row A's seats (radius 14): clear of both.
      {
        type: "text",
        x: width / 2,
        y: MARGIN + STAGE_HEIGHT + (SECTION_LABEL_BAND - RADIUS) / 2,
        text: "Stalls",
      },
      { type: "text", x: width / 2, y: balconyTop, text: "Balcony" },
    ],
  };
  return { map, seats };
}

/** Sellable seats: the session capacity of every concert session. */
export function sellableSeatCount(seats: SeatRow[]): number {
  return seats.filter((s) => !s.unavailable).length;
}

export function bookedSeats(eventSessionId: string): SessionSeatRow[] {
  return BOOKED_SEATS_FIRST_SESSION.map((name) => ({
    eventSessionId,
    seatTemplateId: seatId(name),
    state: "booked",
  }));
}
