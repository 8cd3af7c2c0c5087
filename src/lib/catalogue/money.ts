/**
 * Money as people write it (25.00) and as Foyer stores it (2500 minor units): the currency's
 * decimals come from Intl, so KWD has 3 (1.250 is 1250) and JPY none (1500 is 1500).
 */

import { minorPerUnit } from "../domain/money.ts";

/**
 * The amount in minor units, or null when it has more decimals than the currency allows. A file's
 * YAML gives a number (25.5), where domain/money.ts parseMoneyString reads typed text ("25.50").
 */
export function toMinorUnits(amount: number, currency: string): number | null {
  const factor = minorPerUnit(currency);
  const minor = Math.round(amount * factor);
  return Math.abs(minor - amount * factor) < 1e-6 * Math.max(1, Math.abs(amount * factor)) ? minor : null;
}

/** A percentage (2.5) in basis points (250). */
export function toBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
