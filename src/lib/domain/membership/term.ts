/**
 * A membership's term (spec 1 §3, §6): from the group's `duration_new` (ISO-8601, e.g.
 * P1Y) and `start_policy`. Terms end at the tenant's midnight in its own time zone, so a member
 * keeps every calendar day they paid for whatever the server's zone or a daylight-saving change.
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export interface TermInput {
  now: Date;
  /** ISO-8601 date duration (PnYnMnWnD); null means one year. */
  durationNew: string | null;
  /** fixedfrom | fixedto | null (the term starts at purchase) */
  startPolicy: string | null;
  startPolicyDate: Date | null;
  timeZone: string;
  /** A renewal with 'extend': the current membership's valid_to, when still in the future. */
  extendFrom?: Date | null;
}

export interface Term {
  validFrom: Date;
  validTo: Date;
}

interface Duration {
  years: number;
  months: number;
  days: number;
}

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/;

/** Parses the date part of an ISO-8601 duration; null for anything else (times are not terms). */
export function parseTermDuration(text: string): Duration | null {
  const m = DURATION.exec(text.trim().toUpperCase());
  if (!m || text.trim().toUpperCase() === "P") return null;
  const n = (i: number) => Number(m[i] ?? 0);
  return { years: n(1), months: n(2), days: n(3) * 7 + n(4) };
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(at: Date, tz: string): string {
  return dayjs(at).tz(tz).format("YYYY-MM-DD");
}

/** The instant of midnight at the start of a local calendar date in a time zone. */
function midnight(ymd: string, tz: string): Date {
  return dayjs.tz(`${ymd}T00:00:00`, tz).toDate();
}

function addDuration(ymd: string, d: Duration): string {
  return dayjs.utc(ymd).add(d.years, "year").add(d.months, "month").add(d.days, "day").format("YYYY-MM-DD");
}

/**
 * The term of a new membership. It starts now (or at the fixed start date, or at the end of the
 * membership it extends) and ends at the tenant's midnight that starts the local date `duration`
 * after the start's local date: bought on 17 Nov 2026 for P1Y, valid until 17 Nov 2027 00:00.
 * `fixedto` ends every term at the group's date.
 */
export function membershipTerm(input: TermInput): Term {
  const duration = parseTermDuration(input.durationNew ?? "P1Y") ?? { years: 1, months: 0, days: 0 };
  let validFrom = input.now;
  if (input.extendFrom && input.extendFrom > input.now) validFrom = input.extendFrom;
  else if (input.startPolicy === "fixedfrom" && input.startPolicyDate && input.startPolicyDate > input.now) {
    validFrom = input.startPolicyDate;
  }
  if (input.startPolicy === "fixedto" && input.startPolicyDate) {
    return { validFrom, validTo: input.startPolicyDate };
  }
  const end = addDuration(localDate(validFrom, input.timeZone), duration);
  return { validFrom, validTo: midnight(end, input.timeZone) };
}
