/**
 * An event's picture: `name` is the picture's file name without `.jpg` beside the tenant's
 * images (`<name>.jpg` for the card, `<name>-cover.jpg` for the page's band). The alt text says
 * what the picture shows; an empty alt text makes the page say "Image for <event name>".
 */
import { z } from "zod";
import { text } from "./common.ts";

export const imageSchema = z
  .object({
    name: z
      .string({ error: "Write the picture's file name without .jpg, for example general-admission." })
      .regex(/^[a-z0-9][a-z0-9-]*$/, "A picture's name uses lower-case letters, digits and hyphens only."),
    alt: text.max(300, "An alt text is at most 300 characters."),
  })
  .strict();

export type CatalogueImage = z.infer<typeof imageSchema>;
