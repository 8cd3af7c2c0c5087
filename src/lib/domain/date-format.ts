/**
 * Dates and times as the tenant's locale writes them, in the venue's time zone (DESIGN §7: "Dates,
 * times and money follow the tenant's locale and currency, except where the spec fixes a format").
 * Every shown session date, time and calendar label goes through here, so the reserve islands, the
 * cart, checkout and e-mail agree. en-US gives spec 1 §9's formats exactly: time 'h:mm A', long date
 * 'ddd, MMM D, YYYY' and date-time 'ddd, MMM D, YYYY [at] h:mm A'. en-GB writes 'Sat, 28 Nov 2026'
 * and a 24-hour '13:30'. The order date 'ddd, MMMM D YYYY' is fixed by spec 2 §2 for every tenant
 * (order-dates.ts) for English; the page's other languages write it their way (weekday, day, month
 * name and year in the language's order).
 *
 * The spec's English words ("at" between a date and a time) stay for English; another language's
 * locale (es-US, cy-GB, ar-KW-u-nu-latn) gets Intl's own pattern for it, with its hour cycle.
 */

/** The spec's fixed English formats apply: the locale is English (en, en-US, en-GB…). */
export function isEnglishLocale(locale: string): boolean {
  return /^en(?:-|$)/i.test(locale);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * ICU puts narrow and non-breaking spaces in some patterns (before "AM" since ICU 72). Server and
 * browser ICU versions differ, so both would render different bytes for the same text and break
 * hydration and text matching; plain spaces are the same everywhere.
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, " ");
}

const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
};
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

/**
 * A session time in the venue's zone: en-US "1:30 PM", en-GB "09:30". ICU writes a 24-hour
 * "numeric" hour without its leading zero ("9:30"), which no 24-hour clock does, so locales on a
 * 24-hour cycle get two digits.
 */
export function formatTime(instant: Date, locale: string, timeZone: string): string {
  return plainSpaces(zoned("time", locale, timeZone, timeOptions).format(instant));
}

/**
 * A formatter of one kind for a locale and zone, found by a plain key: pages and mails format many
 * times per request, and the general key (the options as JSON) and `resolvedOptions()` cost more
 * than the formatting.
 */
const zonedFormatters = new Map<string, Intl.DateTimeFormat>();
function zoned(
  kind: string,
  locale: string,
  timeZone: string,
  options: (locale: string, timeZone: string) => Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone}`;
  let f = zonedFormatters.get(key);
  if (!f) {
    f = formatter(locale, { ...options(locale, timeZone), timeZone });
    zonedFormatters.set(key, f);
  }
  return f;
}

/** True when the locale's clock is 12-hour. */
const twelveHour = (locale: string, timeZone: string) =>
  formatter(locale, { ...TIME, timeZone }).resolvedOptions().hour12 === true;

const timeOptions = (locale: string, timeZone: string): Intl.DateTimeFormatOptions =>
  twelveHour(locale, timeZone) ? TIME : { ...TIME, hour: "2-digit" };

/** A calendar date (YYYY-MM-DD, no zone of its own): en-US "Tue, Nov 24, 2026", en-GB "Tue, 24 Nov 2026". */
export function formatLongDate(date: string, locale: string): string {
  return plainSpaces(
    formatter(locale, { ...LONG_DATE, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`)),
  );
}

/** An instant's date in the venue's zone: en-US "Sat, Jul 4, 2026", en-GB "Sat, 4 Jul 2026". */
export function formatDateIn(instant: Date, locale: string, timeZone: string): string {
  return plainSpaces(zoned("date", locale, timeZone, () => LONG_DATE).format(instant));
}

/**
 * A session's start: en-US "Sat, Jul 4, 2026 at 2:30 PM", en-GB "Sat, 4 Jul 2026 at 14:30"; es-US
 * "sáb, 4 de jul de 2026, 2:30 p.m." (Intl joins the date and the time as the language does).
 */
export function formatDateTime(instant: Date, locale: string, timeZone: string): string {
  if (isEnglishLocale(locale)) {
    return `${formatDateIn(instant, locale, timeZone)} at ${formatTime(instant, locale, timeZone)}`;
  }
  const dateTime = zoned("dateTime", locale, timeZone, (l, z) => ({ ...LONG_DATE, ...timeOptions(l, z) }));
  return plainSpaces(dateTime.format(instant));
}

/**
 * An order's date in a language other than English (spec 2 §2 fixes 'ddd, MMMM D YYYY' for the
 * English): the short weekday, the day, the month's full name and the year, as the locale orders them.
 */
export function formatOrderDateIn(instant: Date, locale: string, timeZone: string): string {
  return plainSpaces(
    formatter(locale, { weekday: "short", month: "long", day: "numeric", year: "numeric", timeZone }).format(
      instant,
    ),
  );
}

/** A month heading of the calendar (YYYY-MM): "November 2026". */
export function formatMonth(monthId: string, locale: string): string {
  return plainSpaces(
    formatter(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${monthId}-01T00:00:00Z`),
    ),
  );
}
