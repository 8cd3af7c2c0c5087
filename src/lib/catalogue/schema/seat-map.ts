/**
 * A seat map: rows of seats drawn at coordinates, each row sold by one ticket group. A seat's id
 * is `seat_id_prefix` + row + two-digit number (hm-seat-A01); a seat's name is row + number (A1).
 */
import { z } from "zod";
import { id, text } from "./common.ts";

const coordinate = z.number({ error: "Write a position as a number of pixels, for example 60." });

export const seatRowSchema = z
  .object({
    name: z.string().regex(/^[A-Z]{1,3}$/, "A row's name is one to three capital letters, for example A."),
    /** The ticket group that sells the row's seats. */
    group: id,
    seats: z.number().int("A row has a whole number of seats.").min(1).max(200),
    /** The first seat's centre. */
    x: coordinate,
    y: coordinate,
    /** Pixels between two seats' centres. */
    spacing: coordinate,
    radius: coordinate,
  })
  .strict();

export const seatMapElementSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("rect"),
      x: coordinate,
      y: coordinate,
      width: coordinate,
      height: coordinate,
      label: text.optional(),
    })
    .strict(),
  z.object({ type: z.literal("text"), x: coordinate, y: coordinate, text }).strict(),
]);

export const seatMapSchema = z
  .object({
    id,
    event: id,
    width: coordinate,
    height: coordinate,
    seat_id_prefix: z
      .string()
      .regex(/^[a-z0-9-]+$/, "A seat id prefix uses lower-case letters, digits and hyphens."),
    rows: z.array(seatRowSchema).min(1, "A seat map has at least one row."),
    /** Seats never sold (house seats, behind a pillar), by name: A1, E8. */
    unavailable: z
      .array(z.string().regex(/^[A-Z]{1,3}\d{1,3}$/, "Name a seat by its row and number, for example A1."))
      .optional(),
    elements: z.array(seatMapElementSchema).optional(),
  })
  .strict();

export type CatalogueSeatMap = z.infer<typeof seatMapSchema>;
