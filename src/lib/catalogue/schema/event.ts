/**
 * An event: what a visitor chooses on the shop's pages, with its ticket groups. Its sessions come
 * from the schedules (schedule.ts), never from the event itself.
 */
import { z } from "zod";
import { count, id, name, text, translationsOf, visibility } from "./common.ts";
import { imageSchema } from "./image.ts";
import { ticketGroupSchema } from "./ticket.ts";

export const EVENT_TYPES = ["repeating", "single", "other"] as const;
export const RESERVE_FLOWS = ["date_first", "quantity_first", "one_ticket", "membership"] as const;

/** An add-on sold with another event (the anchor), such as an exhibition with an admission. */
export const addOnSchema = z
  .object({
    /** The events it is added to. */
    anchors: z.array(id).min(1, "An add-on names at least one event it is added to."),
    /** As many add-on tickets as admission tickets. */
    match_anchor_tickets: z.boolean().optional(),
    /** "until_close": its slot is on the anchor's day, at or after the anchor's time. */
    visit_time: z.enum(["until_close"]).optional(),
  })
  .strict();

/** The price the event's card shows: "From $25.00". */
export const priceDisplaySchema = z
  .object({
    primary: id,
    secondary: id.optional(),
    prefix: text.optional(),
    /** The prefix in the tenant's other languages: { es: { prefix: "Desde" } }. */
    translations: translationsOf({ prefix: text }).optional(),
  })
  .strict();

export const eventSchema = z
  .object({
    id,
    name,
    subtitle: text.optional(),
    summary: text.optional(),
    /** Markdown. */
    description: text.optional(),
    category: text.min(1, "A category must not be empty."),
    /** "repeating" (sessions from schedules), "single" (one performance or a few), "other" (no date). */
    type: z
      .enum(EVENT_TYPES, { error: `Write the type as one of: ${EVENT_TYPES.join(", ")}.` })
      .describe("repeating: sessions from schedules; single: one performance or a few; other: no date."),
    visibility: visibility.optional(),
    /** The venue's id; the tenant's only venue when not given. */
    venue: id.optional(),
    image: imageSchema.optional(),
    reserve_flow: z
      .enum(RESERVE_FLOWS, {
        error: `Write the reserve flow as one of: ${RESERVE_FLOWS.join(", ")}.`,
      })
      .describe(
        "date_first: choose a date, then tickets; quantity_first: tickets, then a time; one_ticket: a donation or gift card; membership: the membership form.",
      ),
    /** Other events may be added to this one (it is an anchor). */
    anchor: z.boolean().optional(),
    /** Events offered with this one in the cart. */
    upsell: z.array(id).optional(),
    add_on: addOnSchema.optional(),
    /** Minutes before the start and after the end that the visit blocks. */
    pad_before: count.optional(),
    pad_after: count.optional(),
    price_display: priceDisplaySchema.optional(),
    /** Days ahead that sessions are generated for. */
    horizon_days: count
      .describe("Days ahead that sessions are on sale.")
      .min(1, "Sessions are generated at least 1 day ahead.")
      .max(730)
      .optional(),
    groups: z.array(ticketGroupSchema).min(1, "An event sells at least one ticket group."),
    /** The name and texts in the tenant's other languages; the category's label (the filter stays). */
    translations: translationsOf({
      name: name.optional(),
      subtitle: text.optional(),
      summary: text.optional(),
      description: text.optional(),
      category: text.min(1, "A category must not be empty.").optional(),
    }).optional(),
  })
  .strict();

export type CatalogueEvent = z.infer<typeof eventSchema>;
