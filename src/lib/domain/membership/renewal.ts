/**
 * Renewal (spec 1 §6): a membership may be renewed only within a configured number of
 * days before its term ends (tenant web config `membership.renewal_window_days`, default 60), and an
 * ended membership is renewed by extension while it ended at most `membership.renewal_grace_days`
 * ago (default 30; later, a renewal starts a fresh term now). Reserving members-only tickets for a
 * session after the term follows `membership.reserve_beyond_term`: always (default),
 * if_autorenew (only while auto-renew is scheduled) or never. Days are the tenant's calendar days.
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_RENEWAL_WINDOW_DAYS = 60;
export const DEFAULT_RENEWAL_GRACE_DAYS = 30;

export type BeyondTermPolicy = "always" | "if_autorenew" | "never";

export interface RenewalConfig {
  windowDays: number;
  graceDays: number;
  beyondTerm: BeyondTermPolicy;
}

export const DEFAULT_RENEWAL_CONFIG: RenewalConfig = {
  windowDays: DEFAULT_RENEWAL_WINDOW_DAYS,
  graceDays: DEFAULT_RENEWAL_GRACE_DAYS,
  beyondTerm: "always",
};

/** The same local wall-clock time `days` calendar days later (earlier when negative), DST-safe. */
function shiftLocalDays(at: Date, days: number, timeZone: string): Date {
  const wall = dayjs(at).tz(timeZone).format("YYYY-MM-DDTHH:mm:ss");
  const shifted = dayjs.utc(wall).add(days, "day").format("YYYY-MM-DDTHH:mm:ss");
  return dayjs.tz(shifted, timeZone).toDate();
}

/** The instant renewal opens: `windowDays` calendar days before the term's end, in the tenant's zone. */
export function renewalOpensAt(validTo: Date, windowDays: number, timeZone: string): Date {
  return shiftLocalDays(validTo, -windowDays, timeZone);
}

/** Renewal is open from `windowDays` before the end on (an ended membership may always be renewed). */
export function renewalOpen(validTo: Date, now: Date, windowDays: number, timeZone: string): boolean {
  return now.getTime() >= renewalOpensAt(validTo, windowDays, timeZone).getTime();
}

/** Whether a renewal extends this term (it is current, or ended at most `graceDays` ago). */
export function extendsTerm(validTo: Date, now: Date, graceDays: number, timeZone: string): boolean {
  return shiftLocalDays(validTo, graceDays, timeZone).getTime() >= now.getTime();
}

/** Members-only tickets for a session starting at or after the term's end, by the policy. */
export function mayReserveBeyondTerm(policy: BeyondTermPolicy, autoRenewState: string | null): boolean {
  if (policy === "always") return true;
  if (policy === "if_autorenew") return autoRenewState === "scheduled";
  return false;
}

/**
 * The last full day of a term, as a local calendar date (YYYY-MM-DD): a term ending at midnight
 * that starts 22 Nov is valid until 21 Nov.
 */
export function lastFullDay(validTo: Date, timeZone: string): string {
  return dayjs(validTo.getTime() - 1)
    .tz(timeZone)
    .format("YYYY-MM-DD");
}

export type RenewalNotice =
  | { kind: "expired"; validTo: Date; ticketDate: Date }
  | { kind: "expires"; validTo: Date; ticketDate: Date };

/**
 * The event page's renewal message (spec 1 §6): for a members-only event, 'expired' when the
 * visitor's latest membership has ended, 'expires in' when it ends before the event's date.
 * Null when there is no membership or it covers the date.
 */
export function renewalNotice(
  validTo: Date | null,
  ticketDate: Date | null,
  now: Date,
): RenewalNotice | null {
  if (!validTo || !ticketDate) return null;
  if (validTo.getTime() <= now.getTime()) return { kind: "expired", validTo, ticketDate };
  if (validTo.getTime() <= ticketDate.getTime()) return { kind: "expires", validTo, ticketDate };
  return null;
}

/** Reads the tenant's `web.membership` config leniently (unknown values fall back to the defaults). */
export function renewalConfigOf(raw: unknown): RenewalConfig {
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const days = (v: unknown, d: number) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : d);
  const policy = o.reserve_beyond_term;
  return {
    windowDays: days(o.renewal_window_days, DEFAULT_RENEWAL_WINDOW_DAYS),
    graceDays: days(o.renewal_grace_days, DEFAULT_RENEWAL_GRACE_DAYS),
    beyondTerm: policy === "if_autorenew" || policy === "never" ? policy : "always",
  };
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return dayjs(at).tz(timeZone).format("YYYY-MM-DD");
}
