/**
 * The small pieces every catalogue schema shares: ids, texts, money as people write it, and the
 * words a marketing person reads when a field is wrong.
 */
import { z } from "zod";

export const id = z
  .string({ error: "Write an id as text, for example hm-general-admission." })
  .regex(
    /^[a-z0-9][a-z0-9-]*$/,
    "An id uses lower-case letters, digits and hyphens only, for example hm-general-admission.",
  )
  .max(100, "An id is at most 100 characters.");

export const name = z
  .string({ error: "Write a name as text." })
  .min(1, "A name must not be empty.")
  .max(200, "A name is at most 200 characters.");

export const text = z.string({ error: "Write this as text." });

/**
 * A price in the currency's major units, as a person writes it (25.00, 0, 1.250). The tenant check
 * converts it to minor units with the currency's decimals and refuses more decimals than that.
 */
export const money = z
  .number({ error: "Write a price as a number like 25.00." })
  .min(0, "A price is never negative.")
  .max(1_000_000, "A price is at most 1,000,000.")
  .describe(
    "Money in the currency's major units, as on a price list: 25.00 (dollars), 3.125 (dinars), 1500 (yen).",
  );

/** A percentage as a person writes it (2.5 means 2.5 %). */
export const percent = z
  .number({ error: "Write a percentage as a number like 2.5." })
  .min(0, "A percentage is at least 0.")
  .max(100, "A percentage is at most 100.")
  .describe("A percentage: 2.5 means 2.5 %.");

export const count = z
  .number({ error: "Write a whole number, for example 10." })
  .int("Write a whole number, for example 10.")
  .min(0, "A number of tickets is never negative.");

/** Public pages list it; members-only needs a membership (or a code); link-only has no listing. */
export const visibility = z
  .enum(["public", "members", "link"], {
    error: 'Write the visibility as "public", "members" or "link".',
  })
  .describe(
    "public: listed; members: for members (or with a code); link: only by its link. public when not given.",
  );

export const localDate = z
  .string({ error: "Write a date as YYYY-MM-DD, for example 2026-12-24." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Write a date as YYYY-MM-DD, for example 2026-12-24.");

export const localTime = z
  .string({ error: "Write a time as HH:mm, for example 16:30." })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Write a time as HH:mm on a 24-hour clock, for example 16:30.");

/** A language's code as the tenant file lists it (es, cy, ar). */
export const languageCode = z
  .string()
  .regex(/^[a-z]{2,3}$/, "Write a language as its code, for example es, cy or ar.");

/**
 * A concept's texts in the tenant's other languages: `{ es: { name: …, summary: … } }`. Each field
 * is optional and falls back to the one written above it (the default language's); the check
 * refuses a language the tenant does not list, and the default language itself.
 */
export function translationsOf<S extends z.ZodRawShape>(fields: S) {
  return z
    .record(languageCode, z.object(fields).strict())
    .describe(
      "The texts in the tenant's other languages, by language code (es, cy, ar…); a text not given falls back to the default language's.",
    );
}
