/**
 * Payment amounts (spec 2 §4, §5, §9), all in integer minor units: the limits per currency
 * (0.50 to 999999.99; GBP 0.30), the gateway for a total (free when nothing is due), the gift
 * card share (never more than the card's balance or what is outstanding), the other partial
 * amount clamped between the due amount and the outstanding balance, and card fields.
 */

import { chargeStep, currencyDigits, minorOfNumber, minorPerUnit, roundToChargeStep } from "./money.ts";

/**
 * The payment limits. This zod-free module is their one source: checkout-schemas.ts re-exports
 * them, so the island can check an amount without loading zod before its first call.
 */
export const PAYMENT_MAX_MINOR = 99_999_999;

/**
 * The least card payment: 0.50 in the currency's own units (50 cents, KWD 0.500 = 500 fils), GBP
 * 0.30; ¥50 where the currency has no decimals. The most is 99999999 minor units (Stripe's
 * eight digits: 999999.99 in USD, 99999.999 in KWD).
 */
export function paymentMinMinor(currency: string): number {
  const code = currency.toUpperCase();
  if (code === "GBP") return 30;
  return currencyDigits(code) === 0 ? 50 : minorPerUnit(code) / 2;
}

/** Spec §5: the amount and currency must be supported, else 'Payment is not supported for this amount.' */
export function paymentSupported(amountMinor: number, currency: string): boolean {
  return (
    Number.isSafeInteger(amountMinor) &&
    amountMinor >= paymentMinMinor(currency) &&
    amountMinor <= PAYMENT_MAX_MINOR
  );
}

/** Spec §4: a zero (or negative) outstanding total checks out through the free gateway. */
export function needsCard(outstandingMinor: number): boolean {
  return outstandingMinor > 0;
}

/**
 * The part of the outstanding total a gift card pays: its balance, at most what is due. When it
 * does not cover all, what it leaves for a card is a charge step (ten fils in KWD: money.ts
 * chargeStep), so a card balance of KWD 1.255 pays 1.250 of 2.710 and leaves 1.460.
 */
export function giftCardShare(balanceMinor: number, outstandingMinor: number, currency?: string): number {
  const share = Math.max(0, Math.min(balanceMinor, outstandingMinor));
  if (share === outstandingMinor) return share;
  const step = chargeStep(currency);
  const left = Math.ceil((outstandingMinor - share) / step) * step;
  return Math.max(0, outstandingMinor - left);
}

/**
 * Spec §5: the 'other' partial amount is clamped between the due amount and the outstanding
 * balance, in the currency's minor units (two decimals, three for KWD, rounded to ten fils as a
 * card takes them: money.ts chargeStep). `entered` is what the shopper typed (a decimal number);
 * anything that is not a finite number gives the due amount.
 */
export function clampOtherAmount(
  entered: number,
  dueMinor: number,
  outstandingMinor: number,
  currency?: string,
): number {
  const low = Math.min(dueMinor, outstandingMinor);
  const typed = minorOfNumber(entered, currency);
  if (typed === null) return low;
  const minor = roundToChargeStep(typed, currency);
  return Math.min(Math.max(minor, low), outstandingMinor);
}

/**
 * Spec §9: wallet amounts are minor units (amount times the currency's minor units per unit: 100,
 * 1000 for KWD; rounded); the amount must be finite.
 */
export function walletAmount(amount: number, currency?: string): number | null {
  return minorOfNumber(amount, currency);
}

export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export type CardField = "number" | "expiry" | "cvc";
export type CardCheck =
  | { ok: true; card: { card_number: string; exp_month: number; exp_year: number; cvc: string } }
  | { ok: false; errors: Partial<Record<CardField, "required" | "invalid">> };

/**
 * The test gateway's card form: 12 to 19 digits (spaces allowed), an MM/YY expiry not in the
 * past, a CVC of 3 or 4 digits. The outcome (declined, incorrect CVC...) is the server's call.
 */
export function validateCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, "required" | "invalid">> = {};
  const digits = input.number.replace(/[\s-]/g, "");
  if (digits.length === 0) errors.number = "required";
  else if (!/^\d{12,19}$/.test(digits)) errors.number = "invalid";
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  let month = 0;
  let year = 0;
  if (input.expiry.trim().length === 0) errors.expiry = "required";
  else if (!expiry) errors.expiry = "invalid";
  else {
    month = Number(expiry[1]);
    year = 2000 + Number(expiry[2]);
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (month < 1 || month > 12 || year * 12 + month - 1 < current) errors.expiry = "invalid";
  }
  const cvc = input.cvc.trim();
  if (cvc.length === 0) errors.cvc = "required";
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = "invalid";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { card_number: digits, exp_month: month, exp_year: year, cvc } };
}
