/**
 * Flexible prices (spec §5): an amount between currency_amount_min and currency_amount_max, in
 * steps of 0.01, else 'Value entered is outside min/max'. Amounts are minor units inside.
 */
import { parseMoneyString } from "./money.ts";

export const OUTSIDE_MIN_MAX = "Value entered is outside min/max";
export const FLEXIBLE_STEP = "0.01";

export interface FlexibleBounds {
  min: number | undefined;
  max: number | undefined;
}

export function flexibleBounds(type: {
  currency_amount_min: string | null;
  currency_amount_max: string | null;
}): FlexibleBounds {
  const read = (v: string | null) => (v === null ? undefined : parseMoneyString(v));
  return { min: read(type.currency_amount_min), max: read(type.currency_amount_max) };
}

export type FlexibleCheck = { ok: true; amount: number } | { ok: false; error: "required" | "outside" };

/** Checks what the shopper typed ("12", "12.5", "12.50"); more than two decimals is off-step. */
export function checkFlexibleAmount(input: string, bounds: FlexibleBounds): FlexibleCheck {
  const value = input.trim();
  if (value === "") return { ok: false, error: "required" };
  let amount: number;
  try {
    amount = parseMoneyString(value);
  } catch {
    return { ok: false, error: "outside" };
  }
  if (amount < 0) return { ok: false, error: "outside" };
  if (bounds.min !== undefined && amount < bounds.min) return { ok: false, error: "outside" };
  if (bounds.max !== undefined && amount > bounds.max) return { ok: false, error: "outside" };
  return { ok: true, amount };
}

/** The `price` query value as a preset, only when it is within the bounds. */
export function presetAmount(price: string | undefined, bounds: FlexibleBounds): string {
  if (!price) return "";
  const check = checkFlexibleAmount(price, bounds);
  return check.ok ? (check.amount / 100).toFixed(2) : "";
}
