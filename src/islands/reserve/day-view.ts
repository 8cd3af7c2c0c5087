/** Display data of calendar days and sessions, from the API resources and the event's rules. */
import type { CalendarDay, EventSession } from "../../lib/api/schemas.ts";
import { formatLongDate, formatTime, weekdayOf, zonedParts } from "../../lib/domain/calendar.ts";
import { type MessageAction, type MessageRuleLike, ruleMatches } from "../../lib/domain/message-rules.ts";
import { parseMoneyString } from "../../lib/domain/money.ts";
import { showsPrice } from "../../lib/domain/price-display.ts";
import type { ReserveIslandProps } from "../../lib/pages/event-detail.ts";

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

/** The price shown on a calendar day, minor units, or undefined when the display hides it. */
export function dayPrice(day: CalendarDay, props: ReserveIslandProps, flexible: boolean): number | undefined {
  if (!showsPrice(props.priceDisplay, "date", flexible)) return undefined;
  const value = props.includeFees ? (day.min_price_fees ?? day.price) : (day.price ?? day.min_price);
  return value === null ? undefined : parseMoneyString(value);
}

export interface SessionView {
  id: string;
  date: string;
  /** "HH:mm" venue-local */
  time: string;
  /** 'h:mm A' */
  label: string;
  start: Date;
  end: Date;
  soldOut: boolean;
  available: number;
}

export function sessionView(session: EventSession, timezone: string): SessionView {
  const start = new Date(session.start_datetime);
  const parts = zonedParts(start, timezone);
  return {
    id: session.id,
    date: parts.date,
    time: parts.time,
    label: formatTime(start, timezone),
    start,
    end: new Date(session.end_datetime),
    soldOut: session.sold_out || session.available_capacity === 0,
    available: session.available_capacity,
  };
}

export { formatLongDate };
