/**
 * What a gate answers when a code is scanned: pure rules over what the scan found, so the server
 * and the offline gate (which holds the day's codes) decide alike.
 *
 * - Green, admitted: a booked ticket for what this gate checks, today.
 * - Red, already admitted: when, and at which gate. Never admitted twice.
 * - Amber, not for today or not for this session: the right date and time are shown; staff may
 *   admit anyway (the override is logged).
 * - Red: cancelled, refunded, or not found.
 * - A member card: green valid, red expired or not yet valid, with the member's name and level.
 */
import { z } from "zod";
import { localDate } from "../calendar.ts";

/** What a gate checks: one session, one event's sessions, or everything of the venue's day. */
export const gateScopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("today") }),
  z.object({ kind: z.literal("event"), eventId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal("session"), sessionId: z.string().min(1).max(100) }),
]);
export type GateScope = z.infer<typeof gateScopeSchema>;

export type Light = "green" | "amber" | "red";

export interface TicketFacts {
  kind: "ticket";
  ticketId: string;
  /** booked | redeemed | cancelled | unbooked | in_cart */
  state: string;
  /** A cancelled ticket whose money went back reads as refunded. */
  refunded: boolean;
  /** Null for a flexible ticket (a pass, any date within its validity). */
  sessionId: string | null;
  eventId: string;
  /** The session's start; for a flexible ticket, the start of its validity (null: none set). */
  sessionStart: Date | null;
  /** A flexible ticket's last moment of validity (null: open-ended or a session's ticket). */
  validUntil: Date | null;
  ticketTypeName: string;
  holderName: string | null;
  seat: string | null;
  admittedAt: Date | null;
  admittedGate: string | null;
}

export interface MemberCardFacts {
  kind: "member_card";
  membershipId: string;
  memberName: string;
  levelName: string;
  validFrom: Date;
  /** A membership ended by a refund ends at that moment, so it reads as expired. */
  validUntil: Date;
}

export type ScanFacts = TicketFacts | MemberCardFacts | null;

export type Verdict =
  | { light: "green"; kind: "admitted"; ticket: TicketFacts; overridden: boolean }
  | { light: "red"; kind: "already_admitted"; ticket: TicketFacts; at: Date; gate: string | null }
  | { light: "amber"; kind: "wrong_day" | "wrong_session"; ticket: TicketFacts }
  | { light: "red"; kind: "cancelled" | "refunded"; ticket: TicketFacts }
  | { light: "red"; kind: "not_found" }
  | { light: "green"; kind: "member_valid"; card: MemberCardFacts }
  | { light: "red"; kind: "member_expired" | "member_not_yet_valid"; card: MemberCardFacts };

export interface VerdictContext {
  scope: GateScope;
  now: Date;
  timeZone: string;
  /** Staff chose to admit a ticket the gate would otherwise hold back (wrong day or session). */
  override?: boolean;
}

/** Whether the ticket is for what this gate checks today; the reason when it is not. */
export function ticketFits(
  ticket: TicketFacts,
  ctx: Pick<VerdictContext, "scope" | "now" | "timeZone">,
): "fits" | "wrong_day" | "wrong_session" {
  if (ticket.sessionId === null) {
    // A pass is good on any day of its validity, at any of its event's sessions.
    if (ticket.sessionStart && ctx.now < ticket.sessionStart) return "wrong_day";
    if (ticket.validUntil && ctx.now > ticket.validUntil) return "wrong_day";
  } else if (
    !ticket.sessionStart ||
    localDate(ticket.sessionStart, ctx.timeZone) !== localDate(ctx.now, ctx.timeZone)
  ) {
    return "wrong_day";
  }
  if (ctx.scope.kind === "session" && ticket.sessionId !== null && ctx.scope.sessionId !== ticket.sessionId) {
    return "wrong_session";
  }
  if (ctx.scope.kind === "event" && ctx.scope.eventId !== ticket.eventId) return "wrong_session";
  return "fits";
}

