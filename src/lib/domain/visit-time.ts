/**
 * Upsell visit-time rules (spec 1 §9 "Upsells: anchor events or categories;
 * tickets_must_match_anchor_tickets; visit_time values timeslot, same_start (1 minute window),
 * same_date, until_close"). An add-on session must fit the anchor (admission) session:
 * - timeslot: the add-on starts within the anchor session (start inclusive, end exclusive);
 * - same_start: the add-on starts within 1 minute of the anchor's start;
 * - same_date: the add-on is on the anchor's local date (venue time zone);
 * - until_close: the same local date, at or after the anchor's start.
 */
import { addDays, localDate, startOfLocalDay } from "./calendar.ts";

export const VISIT_TIMES = ["timeslot", "same_start", "same_date", "until_close"] as const;
export type VisitTime = (typeof VISIT_TIMES)[number];

/** Spec §9: same_start allows a 1-minute window. */
export const SAME_START_WINDOW_MS = 60_000;

export interface SessionTimes {
  start: Date;
  end: Date;
}

export function isVisitTime(value: unknown): value is VisitTime {
  return typeof value === "string" && (VISIT_TIMES as readonly string[]).includes(value);
}

/** Whether an add-on session starting at `addOnStart` fits the anchor session under `rule`. */
export function fitsVisitTime(
  rule: VisitTime,
  anchor: SessionTimes,
  addOnStart: Date,
  timeZone: string,
): boolean {
  const t = addOnStart.getTime();
  switch (rule) {
    case "timeslot":
      return t >= anchor.start.getTime() && t < anchor.end.getTime();
    case "same_start":
      return Math.abs(t - anchor.start.getTime()) <= SAME_START_WINDOW_MS;
    case "same_date":
      return localDate(addOnStart, timeZone) === localDate(anchor.start, timeZone);
    case "until_close":
      return (
        localDate(addOnStart, timeZone) === localDate(anchor.start, timeZone) && t >= anchor.start.getTime()
      );
  }
}

/**
 * The cart's visit window from its anchor session: from the anchor's start to the end of the
 * anchor session (timeslot), one minute after its start (same_start), or the end of its local day
 * (same_date, until_close).
 */
export function visitWindow(rule: VisitTime, anchor: SessionTimes, timeZone: string): SessionTimes {
  switch (rule) {
    case "timeslot":
      return { start: anchor.start, end: anchor.end };
    case "same_start":
      return { start: anchor.start, end: new Date(anchor.start.getTime() + SAME_START_WINDOW_MS) };
    case "same_date":
    case "until_close":
      return {
        start: anchor.start,
        end: startOfLocalDay(addDays(localDate(anchor.start, timeZone), 1), timeZone),
      };
  }
}

/** tickets_must_match_anchor_tickets: an add-on may not have more tickets than the anchor. */
export function addOnCountFits(addOnTickets: number, anchorTickets: number): boolean {
  return addOnTickets <= anchorTickets;
}
