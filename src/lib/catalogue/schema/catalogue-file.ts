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
    settings: settingsSchema.optional(),
    venues: z.array(venueSchema).optional(),
    events: z.array(eventSchema).optional(),
    schedules: z.array(scheduleSchema).optional(),
    seat_maps: z.array(seatMapSchema).optional(),
    codes: z.array(codeSchema).optional(),
    gift_cards: z.array(giftCardSchema).optional(),
    memberships: z.array(membershipProgramSchema).optional(),
    message_rules: z.array(messageRuleSchema).optional(),
  })
  .strict();

export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
