/**
 * Money: integer minor units inside, "25.00" strings at the API edge, Intl.NumberFormat for people.
 * Rounding happens only at the edges (fee computation rounds half away from zero, once).
 * A minor unit is one hundredth of the currency unit everywhere (the contract's two-decimal strings);
 * the tenants' currencies (USD, GBP, EUR) all have two decimals.
 */

/** Minor units -> "25.00" (always two places, as the API contract sends). */
export function toMoneyString(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount of minor units: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${units}.${cents.toString().padStart(2, "0")}`;
}

/** "25.00" / "25" / "25.5" -> 2500 / 2500 / 2550. Throws on anything else (never floats). */
export function parseMoneyString(value: string): number {
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new RangeError(`Not a money amount: ${value}`);
  const minor = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  return m[1] ? -minor : minor;
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
  // Same scale as toMoneyString and parseMoneyString: 100 minor units to the unit.
  return format.format(minor / 100);
}