/**
 * The verdict for what a scan found. A ticket that would be admitted is only a proposal here: the
 * server admits it with a conditional update, and a ticket another gate admitted first reads as
 * already admitted.
 */
export function verdictOf(facts: ScanFacts, ctx: VerdictContext): Verdict {
  if (!facts) return { light: "red", kind: "not_found" };
  if (facts.kind === "member_card") return memberVerdict(facts, ctx.now);
  if (facts.state === "redeemed") {
    return {
      light: "red",
      kind: "already_admitted",
      ticket: facts,
      at: facts.admittedAt ?? ctx.now,
      gate: facts.admittedGate,
    };
  }
  if (facts.state !== "booked") {
    return { light: "red", kind: facts.refunded ? "refunded" : "cancelled", ticket: facts };
  }
  const fit = ticketFits(facts, ctx);
  if (fit !== "fits" && !ctx.override) {
    return { light: "amber", kind: fit, ticket: facts };
  }
  return { light: "green", kind: "admitted", ticket: facts, overridden: fit !== "fits" };
}

function memberVerdict(card: MemberCardFacts, now: Date): Verdict {
  if (now < card.validFrom) return { light: "red", kind: "member_not_yet_valid", card };
  if (now >= card.validUntil) return { light: "red", kind: "member_expired", card };
  return { light: "green", kind: "member_valid", card };
}

/** The gate's words for a verdict: a headline read at arm's length, and the detail under it. */
export function verdictWords(
  verdict: Verdict,
  timeZone: string,
  locale = "en-US",
): { headline: string; detail: string } {
  const time = (d: Date) =>
    new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone }).format(d);
  const day = (d: Date) =>
    new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone }).format(d);
  // A membership's term runs for a year or more: its dates carry the year.
  const termDay = (d: Date) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone }).format(d);
  const whenValid = (t: TicketFacts) => {
    if (t.sessionId === null) {
      const from = t.sessionStart ? ` from ${day(t.sessionStart)}` : "";
      const until = t.validUntil ? ` until ${day(t.validUntil)}` : "";
      return `This pass is valid${from}${until}.`;
    }
    return t.sessionStart ? `This ticket is for ${day(t.sessionStart)} at ${time(t.sessionStart)}.` : "";
  };
  const who = (t: TicketFacts) => [t.ticketTypeName, t.holderName, t.seat].filter(Boolean).join(" · ");
  switch (verdict.kind) {
    case "admitted":
      return {
        headline: verdict.overridden ? "Admitted (override)" : "Admitted",
        detail: who(verdict.ticket),
      };
    case "already_admitted":
      return {
        headline: "Already admitted",
        detail: `At ${time(verdict.at)} on ${day(verdict.at)}${verdict.gate ? `, ${verdict.gate}` : ""}. ${who(verdict.ticket)}`,
      };
    case "wrong_day":
      return { headline: "Not for today", detail: `${whenValid(verdict.ticket)} ${who(verdict.ticket)}` };
    case "wrong_session":
      return {
        headline: "Not for this session",
        detail: `${whenValid(verdict.ticket)} ${who(verdict.ticket)}`,
      };
    case "cancelled":
      return { headline: "Cancelled", detail: `This ticket was cancelled. ${who(verdict.ticket)}` };
    case "refunded":
      return { headline: "Refunded", detail: `This ticket was refunded. ${who(verdict.ticket)}` };
    case "not_found":
      return { headline: "Not found", detail: "No ticket or member card has this code." };
    case "member_valid":
      return {
        headline: "Member: valid",
        detail: `${verdict.card.memberName} · ${verdict.card.levelName}, until ${termDay(verdict.card.validUntil)}`,
      };
    case "member_expired":
      return {
        headline: "Member: expired",
        detail: `${verdict.card.memberName} · ${verdict.card.levelName}, ended ${termDay(verdict.card.validUntil)}`,
      };
    case "member_not_yet_valid":
      return {
        headline: "Member: not yet valid",
        detail: `${verdict.card.memberName} · ${verdict.card.levelName}, from ${termDay(verdict.card.validFrom)}`,
      };
  }
}
