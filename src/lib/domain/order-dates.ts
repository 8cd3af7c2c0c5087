/**
 * Spec 2 §2: dates in orders use the format 'ddd, MMMM D YYYY', in the given time zone. That is the
 * English; a page in another language passes its locale and gets the language's own long date.
 */
import { zonedParts } from "./calendar.ts";
import { formatOrderDateIn, isEnglishLocale } from "./date-format.ts";

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

/**
 * 'ddd, MMMM D YYYY', e.g. "Sun, November 22 2026" (any English locale); es-US "dom, 22 de
 * noviembre de 2026", cy-GB "Sul 22 Tachwedd 2026"; an unreadable date gives "".
 */
export function formatOrderDate(iso: string, timeZone: string, locale = "en-US"): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  if (!isEnglishLocale(locale)) return formatOrderDateIn(instant, locale, timeZone);
  const p = zonedParts(instant, timeZone);
  return `${WEEKDAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${p.day} ${p.year}`;
}

/**
 * A membership's 'valid until' (ddd, MMMM D YYYY): its last valid day. valid_to is the term's
 * exclusive end (the tenant's midnight after that day), so the day shown is the one before it.
 * Every screen that shows the end of a term uses this, so they cannot disagree by a day.
 */
export function formatValidUntil(validTo: string, timeZone: string, locale = "en-US"): string {
  const end = Date.parse(validTo);
  return Number.isNaN(end) ? "" : formatOrderDate(new Date(end - 1).toISOString(), timeZone, locale);
}
