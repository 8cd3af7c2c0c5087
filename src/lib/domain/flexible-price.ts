/**
 * Flexible prices (spec §5): an amount between currency_amount_min and currency_amount_max, in
 * steps of the currency's minor unit (0.01, 0.001 for KWD, 1 for JPY), else 'Value entered is
 * outside min/max'. Amounts are minor units inside.
 */
import { apiMoneyMinor, parseMoneyString, toMoneyString } from "./money.ts";

export const OUTSIDE_MIN_MAX = "Value entered is outside min/max";

export interface FlexibleBounds {
  min: number | undefined;
  max: number | undefined;
  /** The seller's currency: what a typed amount is read in ("12.5" KWD is 12500). Two decimals when absent. */
  currency?: string;
}

/** The bounds are API strings (in the currency's own places); `currency` says how typed amounts are read. */
export function flexibleBounds(
  type: {
    currency_amount_min: string | null;
    currency_amount_max: string | null;
  },
  currency?: string,
): FlexibleBounds {
  const read = (v: string | null) => (v === null ? undefined : apiMoneyMinor(v));
  const bounds: FlexibleBounds = { min: read(type.currency_amount_min), max: read(type.currency_amount_max) };
  return currency ? { ...bounds, currency } : bounds;
}

/** Why an amount is outside: under the minimum, over the maximum, or not money in steps of 0.01. */
export type OutsideReason = "below" | "above" | "format";

export type FlexibleCheck =
  | { ok: true; amount: number }
  | { ok: false; error: "required" }
  | { ok: false; error: "outside"; reason: OutsideReason };

/**
 * Checks what the shopper typed ("12", "12.5", "12.50"); more decimals than the currency has
 * (two, or three for KWD, none for JPY) is off-step.
 */
export function checkFlexibleAmount(input: string, bounds: FlexibleBounds): FlexibleCheck {
  const value = input.trim();
  if (value === "") return { ok: false, error: "required" };
  let amount: number;
  try {
    amount = parseMoneyString(value, bounds.currency);
  } catch {
    return { ok: false, error: "outside", reason: "format" };
  }
  // A minus sign is a number below any minimum (and below zero when there is none), not a
  // malformed amount: "-5" is told the least it may give, never "at most two decimals".
  if (amount < 0) return { ok: false, error: "outside", reason: "below" };
  if (bounds.min !== undefined && amount < bounds.min)
    return { ok: false, error: "outside", reason: "below" };
  if (bounds.max !== undefined && amount > bounds.max)
    return { ok: false, error: "outside", reason: "above" };
  return { ok: true, amount };
}

/** The texts a refused amount is explained with; `min` and `max` arrive formatted as money. */
export interface OutsideTexts {
  /** The spec's own text, 'Value entered is outside min/max'. */
  outside: string;
  below: (min: string) => string;
  above: (max: string) => string;
  format: string;
}

/**
 * The spec's 'Value entered is outside min/max', followed by
 * what would be accepted (the bound that was crossed, or the two-decimal step).
 */
export function outsideMessage(
  reason: OutsideReason,
  bounds: FlexibleBounds,
  money: (minor: number) => string,
  texts: OutsideTexts,
): string {
  const why =
    reason === "below"
      ? texts.below(money(Math.max(bounds.min ?? 0, 0)))
      : reason === "above" && bounds.max !== undefined
        ? texts.above(money(bounds.max))
        : texts.format;
  return `${texts.outside}. ${why}`;
}

/** The `price` query value as a preset, only when it is within the bounds. */
export function presetAmount(price: string | undefined, bounds: FlexibleBounds): string {
  if (!price) return "";
  const check = checkFlexibleAmount(price, bounds);
  return check.ok ? toMoneyString(check.amount, bounds.currency) : "";
}

/**
 * The flexible field's label is the
 * tenant's template (default '{name} amount') unless the type's name already speaks of an amount.
 */
export function flexibleFieldLabel(typeName: string, template: string): string {
  return /\bamount\b/i.test(typeName) ? typeName : template.replace("{name}", typeName);
}
