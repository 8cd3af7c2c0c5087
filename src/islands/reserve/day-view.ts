/** Display data of calendar days and sessions, from the API resources and the event's rules. */
import type { CalendarDay, EventSession } from "../../lib/api/schemas.ts";
import { weekdayOf, zonedParts } from "../../lib/domain/calendar.ts";
import { formatLongDate, formatTime } from "../../lib/domain/date-format.ts";
import { type MessageAction, type MessageRuleLike, ruleMatches } from "../../lib/domain/message-rules.ts";
import { dayFromPrice, showsPrice } from "../../lib/domain/price-display.ts";
import type { ReserveIslandProps } from "./props.ts";

/** Annotations are badges: the rule's text as written (messages get their full stop elsewhere). */
export function annotations(
  rules: readonly MessageRuleLike[],
  action: Extract<MessageAction, "date_annotation" | "session_annotation">,
  ctx: { date: string; time?: string },
): string[] {
  const context = { date: ctx.date, time: ctx.time, weekday: weekdayOf(ctx.date) };
  return rules
    .filter((r) => r.actions[action] && ruleMatches(r, context))
    .map((r) => r.actions[action] ?? "");
}

/**
 * The price shown on a calendar day, minor units, or undefined when the display hides it. 'From'
 * means what it means on the listing card (domain/price-display.ts fromPrice).
 */
export function dayPrice(day: CalendarDay, props: ReserveIslandProps, flexible: boolean): number | undefined {
  if (!showsPrice(props.priceDisplay, "date", flexible)) return undefined;
  const primary = props.groups
    .flatMap((g) => g.types)
    .find((t) => t.id === props.primaryTypeId && !t.flexible);
  return dayFromPrice(day, primary?.fees, props.includeFees);
}

export interface SessionView {
  id: string;
  date: string;
  /** "HH:mm" venue-local */
  time: string;
  /** the time in the tenant's locale: en-US 'h:mm A', en-GB 'HH:mm' */
  label: string;
  start: Date;
  end: Date;
  soldOut: boolean;
  available: number;
}

export function sessionView(session: EventSession, timezone: string, locale: string): SessionView {
  const start = new Date(session.start_datetime);
  const parts = zonedParts(start, timezone);
  return {
    id: session.id,
    date: parts.date,
    time: parts.time,
    label: formatTime(start, locale, timezone),
    start,
    end: new Date(session.end_datetime),
    soldOut: session.sold_out || session.available_capacity === 0,
    available: session.available_capacity,
  };
}

export { formatLongDate };
