/**
 * A message rule: words shown next to a date, a session or the quantity picker when its
 * conditions hold (weekends, a time of day, a date range, a large party).
 */
import { z } from "zod";
import { count, id, localDate, localTime, translationsOf } from "./common.ts";
import { WEEKDAYS } from "./schedule.ts";

const words = z
  .string()
  .min(1, "A message must not be empty.")
  .max(300, "A message is at most 300 characters.");

const messages = {
  date_annotation: words.optional(),
  date_message: words.optional(),
  session_annotation: words.optional(),
  session_message: words.optional(),
  quantity_message: words.optional(),
};

export const messageRuleSchema = z
  .object({
    event: id,
    show: z
      .object(messages)
      .strict()
      .refine((s) => Object.keys(s).length > 0, { message: "A rule shows at least one message." }),
    /** The messages in the tenant's other languages; one not given shows in the default language. */
    translations: translationsOf(messages).optional(),
    when: z
      .object({
        weekdays: z.array(z.enum(WEEKDAYS)).min(1).optional(),
        time_of_day: z.object({ start: localTime, end: localTime }).strict().optional(),
        dates: z.object({ from: localDate, until: localDate }).strict().optional(),
        quantity: z
          .object({ min: count, groups: z.array(id).optional() })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();

export type CatalogueMessageRule = z.infer<typeof messageRuleSchema>;
