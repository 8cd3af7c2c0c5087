/**
 * Message rules (spec §5): a rule applies when all of its triggers match.
 * - quantity triggers apply only when the summed quantity of matching types is within min and max;
 * - weekday triggers must include the day; time of day is start inclusive, end exclusive;
 * - date triggers ignore the time of day;
 * - messages get a full stop appended if missing; indexing with duplicate keys throws.
 */

export interface DateOrSessionTrigger {
  dateInterval?: { start?: string; end?: string };
  weekdays?: number[];
  time_of_day?: { start?: string; end?: string };
}

export interface QuantityTrigger {
  min?: number;
  max?: number;
  ticket_type_ids?: string[];
  ticket_type_names?: string[];
  ticket_group_ids?: string[];
  ticket_group_names?: string[];
}

export interface MessageRuleLike {
  id: string;
  actions: Partial<Record<MessageAction, string>>;
  triggers: { dateOrSession?: DateOrSessionTrigger; quantity?: QuantityTrigger };
}

export type MessageAction =
  | "date_message"
  | "date_annotation"
  | "session_message"
  | "session_annotation"
  | "quantity_message";

export interface SelectionLine {
  ticketTypeId: string;
  ticketTypeName?: string;
  ticketGroupId?: string;
  ticketGroupName?: string;
  quantity: number;
}

export interface RuleContext {
  /** venue-local date YYYY-MM-DD */
  date?: string;
  /** venue-local time HH:mm (sessions only) */
  time?: string;
  /** 0 Sunday ... 6 Saturday */
  weekday?: number;
  selection?: SelectionLine[];
}

/** Normalises "9:00", "0900", "09:00:00" to "HH:mm" for comparison. */
function hhmm(value: string): string {
  const digits = value.replace(/[^0-9]/g, "");
  const padded = value.includes(":")
    ? value
        .split(":")
        .map((p) => p.padStart(2, "0"))
        .join("")
    : digits.padStart(4, "0");
  return `${padded.slice(0, 2).padStart(2, "0")}:${padded.slice(2, 4).padEnd(2, "0")}`;
}

export function matchesDateOrSession(trigger: DateOrSessionTrigger, ctx: RuleContext): boolean {
  const { dateInterval, weekdays, time_of_day } = trigger;
  if (dateInterval && (dateInterval.start || dateInterval.end)) {
    if (!ctx.date) return false;
    // Date triggers ignore the time of day: compare the date parts only.
    if (dateInterval.start && ctx.date < dateInterval.start.slice(0, 10)) return false;
    if (dateInterval.end && ctx.date > dateInterval.end.slice(0, 10)) return false;
  }
  if (weekdays && weekdays.length > 0) {
    if (ctx.weekday === undefined || !weekdays.includes(ctx.weekday)) return false;
  }
  if (time_of_day && (time_of_day.start || time_of_day.end)) {
    if (!ctx.time) return false;
    const t = hhmm(ctx.time);
    if (time_of_day.start && t < hhmm(time_of_day.start)) return false; // start inclusive
    if (time_of_day.end && t >= hhmm(time_of_day.end)) return false; // end exclusive
  }
  return true;
}

function lineMatches(trigger: QuantityTrigger, line: SelectionLine): boolean {
  const lists = [
    [trigger.ticket_type_ids, line.ticketTypeId],
    [trigger.ticket_type_names, line.ticketTypeName],
    [trigger.ticket_group_ids, line.ticketGroupId],
    [trigger.ticket_group_names, line.ticketGroupName],
  ] as const;
  const given = lists.filter(([list]) => list && list.length > 0);
  if (given.length === 0) return true;
  return given.some(([list, value]) => value !== undefined && (list ?? []).includes(value));
}

/** The summed quantity of matching types must be within min (default 1) and max (default none). */
export function matchesQuantity(trigger: QuantityTrigger, selection: SelectionLine[]): boolean {
  const total = selection.filter((l) => lineMatches(trigger, l)).reduce((sum, l) => sum + l.quantity, 0);
  const min = trigger.min ?? 1;
  if (total < min) return false;
  if (trigger.max !== undefined && trigger.max >= 0 && total > trigger.max) return false;
  return true;
}

export function ruleMatches(rule: MessageRuleLike, ctx: RuleContext): boolean {
  const { dateOrSession, quantity } = rule.triggers;
  if (dateOrSession && !matchesDateOrSession(dateOrSession, ctx)) return false;
  if (quantity && !matchesQuantity(quantity, ctx.selection ?? [])) return false;
  return true;
}

/** Appends a full stop unless the message already ends with terminal punctuation. */
export function withFullStop(message: string): string {
  const trimmed = message.trim();
  if (trimmed === "" || /[.!?]$/.test(trimmed)) return trimmed;
  return `${trimmed}.`;
}

/** The messages of one action from the rules that match, with full stops. */
export function messagesFor(rules: MessageRuleLike[], action: MessageAction, ctx: RuleContext): string[] {
  return rules
    .filter((r) => r.actions[action] && ruleMatches(r, ctx))
    .map((r) => withFullStop(r.actions[action] ?? ""));
}

/** Indexes items by key; a duplicate key is a data error and throws. */
export function indexBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (map.has(k)) throw new Error(`Duplicate key while indexing: ${k}`);
    map.set(k, item);
  }
  return map;
}
