import { minorOfNumber } from "./money.ts";

/**
 * The one-ticket reserve's option labels (spec 1 §2 "one-ticket-only (gift card, donation)").
 * A type whose name already states its price is labelled by
 * its name alone; any other type by its name and its formatted price.
 */
export function oneTicketOptionLabel(
  name: string,
  amount: number,
  money: (minor: number) => string,
  currency?: string,
): string {
  const numbers = name.match(/\d[\d,]*(?:\.\d{1,3})?/g) ?? [];
  // "KWD 2.500" states 2500 fils; "$25" 2500 cents: the number in the currency's minor units.
  const statesPrice = numbers.some((n) => minorOfNumber(Number(n.replaceAll(",", "")), currency) === amount);
  return statesPrice ? name : `${name} (${money(amount)})`;
}
