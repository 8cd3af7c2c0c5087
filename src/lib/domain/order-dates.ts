/** Spec 2 §2: dates in orders use the format 'ddd, MMMM D YYYY', in the given time zone. */
import { zonedParts } from "./calendar.ts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 'ddd, MMMM D YYYY', e.g. "Sun, November 22 2026"; an unreadable date gives "". */
export function formatOrderDate(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  const p = zonedParts(instant, timeZone);
  return `${WEEKDAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${p.day} ${p.year}`;
}
