/**
 * "From {price}" on listing cards: the lowest fixed price among an event's publicly browsable
 * ticket types, formatted in the tenant currency with Intl.NumberFormat. Flexible prices
 * (donations, gift cards) and free tickets give no "from" price.
 */
export interface PricedType {
  ticket_group_id: string;
  currency_amount: string;
  currency_amount_min: string | null;
  currency_amount_max: string | null;
}

import { parseMoneyString } from "../lib/domain/money.ts";

export { formatMoney } from "../lib/domain/money.ts";

export function lowestFixedPrice(
  types: readonly PricedType[],
  browsableGroupIds: ReadonlySet<string>,
): number | undefined {
  let lowest: number | undefined;
  for (const type of types) {
    if (!browsableGroupIds.has(type.ticket_group_id)) continue;
    if (type.currency_amount_min !== null || type.currency_amount_max !== null) continue;
    const cents = parseMoneyString(type.currency_amount);
    if (cents <= 0) continue;
    if (lowest === undefined || cents < lowest) lowest = cents;
  }
  return lowest;
}
