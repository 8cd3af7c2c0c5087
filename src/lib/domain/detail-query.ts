/**
 * Event detail query values (spec doc 1 §2): tg (ticket group filter), select (preselected ticket
 * type), price (preset flexible amount, a money string). Anything unusable is dropped.
 */
import { parseMoneyString } from "./money.ts";

const MAX_ID_LENGTH = 200;

function id(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= MAX_ID_LENGTH ? trimmed : undefined;
}

function price(value: string | null): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    return parseMoneyString(trimmed) >= 0 ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

interface DetailQuery {
  tg: string | undefined;
  select: string | undefined;
  price: string | undefined;
}

export function detailQuery(params: URLSearchParams): DetailQuery {
  return { tg: id(params.get("tg")), select: id(params.get("select")), price: price(params.get("price")) };
}
