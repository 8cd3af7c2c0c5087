/**
 * Ticket groups (what is sold and how) and their ticket types (the prices). Prices are written in
 * the currency's major units (25.00); `tiers` give other prices on the days a schedule names
 * (a Saturday price, a peak price).
 */
import { z } from "zod";
import { count, id, money, name, percent, text, translationsOf, visibility } from "./common.ts";

export const ticketTypeSchema = z
  .object({
    id,
    name,
    summary: text.optional(),
    /** Markdown: more about the type than its summary. */
    description: text.optional(),
    price: money,
    /** Another price on the days a schedule names this tier, e.g. { saturday: 22.00 }. */
    tiers: z
      .record(z.string().min(1).max(40), money)
      .optional()
      .describe("Other prices on the days a schedule names the tier, e.g. { saturday: 22.00 }."),
    /** For a donation or a gift card of the buyer's choosing: the least and most they may give. */
    min_price: money.optional(),
    max_price: money.optional(),
    /** A booking fee added to the price, in money. */
    fee: money.optional(),
    /** A booking fee added to the price, as a percentage of it. */
    fee_percent: percent.optional(),
    /** The name and texts in the tenant's other languages. */
    translations: translationsOf({
      name: name.optional(),
      summary: text.optional(),
      description: text.optional(),
    }).optional(),
  })
  .strict()
  .refine((t) => t.min_price === undefined || t.max_price === undefined || t.min_price <= t.max_price, {
    message: "The lowest price must not be above the highest.",
    path: ["max_price"],
  })
  .refine((t) => t.min_price === undefined || t.price >= t.min_price, {
    message: "The suggested price must not be below the lowest price.",
    path: ["price"],
  })
  .refine((t) => t.max_price === undefined || t.price <= t.max_price, {
    message: "The suggested price must not be above the highest price.",
    path: ["price"],
  });

/** How a group sells: timed tickets, seats on a map, passes, codes, memberships, gift cards, gifts. */
export const GROUP_KINDS = [
  "tickets",
  "seated",
  "passes",
  "codes",
  "membership",
  "gift_card",
  "donation",
] as const;

export const ticketGroupSchema = z
  .object({
    id,
    name,
    description: text.optional(),
    kind: z
      .enum(GROUP_KINDS, {
        error: `Write the kind as one of: ${GROUP_KINDS.join(", ")}.`,
      })
      .describe(
        "tickets: timed or dated tickets; seated: seats on a seat map; passes: no date; codes: one voucher code per ticket; membership; gift_card; donation.",
      ),
    visibility: visibility.optional(),
    min_per_order: count.optional(),
    max_per_order: count.optional(),
    /** How long a pass or membership lasts, as an ISO 8601 duration such as P1Y (a year). */
    valid_for: z
      .string()
      .regex(/^P(\d+Y)?(\d+M)?(\d+W)?(\d+D)?$/, "Write a duration like P1Y (a year), P6M or P30D.")
      .optional(),
    /** Ask each visitor's name (and e-mail) for every ticket. */
    admit_names: z.enum(["required", "optional"]).optional(),
    admit_emails: z.enum(["required", "optional"]).optional(),
    /** Checkout waits for a booking code that unlocks this group. */
    checkout_code_required: z.boolean().optional(),
    /** Questions the buyer answers (a JSON Schema object with `properties`). */
    survey: z.record(z.string(), z.unknown()).optional(),
    /** A gift card's recipient: name, e-mail and message, asked at checkout. */
    gift_recipient: z.boolean().optional(),
    types: z.array(ticketTypeSchema).min(1, "A ticket group sells at least one ticket type."),
    /** The name and description in the tenant's other languages. */
    translations: translationsOf({ name: name.optional(), description: text.optional() }).optional(),
  })
  .strict()
  .refine(
    (g) =>
      g.min_per_order === undefined || g.max_per_order === undefined || g.min_per_order <= g.max_per_order,
    { message: "The least per order must not be above the most per order.", path: ["max_per_order"] },
  );

export type CatalogueTicketType = z.infer<typeof ticketTypeSchema>;
export type CatalogueTicketGroup = z.infer<typeof ticketGroupSchema>;
