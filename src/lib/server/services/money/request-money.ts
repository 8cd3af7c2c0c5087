/**
 * Money a request sends ("25.00", a flexible price, a partial payment) read in the seller's
 * currency: exactly its own places ("25.00" in USD, "2.500" in KWD, "1500" in JPY), as the API
 * answers it. Anything else is a 400 validation_failed, never a guess at the scale.
 */
import { currencyDigits, parseMoneyString } from "../../../domain/money.ts";
import { validationFailed } from "../../errors/api-error.ts";

/** The pattern of an amount with the currency's own places. */
function exactPlaces(currency: string): RegExp {
  const digits = currencyDigits(currency);
  return digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`);
}

/** Minor units of `value` in `currency`; a 400 naming `extra` when it has other places than the currency's. */
export function requestMoney(
  value: string,
  currency: string,
  extra: Record<string, unknown> = {},
  context = "",
): number {
  if (!exactPlaces(currency).test(value)) {
    const digits = currencyDigits(currency);
    throw validationFailed(
      digits === 0
        ? `An amount in ${currency} has no decimals.`
        : `An amount in ${currency} has exactly ${digits} decimals.`,
      { ...extra, currency },
      context,
    );
  }
  return parseMoneyString(value, currency);
}
