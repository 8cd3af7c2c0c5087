/**
 * Gift cards already issued (on paper or sold elsewhere) that the shop accepts. The gift card
 * products themselves are an event with a `gift_card` ticket group.
 */
import { z } from "zod";
import { money } from "./common.ts";

export const giftCardSchema = z
  .object({
    number: z
      .string()
      .regex(/^[A-Z0-9-]{4,40}$/, "A gift card number is 4 to 40 capital letters, digits or hyphens."),
    balance: money,
    /** A card not yet activated cannot be spent. */
    active: z.boolean().optional(),
  })
  .strict();

export type CatalogueGiftCard = z.infer<typeof giftCardSchema>;
