/**
 * One rule writes a seated ticket's seat wherever it is listed
 * again (cart, checkout, completion page, e-mail).
 */
import { describe, expect, it } from "vitest";
import {
  SEAT_WORDS,
  seatedTicketLabel,
  seatLabel,
  seatParts,
  sortSeatLines,
} from "../../../src/lib/domain/seat-label.ts";

describe("seat label ('Show the section, row and seat wherever a seated ticket is listed')", () => {
  it("writes 'Section Stalls, Row B, Seat 12' for seat B12 of the Stalls", () => {
    expect(seatLabel({ name: "B12", section: "Stalls" })).toBe("Section Stalls, Row B, Seat 12");
  });

  it("splits row and number in the usual seat-name shapes", () => {
    expect(seatParts("B12")).toEqual({ row: "B", seat: "12" });
    expect(seatParts("aa 3")).toEqual({ row: "AA", seat: "3" });
    expect(seatParts("C-7a")).toEqual({ row: "C", seat: "7a" });
  });

  it("a name without a row is the seat as it is; an empty section is left out", () => {
    expect(seatParts("Box 4 left")).toEqual({ row: null, seat: "Box 4 left" });
    expect(seatLabel({ name: "Box 4 left", section: "Boxes" })).toBe("Section Boxes, Seat Box 4 left");
    expect(seatLabel({ name: "J16", section: " " })).toBe("Row J, Seat 16");
  });

  it("adds the holder's name when one was given", () => {
    expect(seatedTicketLabel({ name: "B12", section: "Stalls", holder: "Ada Lovelace" })).toBe(
      "Section Stalls, Row B, Seat 12 (Ada Lovelace)",
    );
    expect(seatedTicketLabel({ name: "B12", section: "Stalls", holder: "  " })).toBe(
      "Section Stalls, Row B, Seat 12",
    );
  });

  it("uses the tenant's words when given", () => {
    const words = { ...SEAT_WORDS, section: "Bereich", row: "Reihe", seat: "Platz" };
    expect(seatLabel({ name: "B12", section: "Parkett" }, words)).toBe("Bereich Parkett, Reihe B, Platz 12");
  });

  it("orders seats by row, then by seat number (B2 before B10, B before C)", () => {
    const names = ["C1", "B10", "B2", "Box"].map((name) => ({ name }));
    expect(sortSeatLines(names).map((s) => s.name)).toEqual(["Box", "B2", "B10", "C1"]);
  });
});
