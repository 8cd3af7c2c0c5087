/**
 * Money: integer minor units inside, "25.00" strings at the API edge, Intl.NumberFormat for people.
 * Rounding happens only at the edges (fee computation rounds half away from zero, once).
 * How many minor units make a unit is the currency's own: 100 for USD and GBP, 1000 for KWD
 * (three decimals), 1 for JPY (none). currencyDigits is the one place that says so; a caller that
 * names no currency gets two decimals, as the two-decimal tenants always had.
 */

/** Two decimals when no currency is named: the scale every two-decimal tenant has always used. */
const DEFAULT_DIGITS = 2;

const digitsByCurrency = new Map<string, number>();

/** A currency's decimals as Intl knows them (ISO 4217): USD 2, KWD 3, JPY 0. Throws on an unknown code. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsByCurrency.get(code);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
        .maximumFractionDigits ?? DEFAULT_DIGITS;
    digitsByCurrency.set(code, digits);
  }
  return digits;
}

const digitsOf = (currency: string | undefined) => (currency ? currencyDigits(currency) : DEFAULT_DIGITS);

/** Minor units to the unit: 100 for USD, 1000 for KWD, 1 for JPY. */
export function minorPerUnit(currency?: string): number {
  return 10 ** digitsOf(currency);
}

/**
 * Minor units -> "25.00" in the currency's own places ("2.500" for KWD, "25" for JPY); two places
 * when no currency is named, as the API contract sends for two-decimal currencies.
 */
export function toMoneyString(minor: number, currency?: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
  const digits = digitsOf(currency);
  const scale = 10 ** digits;
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const units = Math.floor(abs / scale);
  if (digits === 0) return `${sign}${units}`;
  const fraction = abs % scale;
  return `${sign}${units}.${fraction.toString().padStart(digits, "0")}`;
}

/**
 * "25.00" / "25" / "25.5" -> 2500 / 2500 / 2550 (USD); "12.5" -> 12500 in KWD. Throws on anything
 * else, and on more decimals than the currency has ("12.3456" in KWD): never floats, never rounds.
 */
export function parseMoneyString(value: string, currency?: string): number {
  const digits = digitsOf(currency);
  const m = /^(-)?(\d{1,13})(?:\.(\d+))?$/.exec(value.trim());
  if (!m || (m[3] !== undefined && (digits === 0 || m[3].length > digits))) {
    throw new RangeError(`Not a money amount: ${value}`);
  }
  const minor = Number(m[2]) * 10 ** digits + Number((m[3] ?? "0").padEnd(digits, "0") || "0");
  return m[1] ? -minor : minor;
}

/**
 * A money string of the API's answers -> minor units, currency unknown: the API writes every
 * amount with exactly its seller's currency's places ("25.00" USD, "2.500" KWD, "1500" JPY; the
 * basis points of a percent fee as "2.50"), so its minor units are its digits without the point.
 * Anything else throws. A typed amount is read with parseMoneyString and the currency instead.
 */
export function apiMoneyMinor(value: string): number {
  const m = /^(-)?(\d{1,13})(?:\.(\d{2,3}))?$/.exec(value);
  if (!m) throw new RangeError(`Not an API money string: ${value}`);
  const minor = Number(`${m[2]}${m[3] ?? ""}`);
  return m[1] ? -minor : minor;
}

/**
 * The step of a number input for an amount in the currency: "0.01" USD, "0.001" KWD, "1" JPY;
 * "0.01" when no currency is named.
 */
export function moneyInputStep(currency?: string): string {
  const digits = digitsOf(currency);
  return digits === 0 ? "1" : `0.${"1".padStart(digits, "0")}`;
}

/**
 * What a number input holds -> minor units in the currency, rounded to the minor unit (a number
 * input gives a float: 12.345 KWD is 12345, 12.5 USD 1250); null unless finite.
 */
export function minorOfNumber(amount: number, currency?: string): number | null {
  if (!Number.isFinite(amount)) return null;
  return Math.round(amount * minorPerUnit(currency));
}

/** Minor units -> the amount as a number of units (2500 KWD minor units -> 2.5), for number inputs and analytics. */
export function fromMinor(minor: number, currency?: string): number {
  return Number(toMoneyString(minor, currency));
}

/**
 * Three-decimal currencies and card payments. Stripe takes an amount in KWD, BHD, JOD, OMR or TND
 * only in tens of minor units (its last digit 0). Foyer's rule, whatever the tenant's gateway: in a
 * three-decimal currency an order's total is rounded half away from zero to ten minor units (ten
 * fils), the difference (never more than five) taken into its percent fees (cart-totals.ts), and a
 * plan's deposit and instalments are tens of fils too (payment-plan.ts). So the total a cart shows
 * is the one charged whichever way the buyer pays, a venue that moves from the test gateway to
 * Stripe keeps its totals, and a whole payment can always be refunded by card. Other currencies
 * keep the minor unit as their step.
 */
export function chargeStep(currency?: string): number {
  return digitsOf(currency) === 3 ? 10 : 1;
}

/**
 * The step of an input for an amount charged by card as typed: "0.01" USD, "0.01" KWD (ten fils,
 * chargeStep), "1" JPY. A price or a donation steps by the minor unit instead (moneyInputStep).
 */
export function chargeInputStep(currency?: string): string {
  return String(chargeStep(currency) / minorPerUnit(currency));
}

/** An amount rounded half away from zero to the currency's charge step (2713 -> 2710 fils; USD unchanged). */
export function roundToChargeStep(minor: number, currency?: string): number {
  const step = chargeStep(currency);
  return step === 1 ? minor : roundHalfAwayFromZero(minor, step) * step;
}

/** Rounds a rational number half away from zero, to an integer. */
function roundHalfAwayFromZero(numerator: number, denominator: number): number {
  const q = Math.abs(numerator) / denominator;
  const r = Math.floor(q + 0.5 + Number.EPSILON * q);
  return numerator < 0 ? -r : r;
}

/** The percent fee on an amount: basis points (250 = 2.5 %), rounded half up to the minor unit. */
export function percentFee(amountMinor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor) || !Number.isSafeInteger(basisPoints)) {
    throw new RangeError("percentFee takes integer minor units and basis points");
  }
  // Integer product first, one division: 1999 * 250 / 10000 = 49.975 -> 50.
  return roundHalfAwayFromZero(amountMinor * basisPoints, 10_000);
}

/** Amount plus outside fees: fixed (minor units) and percent (basis points of the amount). */
export function addOutsideFees(amountMinor: number, fees: { fixed?: number; percentBp?: number }): number {
  return amountMinor + (fees.fixed ?? 0) + percentFee(amountMinor, fees.percentBp ?? 0);
}

/** Basis points -> a percentage string, 250 -> "2.50". */
export function basisPointsToPercentString(basisPoints: number): string {
  return toMoneyString(basisPoints);
}

/** One formatter per locale and currency: building an Intl.NumberFormat costs far more than using one. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats minor units for display with Intl.NumberFormat, e.g. (2500, "USD", "en-US") -> "$25.00". */
export function formatMoney(minor: number, currency: string, locale = "en-US"): string {
  const key = `${locale}\u0000${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    // An unknown currency or locale throws here, as before, and is never kept.
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    moneyFormats.set(key, format);
  }
  // Same scale as toMoneyString and parseMoneyString: the currency's own minor units to the unit.
  return format.format(fromMinor(minor, currency));
}
