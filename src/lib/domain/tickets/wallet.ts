/**
 * Wallet passes for tickets (spec 2 §2 "wallet passes for tickets", §3 "Wallet precheck:
 * provider (apple, google) with ok flag"): pure rules shared by the Apple (.pkpass) and Google
 * (save link) builders, so both passes say the same thing.
 *
 * - Which tickets get a pass: an active ticket (not cancelled or unbooked, spec 2 §4) of a
 *   completed order that admits somebody: it has a session, or it is a pass-like ticket (flexible
 *   any-date passes and code tickets). Donations, gift cards (ledger) and memberships never get one:
 *   spec 2 §2 gives "QR codes for orders and memberships, and wallet passes for tickets".
 * - What a pass shows: event, date and time in the venue's time zone, seat when seated, ticket
 *   type, admit name, the ticket's scan code as a QR barcode, the venue, the order number.
 * - Colours: the tenant's theme (color-primary as background, color-primary-contrast as text).
 */
import { isCancelledTicket } from "../account/orders.ts";
import { zonedParts } from "../calendar.ts";
import { formatLongDate, formatTime } from "../date-format.ts";
import { seatLabel, seatParts } from "../seat-label.ts";

export const WALLET_PROVIDERS = ["apple", "google"] as const;
export type WalletProvider = (typeof WALLET_PROVIDERS)[number];

/** Ticket group handlers whose tickets admit nobody (no pass): spec 2 §3 ticket group handlers. */
const NO_PASS_HANDLERS = new Set(["donation", "ledger", "membership"]);
/** Handlers of tickets without a session that still admit: any-date passes and code tickets. */
const PASS_LIKE_HANDLERS = new Set(["passes", "codes"]);

export interface PassEligibilityInput {
  /** The ticket's state (booked, redeemed, cancelled, unbooked, held). */
  state: string;
  /** The order's state (completed, pending). */
  orderState: string;
  /** The ticket group's handler. */
  handler: string;
  hasSession: boolean;
}

/** True when the ticket can have a wallet pass (see the file comment). */
export function canHavePass(t: PassEligibilityInput): boolean {
  if (isCancelledTicket(t.state) || t.state === "held" || t.state === "in_cart") return false;
  if (t.orderState !== "completed") return false;
  if (NO_PASS_HANDLERS.has(t.handler)) return false;
  return t.hasSession || PASS_LIKE_HANDLERS.has(t.handler);
}

/** Everything a pass shows about one ticket, read from the database by the server. */
export interface WalletTicket {
  ticketId: string;
  orderId: string;
  orderNumber: string;
  scanCode: string;
  state: string;
  sellerSlug: string;
  sellerName: string;
  locale: string;
  eventTemplateId: string;
  eventName: string;
  eventSessionId: string | null;
  /** Session start and end; null for an any-date pass. */
  start: Date | null;
  end: Date | null;
  /** An any-date pass's validity, when it has one. */
  validFrom: Date | null;
  validTo: Date | null;
  /** The venue's IANA time zone. */
  timeZone: string;
  venueName: string;
  venueAddress: string | null;
  /** The venue's position (WGS 84 degrees), when known: the pass's location. */
  venueLocation: { latitude: number; longitude: number } | null;
  ticketTypeName: string;
  admitName: string | null;
  /** Seated tickets: the seat's name and the seated group (section). */
  seat: { name: string; section: string | null } | null;
}

