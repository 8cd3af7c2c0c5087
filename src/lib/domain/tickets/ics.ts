/**
 * An iCalendar file (RFC 5545) of an order's entries: one VCALENDAR, one VEVENT per entry, every
 * instant in UTC. Written here rather than by the `ics` package, whose schema check (yup) on every
 * event was a tenth of a checkout's CPU (the confirmation mail attaches the file) and which folds
 * lines at 75 characters instead of 75 octets, so an Arabic line came out twice too long.
 */

/** One entry of the file. */
export interface IcsEvent {
  uid: string;
  title: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  location: string;
  description: string;
  url: string;
}

export interface IcsCalendar {
  /** PRODID: who made the file. */
  productId: string;
  /** X-WR-CALNAME: the calendar's name in apps that show one. */
  name: string;
  /**
   * X-WR-TIMEZONE: the zone apps show the entries in (the venue's; the instants stay UTC). A name
   * that is not a plain zone id is left out, so it can never start a line of its own.
   */
  timeZone?: string | undefined;
  /** DTSTAMP of every entry (epoch milliseconds): when the file was made. */
  stamp: number;
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n|\r/g, "\\n");
}

/** A value that is not TEXT (a URI, an id): only line breaks, which would end the line, escaped. */
const icsRaw = (value: string) => value.replace(/\r?\n|\r/g, "\\n");

/** A UTC DATE-TIME: 20261201T150000Z. */
export function icsDateTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** The UTF-8 length of a character (one code point). */
const utf8Octets = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space and
 * holds 74 octets more. A fold never splits a character (its UTF-8 bytes stay on one line).
 */
export function foldLine(line: string): string {
  // At most 3 octets per UTF-16 unit: a line of 25 units or fewer always fits.
  if (line.length <= 25) return line;
  const parts: string[] = [];
  let start = 0;
  let index = 0;
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > limit) {
      parts.push(line.slice(start, index));
      start = index;
      octets = 0;
      limit = 74;
    }
    octets += size;
    index += char.length;
  }
  if (!parts.length) return line;
  parts.push(line.slice(start));
  return parts.join("\r\n ");
}

const TIME_ZONE_ID = /^[A-Za-z0-9_+/-]{1,64}$/;

/** A property with a value; none when the value is empty (as an unknown venue address). */
const property = (name: string, value: string) => (value ? [`${name}:${value}`] : []);

/** The .ics text of `events`, lines ending in CRLF. */
export function icsFile(calendar: IcsCalendar, events: readonly IcsEvent[]): string {
  const zone = calendar.timeZone && TIME_ZONE_ID.test(calendar.timeZone) ? calendar.timeZone : "";
  const lines = [
    "BEGIN:VCALENDAR",
    ...property("X-WR-TIMEZONE", zone),
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `PRODID:${icsRaw(calendar.productId)}`,
    ...property("X-WR-CALNAME", icsText(calendar.name)),
    "X-PUBLISHED-TTL:PT1H",
  ];
  const stamp = icsDateTime(calendar.stamp);
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${icsRaw(event.uid)}`,
      ...property("SUMMARY", icsText(event.title)),
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDateTime(event.start)}`,
      `DTEND:${icsDateTime(event.end)}`,
      ...property("DESCRIPTION", icsText(event.description)),
      ...property("URL", icsRaw(event.url)),
      ...property("LOCATION", icsText(event.location)),
      "STATUS:CONFIRMED",
      "X-MICROSOFT-CDO-BUSYSTATUS:BUSY",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
