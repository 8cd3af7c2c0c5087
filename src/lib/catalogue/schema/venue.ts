/** A venue: where the events take place. The tenant file gives its time zone. */
import { z } from "zod";
import { id, name, text, translationsOf } from "./common.ts";

export const venueSchema = z
  .object({
    id,
    name,
    address: text.optional(),
    /** Its name and address in the tenant's other languages. */
    translations: translationsOf({ name: name.optional(), address: text.optional() }).optional(),
    latitude: z.number({ error: "Write a latitude as a number like 42.3662." }).min(-90).max(90).optional(),
    longitude: z
      .number({ error: "Write a longitude as a number like -71.0505." })
      .min(-180)
      .max(180)
      .optional(),
  })
  .strict();

export type CatalogueVenue = z.infer<typeof venueSchema>;