export interface PassColours {
  background: string;
  foreground: string;
  label: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#0b4f6c' → [11, 79, 108]; null for anything that is not a 3- or 6-digit hex colour. */
export function hexToRgb(value: string | undefined | null): [number, number, number] | null {
  const match = HEX.exec(value?.trim() ?? "");
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Apple's colour format: 'rgb(11, 79, 108)'. */
export function rgbText(rgb: readonly [number, number, number]): string {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

export const DEFAULT_PASS_COLOURS: PassColours = {
  background: "#1d2327",
  foreground: "#ffffff",
  label: "#ffffff",
};

/** The pass colours from the tenant theme vars; unreadable values fall back to dark grey on white. */
export function passColours(vars: Readonly<Record<string, string | undefined>> | undefined): PassColours {
  const background = hexToRgb(vars?.["color-primary"]) ? (vars?.["color-primary"] ?? "") : null;
  const foreground = hexToRgb(vars?.["color-primary-contrast"])
    ? (vars?.["color-primary-contrast"] ?? "")
    : null;
  if (!background || !foreground) return DEFAULT_PASS_COLOURS;
  return { background: background.trim(), foreground: foreground.trim(), label: foreground.trim() };
}

/** The labels of a pass's fields, in the order's language (English by default). */
export interface PassLabels {
  order: string;
  event: string;
  date: string;
  time: string;
  valid: string;
  anyDate: string;
  ticket: string;
  seat: string;
  admit: string;
  venue: string;
  ticketCode: string;
  soldBy: string;
}

export const ENGLISH_PASS_LABELS: PassLabels = {
  order: "Order",
  event: "Event",
  date: "Date",
  time: "Time",
  valid: "Valid",
  anyDate: "Any date",
  ticket: "Ticket",
  seat: "Seat",
  admit: "Admit",
  venue: "Venue",
  ticketCode: "Ticket code",
  soldBy: "Sold by",
};

export interface PassField {
  key: string;
  label: string;
  value: string;
}

export interface PassFieldSet {
  header: PassField[];
  primary: PassField[];
  secondary: PassField[];
  auxiliary: PassField[];
  back: PassField[];
}

const localDateOf = (instant: Date, timeZone: string) => zonedParts(instant, timeZone).date;

/** 'Tue, Nov 24, 2026' in the venue's zone (the tenant locale's long date). */
export function passDate(instant: Date, locale: string, timeZone: string): string {
  return formatLongDate(localDateOf(instant, timeZone), locale);
}

/** The text fields of a pass (Apple's field groups; Google uses the same values). */
export function passFields(t: WalletTicket, labels: PassLabels = ENGLISH_PASS_LABELS): PassFieldSet {
  const field = (key: string, label: string, value: string | null | undefined): PassField[] =>
    value?.trim() ? [{ key, label, value: value.trim() }] : [];
  const seat = t.seat ? seatLabel({ name: t.seat.name, section: t.seat.section }) : null;
  const when = t.start
    ? [
        ...field("date", labels.date, passDate(t.start, t.locale, t.timeZone)),
        ...field("time", labels.time, formatTime(t.start, t.locale, t.timeZone)),
      ]
    : field(
        "valid",
        labels.valid,
        t.validFrom && t.validTo
          ? `${passDate(t.validFrom, t.locale, t.timeZone)} – ${passDate(t.validTo, t.locale, t.timeZone)}`
          : labels.anyDate,
      );
  return {
    header: field("order", labels.order, t.orderNumber),
    primary: field("event", labels.event, t.eventName),
    secondary: when,
    auxiliary: [
      ...field("ticket_type", labels.ticket, t.ticketTypeName),
      ...field("seat", labels.seat, seat),
      ...field("admit", labels.admit, t.admitName),
    ],
    back: [
      ...field("venue", labels.venue, [t.venueName, t.venueAddress].filter(Boolean).join(", ")),
      ...field("scan_code", labels.ticketCode, t.scanCode),
      ...field("seller", labels.soldBy, t.sellerName),
    ],
  };
}

/** When the pass is relevant (shown on the lock screen): the session start, or an any-date pass's first day. */
export function relevantDate(t: Pick<WalletTicket, "start" | "validFrom">): Date | null {
  return t.start ?? t.validFrom ?? null;
}

/** An instant as ISO 8601 with the zone's offset: '2026-11-25T10:00:00-05:00' (Google dateTime). */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => n.toString().padStart(2, "0");
  return `${p.date}T${p.time}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A Google Wallet id suffix: only letters, digits, '.', '_' and '-' are allowed. */
export function walletIdPart(raw: string): string {
  return raw.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 200);
}

export interface GoogleIssuer {
  issuerId: string;
}

type LocalizedString = { defaultValue: { language: string; value: string } };

const localized = (language: string, value: string): LocalizedString => ({
  defaultValue: { language, value },
});

/**
 * The Google Wallet "event ticket" class and object for one ticket (the JWT payload of
 * https://developers.google.com/wallet/reference/rest/v1/Jwt: payload.eventTicketClasses and
 * payload.eventTicketObjects). One class per event session (or per event for any-date passes);
 * the object carries the holder, seat, ticket type and the scan code as a QR barcode.
 */
export function googleEventTicket(t: WalletTicket, issuer: GoogleIssuer, colours: PassColours) {
  // A BCP 47 language tag without the locale's Unicode extension (ar-KW-u-nu-latn → ar-KW).
  const language = t.locale.split("-u-")[0] ?? t.locale;
  const classSuffix = walletIdPart(`${t.sellerSlug}-${t.eventSessionId ?? t.eventTemplateId}`);
  const classId = `${issuer.issuerId}.${classSuffix}`;
  const seat = t.seat ? seatPartsFor(t.seat) : null;
  const venueAddress = t.venueAddress?.trim();
  const eventTicketClass = {
    id: classId,
    issuerName: t.sellerName,
    eventName: localized(language, t.eventName),
    eventId: walletIdPart(t.eventSessionId ?? t.eventTemplateId),
    reviewStatus: "UNDER_REVIEW",
    hexBackgroundColor: colours.background,
    venue: {
      name: localized(language, t.venueName),
      address: localized(language, venueAddress || t.venueName),
    },
    ...(t.start
      ? {
          dateTime: {
            start: isoWithOffset(t.start, t.timeZone),
            ...(t.end ? { end: isoWithOffset(t.end, t.timeZone) } : {}),
          },
        }
      : {}),
  };
  const from = t.start ?? t.validFrom;
  const to = t.end ?? t.validTo;
  const eventTicketObject = {
    id: `${issuer.issuerId}.${walletIdPart(t.ticketId)}`,
    classId,
    state: "ACTIVE",
    ticketNumber: t.orderNumber,
    ...(t.admitName?.trim() ? { ticketHolderName: t.admitName.trim() } : {}),
    ticketType: localized(language, t.ticketTypeName),
    hexBackgroundColor: colours.background,
    barcode: { type: "QR_CODE", value: t.scanCode, alternateText: t.scanCode },
    ...(seat
      ? {
          seatInfo: {
            seat: localized(language, seat.seat),
            ...(seat.row ? { row: localized(language, seat.row) } : {}),
            ...(seat.section ? { section: localized(language, seat.section) } : {}),
          },
        }
      : {}),
    ...(from
      ? {
          validTimeInterval: {
            start: { date: isoWithOffset(from, t.timeZone) },
            ...(to ? { end: { date: isoWithOffset(to, t.timeZone) } } : {}),
          },
        }
      : {}),
  };
  return { eventTicketClass, eventTicketObject };
}

function seatPartsFor(seat: { name: string; section: string | null }) {
  return { ...seatParts(seat.name), section: seat.section?.trim() || null };
}
