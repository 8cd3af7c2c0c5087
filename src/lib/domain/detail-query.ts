/**
 * Event detail query values (spec doc 1 §2): tg (ticket group filter), select (preselected ticket
 * type), price (preset flexible amount, a money string). Anything unusable is dropped.
 */
const MAX_ID_LENGTH = 200;

function id(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= MAX_ID_LENGTH ? trimmed : undefined;
}

/**
 * A non-negative amount with up to three decimals ("12", "12.5", "2.500"): whether it has no more
 * places than the seller's currency, and lies within the bounds, the flexible field checks
 * (flexible-price.ts presetAmount), which knows the currency.
 */
function price(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && /^\d{1,13}(?:\.\d{1,3})?$/.test(trimmed) ? trimmed : undefined;
}

interface DetailQuery {
  tg: string | undefined;
  select: string | undefined;
  price: string | undefined;
}

export function detailQuery(params: URLSearchParams): DetailQuery {
  return { tg: id(params.get("tg")), select: id(params.get("select")), price: price(params.get("price")) };
}
