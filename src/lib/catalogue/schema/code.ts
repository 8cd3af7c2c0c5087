/**
 * Promo codes, vouchers and gift-of-membership codes. Validity dates are a date (2026-12-31) or a
 * day relative to the day the catalogue is applied (today, today+365, today-30).
 */
import { z } from "zod";
import { count, id, money, percent, text } from "./common.ts";

export const relativeDate = z
  .string({ error: "Write a date as YYYY-MM-DD, or today, today+30 or today-30." })
  .regex(
    /^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,4})?)$/,
    "Write a date as YYYY-MM-DD, or today, today+30 or today-30.",
  );

export const CODE_KINDS = ["promo", "voucher", "gift_membership"] as const;

export const codeSchema = z
  .object({
    /** What the buyer types; stored in capitals. */
    code: z.string().regex(/^[A-Za-z0-9-]{3,40}$/, "A code is 3 to 40 letters, digits or hyphens."),
    kind: z.enum(CODE_KINDS, { error: `Write the kind as one of: ${CODE_KINDS.join(", ")}.` }),
    description: text,
    /** Shown in the cart as a code to try. */
    advertise: z.boolean().optional(),
    /** How many times it can be used; unlimited when not given. */
    max_uses: count.min(1, "A code can be used at least once.").optional(),
    valid_from: relativeDate.optional(),
    valid_until: relativeDate.optional(),
    percent_off: percent.optional(),
    amount_off: money.optional(),
    /** The ticket types it applies to (a voucher's or gift's type); every type when not given. */
    ticket_types: z.array(id).optional(),
    /** Members-only or link-only groups the code opens. */
    unlocks_groups: z.array(id).optional(),
  })
  .strict()
  .refine((c) => !(c.percent_off !== undefined && c.amount_off !== undefined), {
    message: "A code takes either a percentage or an amount off, not both.",
    path: ["amount_off"],
  })
  .refine((c) => c.kind === "promo" || (c.ticket_types?.length ?? 0) > 0, {
    message: "A voucher or a gift of membership names the ticket types it is for.",
    path: ["ticket_types"],
  });

export type CatalogueCode = z.infer<typeof codeSchema>;
