/**
 * Reserve errors shown to the shopper (spec §8 "Reserve"), in one place:
 * - event_session_sold_out: 'Tickets have sold out for the session at {time}. Please select another
 *   session and try again.' or, when no other session of the date has capacity, '... Please select
 *   another date and try again.';
 * - rule_blocks_reserve with block_reason code_required opens the code dialog;
 * - invalid_citypass and code_exhausted are shown at the code field;
 * - any other 400-499 shows the first _data item's _description; nothing usable gives
 *   'Sorry! Something unexpected happened. Please try again.'
 * The messages are tenant string ids (DESIGN §7); a server's `_description` travels as it is.
 */
import { serverText } from "./api-failure.ts";
import { type Message, msg, plain } from "./messages.ts";

export const RESERVE_MESSAGE = {
  unexpected: "reserve.error.unexpected",
  soldOutSession: "reserve.soldOutSession",
  soldOutDate: "reserve.soldOutDate",
  anchorRequired: "event.anchorRequired",
} as const;
export type ReserveMessageId = (typeof RESERVE_MESSAGE)[keyof typeof RESERVE_MESSAGE];
export type ReserveMessage = Message<ReserveMessageId>;

/** The reserve codes the spec expects (anything else 4xx is logged as unknown). */
export const EXPECTED_RESERVE_CODES = new Set([
  "invalid_citypass",
  "code_exhausted",
  "code_held",
  "code_expired",
  "code_not_yet_valid",
  "ticket_group_capacity_exceeded",
  "ticket_group_sold_out",
  "session_capacity_exceeded",
  "max_tickets_per_order_exceeded",
  "min_tickets_per_order_not_met",
  "member_limit_exceeded",
  // A renewal outside the window, members-only tickets after the term (reserve_beyond_term).
  "renewal_not_open",
  "membership_expires_before_session",
  // A member buying their own program again is asked whether to extend (a prompt-marked code).
  "membership_extend_prompt",
  // ... and, outside the renewal window, refused: no second, parallel membership.
  "membership_already_held",
  "rule_blocks_reserve",
  "event_session_sold_out",
]);

/**
 * Shown at the code field: spec 1 §8 invalid_citypass and code_exhausted, and the
 * refusals that name what is wrong with the code itself: held in another cart, expired, not yet valid.
 */
const CODE_FIELD_CODES = new Set([
  "invalid_citypass",
  "code_exhausted",
  "code_held",
  "code_expired",
  "code_not_yet_valid",
]);

export interface ReserveErrorInput {
  status: number;
  code: string;
  context: string;
  description: string;
  extra: Record<string, unknown>;
}

export type ReserveErrorView =
  | { kind: "message"; message: ReserveMessage }
  | { kind: "soldOut"; sessionId: string | undefined }
  | { kind: "codeRequired"; ticketGroupId: string | undefined }
  | { kind: "codeField"; message: ReserveMessage };

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** What a failed add means for the screen (before the sold-out text, which needs a reload). */
export function reserveErrorView(error: ReserveErrorInput): ReserveErrorView {
  if (error.code === "event_session_sold_out") {
    return { kind: "soldOut", sessionId: str(error.extra.event_session_id) };
  }
  if (error.code === "rule_blocks_reserve" && error.extra.block_reason === "code_required") {
    return { kind: "codeRequired", ticketGroupId: str(error.extra.ticket_group_id) };
  }
  if (error.code === "rule_blocks_reserve" && error.extra.block_reason === "anchor_required") {
    return { kind: "message", message: msg(RESERVE_MESSAGE.anchorRequired) };
  }
  const described = serverText(error);
  const message = described !== null ? plain(described) : msg(RESERVE_MESSAGE.unexpected);
  return { kind: CODE_FIELD_CODES.has(error.code) ? "codeField" : "message", message };
}

/** The sold-out message once the sessions are reloaded: another session of the date, or another date. */
export function soldOutMessage(time: string, otherSessionsHaveCapacity: boolean): ReserveMessage {
  return msg(otherSessionsHaveCapacity ? RESERVE_MESSAGE.soldOutSession : RESERVE_MESSAGE.soldOutDate, {
    time,
  });
}

/** Whether the code is one the spec lists (others are logged as unknown). */
export const isExpectedReserveCode = (code: string): boolean => EXPECTED_RESERVE_CODES.has(code);
