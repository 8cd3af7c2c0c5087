/**
 * The inputs and answers of a desk sale (the box office selling to a walk-in visitor), checked
 * here for the admin API and the pages alike. Amounts in answers are money strings in the seller's
 * currency ("26.50"), as everywhere in the API; the cash tendered is one too.
 */
import { z } from "zod";
import { DESK_METHODS, type DeskMethod } from "../../../payments/desk.ts";
import { localDateSchema } from "../figures/today.ts";
import { MONEY_PATTERN } from "../orders/schemas.ts";

const storable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(
      (text) => !text.includes("\0") && text.isWellFormed(),
      "Text holds a character that cannot be stored.",
    );
const id = storable(100).pipe(z.string().min(1));

/** The most tickets one desk sale takes (a school class at the desk, not a block booking). */
export const DESK_MAX_TICKETS = 50;

export const deskDayInput = z.object({ date: localDateSchema.optional() }).strict();
export type DeskDayInput = z.input<typeof deskDayInput>;

const deskPayment = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("card"),
    /** The card's last four digits as the terminal printed them (staff find orders by them). */
    last4: z
      .string()
      .regex(/^\d{4}$/, "Four digits.")
      .optional(),
    /** The terminal's receipt or transaction reference. */
    reference: storable(100).optional(),
  }),
  z.object({
    method: z.literal("cash"),
    /** What the visitor handed over; the change is given back from it. */
    tendered: z.string().regex(MONEY_PATTERN, "An amount such as 50.00.").optional(),
  }),
]);

export const deskSaleInput = z.object({
  sessionId: id,
  lines: z
    .array(z.object({ ticketTypeId: id, quantity: z.number().int().min(1).max(DESK_MAX_TICKETS) }))
    .min(1)
    .max(20)
    .refine(
      (lines) => lines.reduce((sum, l) => sum + l.quantity, 0) <= DESK_MAX_TICKETS,
      `At most ${DESK_MAX_TICKETS} tickets in one desk sale.`,
    )
    .refine(
      (lines) => new Set(lines.map((l) => l.ticketTypeId)).size === lines.length,
      "Each ticket type once, with its quantity.",
    ),
  buyer: z
    .object({
      firstName: storable(100).optional(),
      lastName: storable(100).optional(),
      email: z.string().trim().max(254).email("An e-mail address such as ada@example.com.").optional(),
    })
    .optional(),
  payment: deskPayment,
  /** Queue the order's confirmation mail with its tickets to the buyer's e-mail. */
  emailTickets: z.boolean().optional(),
});
export type DeskSaleInput = z.input<typeof deskSaleInput>;

export interface DeskTicketType {
  id: string;
  name: string;
  groupName: string;
  /** What one ticket costs the visitor: its price for the session plus the fees. */
  price: string;
}

export interface DeskSession {
  sessionId: string;
  eventTemplateId: string;
  eventName: string;
  /** ISO instant, and the venue-local HH:mm. */
  start: string;
  localTime: string;
  /** -1 is unlimited. */
  capacity: number;
  /** Places left to sell; null when unlimited. */
  remaining: number | null;
  /** Closed by staff. */
  closed: boolean;
  /** Started already: no longer sold. */
  started: boolean;
  /** The session has seated ticket groups; choosing seats is not done at the desk. */
  seated: boolean;
  ticketTypes: DeskTicketType[];
}

export interface DeskDay {
  date: string;
  timezone: string;
  currency: string;
  sessions: DeskSession[];
}

export interface DeskSale {
  orderId: string;
  orderNumber: string;
  total: string;
  currency: string;
  method: DeskMethod;
  /** Cash: what was handed over and the change given back (null when not given). */
  tendered: string | null;
  change: string | null;
  tickets: number;
  buyerEmail: string | null;
  /** Whether the confirmation mail with the tickets was queued. */
  emailed: boolean;
}

export { DESK_METHODS };
