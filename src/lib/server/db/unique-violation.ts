import { postgresError } from "./pg-error.ts";

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresError(error, "23505") !== undefined;
}
