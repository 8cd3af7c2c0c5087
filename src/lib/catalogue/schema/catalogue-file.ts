/**
 * One catalogue file: any of the sections, each optional. A tenant's catalogue is all its files
 * together (check.ts joins them and checks that ids are unique and references resolve).
 */
import { z } from "zod";
import { codeSchema } from "./code.ts";
import { eventSchema } from "./event.ts";
import { giftCardSchema } from "./gift-card.ts";
import { membershipProgramSchema } from "./membership.ts";
import { messageRuleSchema } from "./message-rule.ts";
import { scheduleSchema } from "./schedule.ts";
import { seatMapSchema } from "./seat-map.ts";
import { settingsSchema } from "./settings.ts";
import { venueSchema } from "./venue.ts";

export const SECTIONS = [
  "settings",
  "venues",
  "events",
  "schedules",
  "seat_maps",
  "codes",
  "gift_cards",
  "memberships",
  "message_rules",
] as const;
export type Section = (typeof SECTIONS)[number];

export const catalogueFileSchema = z
  .object({
    /** The editor's JSON Schema (JSON files); YAML files name it in a comment instead. */
    $schema: z.string().optional(),
    settings: settingsSchema.optional().describe("Default pads and the thank-you page; in one file only."),
    venues: z.array(venueSchema).optional().describe("Where the events take place."),
    events: z
      .array(eventSchema)
      .optional()
      .describe("What is sold: each event with its ticket groups and prices."),
    schedules: z
      .array(scheduleSchema)
      .optional()
      .describe("When events run: days, hours, capacity, seasons, closed days, exceptions, performances."),
    seat_maps: z.array(seatMapSchema).optional().describe("Rows of seats for seated events."),
    codes: z.array(codeSchema).optional().describe("Promo codes, vouchers and gifts of membership."),
    gift_cards: z
      .array(giftCardSchema)
      .optional()
      .describe("Gift cards already issued that the shop accepts."),
    memberships: z
      .array(membershipProgramSchema)
      .optional()
      .describe("Membership programs: the levels' roles (cards) and benefits."),
    message_rules: z
      .array(messageRuleSchema)
      .optional()
      .describe("Words shown beside dates, sessions or the quantity picker."),
  })
  .strict();

export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
