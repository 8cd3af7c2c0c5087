/**
 * How a seated ticket's seat is written wherever the ticket is listed again (chosen seats
 * once disappeared: the cart, checkout, the completion page and the confirmation e-mail): 'Section
 * Stalls, Row B, Seat 12', and the holder's name after it when one was given. The spec gives a seat
 * only a name (spec 1 §3 "Seat": name, seat_template_id, ...); a name that is a row letter and a
 * number ('B12', 'AA 3', 'C-7'; one or two letters) is split into row and seat, any other name is the seat as it is.
 * The section is the seated ticket group (Stalls, Balcony). Pure, shared by the islands, the
 * completion page and the mail.
 */

export interface SeatWords {
  section: string;
  row: string;
  seat: string;
}

/** The default words; a tenant may give its own (tenant strings cart.seat.*). */
export const SEAT_WORDS: SeatWords = { section: "Section", row: "Row", seat: "Seat" };

export interface SeatParts {
  row: string | null;
  seat: string;
}

const ROW_AND_NUMBER = /^([A-Za-z]{1,2})[\s-]*(\d{1,4}[A-Za-z]?)$/;

/** 'B12' → row B, seat 12; a name without that shape is the seat alone. */
export function seatParts(name: string): SeatParts {
  const trimmed = name.trim();
  const match = ROW_AND_NUMBER.exec(trimmed);
  return match
    ? { row: (match[1] ?? "").toUpperCase(), seat: match[2] ?? trimmed }
    : { row: null, seat: trimmed };
}

export interface SeatLabelInput {
  /** The seat's name (seat_template name). */
  name: string;
  /** The seated group's name; left out when empty. */
  section?: string | null;
}

/** 'Section Stalls, Row B, Seat 12' (parts without a value are left out). */
export function seatLabel(input: SeatLabelInput, words: SeatWords = SEAT_WORDS): string {
  const { row, seat } = seatParts(input.name);
  const section = input.section?.trim();
  return [
    section ? `${words.section} ${section}` : null,
    row ? `${words.row} ${row}` : null,
    `${words.seat} ${seat}`,
  ]
    .filter((part): part is string => part !== null)
    .join(", ");
}

/** 'Section Stalls, Row B, Seat 12 (Jane Smith)': the seat with its holder, when named. */
export function seatedTicketLabel(
  input: SeatLabelInput & { holder?: string | null },
  words: SeatWords = SEAT_WORDS,
): string {
  const holder = input.holder?.trim();
  const label = seatLabel(input, words);
  return holder ? `${label} (${holder})` : label;
}

/** One listed seat: the label and the holder apart, for views that style the name. */
export interface SeatLine {
  ticketId: string;
  label: string;
  holder: string | null;
}

/** Seat lines in row then seat order (B2 before B10), so a pair of seats reads as a pair. */
export function sortSeatLines<T extends { name: string }>(seats: readonly T[]): T[] {
  const key = (name: string) => seatParts(name);
  return [...seats].sort((a, b) => {
    const x = key(a.name);
    const y = key(b.name);
    return (
      (x.row ?? "").localeCompare(y.row ?? "") ||
      x.seat.localeCompare(y.seat, undefined, { numeric: true }) ||
      a.name.localeCompare(b.name)
    );
  });
}
