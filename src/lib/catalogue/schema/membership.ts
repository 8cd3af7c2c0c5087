/**
 * A membership program: a `membership` ticket group whose ticket types are the levels. Each level
 * names its roles (the cards it holds: a named member, a second card, unnamed guests or children)
 * and its benefits (members-only tickets per term).
 */
import { z } from "zod";
import { count, id, percent } from "./common.ts";

export const membershipRoleSchema = z
  .object({
    role: z.string().regex(/^[a-z][a-z0-9-]*$/, "A role is a lower-case word such as member or second-card."),
    /** Whether each card carries a person's name. */
    named: z.enum(["yes", "no", "other"], { error: 'Write named as "yes", "no" or "other".' }),
    min: count,
    max: count,
  })
  .strict()
  .refine((r) => r.min <= r.max, { message: "The least must not be above the most.", path: ["max"] });

export const membershipLevelSchema = z
  .object({
    /** The level's ticket type. */
    type: id,
    roles: z.array(membershipRoleSchema).min(1, "A level has at least one role."),
    /**
     * Members-only tickets per term: a ticket type's id, or "*" for all of them together, and how
     * many, e.g. { hm-preview-guest: 1, "*": 6 }.
     */
    benefits: z.record(z.string(), count).optional(),
  })
  .strict();

export const membershipProgramSchema = z
  .object({
    /** The program's `membership` ticket group. */
    group: id,
    /** Pay in instalments: a deposit now, the rest every `interval_days`. */
    payment_plan: z
      .object({
        instalments: z.number().int().min(2).max(24),
        interval_days: z.number().int().min(1).max(366),
        deposit_percent: percent,
      })
      .strict()
      .optional(),
    /** "prompt" asks the buyer whether to renew automatically. */
    auto_renew: z.enum(["prompt"]).optional(),
    /** Fields members log in with besides their member ID, e.g. a ZIP code. */
    identity_form: z
      .array(
        z
          .object({ key: z.string().min(1), type: z.enum(["text"]), required: z.boolean().optional() })
          .strict(),
      )
      .optional(),
    levels: z.array(membershipLevelSchema).min(1, "A membership program has at least one level."),
  })
  .strict();

export type CatalogueMembershipProgram = z.infer<typeof membershipProgramSchema>;
