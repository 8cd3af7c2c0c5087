/** The shop's own settings that belong to the catalogue: default pads and the thank-you page. */
import { z } from "zod";
import { count, text, translationsOf } from "./common.ts";

/** Where the picture is centred: a percentage, a CSS position ("50% 30%") or { x, y } percentages. */
const offset = z.union([z.number(), z.string(), z.object({ x: z.number(), y: z.number() }).strict()]);

const link = z.object({ label: text, url: text }).strict();

export const settingsSchema = z
  .object({
    /** Minutes before and after every session a visit blocks, unless an event says otherwise. */
    pad_before: count.optional(),
    pad_after: count.optional(),
    completed_order: z
      .object({
        /** Markdown. */
        message: text.optional(),
        links: z.array(link).optional(),
        /** The message and links in the tenant's other languages (links replace the list whole). */
        translations: translationsOf({
          message: text.optional(),
          links: z.array(link).optional(),
        }).optional(),
        /** A picture's name beside the tenant's images, without .jpg. */
        image: z
          .string()
          .regex(/^[a-z0-9][a-z0-9-]*$/)
          .optional(),
        image_alt: text.optional(),
        image_offset: offset.optional(),
        mobile_image_offset: offset.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type CatalogueSettings = z.infer<typeof settingsSchema>;
