/**
 * How long a member ID's number is. IDs are the seller's initials and a random number (HM100001,
 * services/membership/create.ts), unique per seller, drawn again when taken.
 */

/** Draws of a member ID at one length before the next draw takes one digit more. */
const MEMBER_ID_DRAWS_PER_LENGTH = 8;
/** The longest member ID's digits: past them the seller's IDs are not running out but failing. */
const MEMBER_ID_MAX_DIGITS = 9;

/**
 * A member ID's digits at the `attempt`th draw (from 0): six, like the demo's, while they are
 * free; one more after each run of collisions, so a seller whose six-digit IDs fill up still gets
 * one, and the loop ends.
 */
export function memberIdDigits(attempt: number): number | null {
  const digits = 6 + Math.floor(attempt / MEMBER_ID_DRAWS_PER_LENGTH);
  return digits <= MEMBER_ID_MAX_DIGITS ? digits : null;
}
