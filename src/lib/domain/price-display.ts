/**
 * Price display (spec §9): 'all' shows prices on dates and sessions; 'sessions_and_tickets' on
 * sessions (and tickets) only; hidden for flexible prices. Outside fixed and percent fees are added
 * to the displayed price when fees are included; including fees depends on a seller setting, else the
 * config default. The fee total is the sum of the ticket fees.
 */
import { addOutsideFees, apiMoneyMinor, percentFee } from "./money.ts";

type PricePlace = "date" | "session" | "ticket";

/** A ticket type has a flexible price (donation, custom gift card) when it has a min or a max. */
export function isFlexiblePrice(type: {
  currency_amount_min: string | null;
  currency_amount_max: string | null;
}): boolean {
  return type.currency_amount_min !== null || type.currency_amount_max !== null;
}

/** The API's outside_fees list as minor-unit and basis-point amounts. */
export function outsideFeesOf(type: { outside_fees: { type: string; fee: string }[] }): OutsideFees {
  const fees: OutsideFees = {};
  for (const fee of type.outside_fees) {
    if (fee.type === "fee_fixed_outside") fees.fixed = (fees.fixed ?? 0) + apiMoneyMinor(fee.fee);
    if (fee.type === "fee_percent_outside") fees.percentBp = (fees.percentBp ?? 0) + apiMoneyMinor(fee.fee);
  }
  return fees;
}

export function showsPrice(mode: string | null | undefined, place: PricePlace, flexible = false): boolean {
  if (flexible) return false;
  if (place === "ticket") return true;
  if (mode === "all") return true;
  if (mode === "sessions_and_tickets") return place === "session";
  return false;
}

export interface OutsideFees {
  fixed?: number;
  percentBp?: number;
}

/** The seller's setting wins; otherwise the config default; otherwise fees are not included. */
export function includesFees(sellerSetting?: boolean | null, configDefault?: boolean | null): boolean {
  return sellerSetting ?? configDefault ?? false;
}

/** The price a shopper sees, in minor units. */
export function displayedPrice(amountMinor: number, fees: OutsideFees, includeFees: boolean): number {
  return includeFees ? addOutsideFees(amountMinor, fees) : amountMinor;
}

/** The outside fee of one ticket. */
function ticketFee(amountMinor: number, fees: OutsideFees): number {
  return (fees.fixed ?? 0) + percentFee(amountMinor, fees.percentBp ?? 0);
}

/** The fee total is the sum of ticket fees (each rounded once). */
export function feeTotal(tickets: { amount: number; fees: OutsideFees; quantity?: number }[]): number {
  return tickets.reduce((sum, t) => sum + ticketFee(t.amount, t.fees) * (t.quantity ?? 1), 0);
}

/** What a ticket type's price needs from the API's ticket type. */
export interface PricedTicketType {
  ticket_group_id: string;
  currency_amount: string;
  currency_amount_min: string | null;
  currency_amount_max: string | null;
  outside_fees: { type: string; fee: string }[];
}

/**
 * How one ticket type's price reads, in minor units: a flexible type gives its allowed amount range
 * (an amount range, not a displayed price, so no fees); a zero amount is free; otherwise the
 * displayed price, outside fees added when the seller includes them.
 */
type TicketPrice =
  | { kind: "flexible"; min: number | undefined; max: number | undefined }
  | { kind: "free" }
  | { kind: "fixed"; amount: number };

export function ticketPrice(type: PricedTicketType, includeFees: boolean): TicketPrice {
  if (isFlexiblePrice(type)) {
    const bound = (value: string | null) => (value === null ? undefined : apiMoneyMinor(value));
    return { kind: "flexible", min: bound(type.currency_amount_min), max: bound(type.currency_amount_max) };
  }
  const amount = apiMoneyMinor(type.currency_amount);
  if (amount <= 0) return { kind: "free" };
  return { kind: "fixed", amount: displayedPrice(amount, outsideFeesOf(type), includeFees) };
}

/**
 * "From {price}" on listing cards: the lowest displayed fixed price among an event's publicly
 * browsable ticket types. Flexible prices (donations, gift cards) and free tickets give no price.
 */
export function lowestFixedPrice(
  types: readonly PricedTicketType[],
  browsableGroupIds: ReadonlySet<string>,
  includeFees: boolean,
): number | undefined {
  let lowest: number | undefined;
  for (const type of types) {
    if (!browsableGroupIds.has(type.ticket_group_id)) continue;
    const price = ticketPrice(type, includeFees);
    if (price.kind !== "fixed") continue;
    if (lowest === undefined || price.amount < lowest) lowest = price.amount;
  }
  return lowest;
}

/**
 * What 'From {price}' means, the same on listing cards and date tiles (the listing said
 * 'From $12', the lowest type, while the tiles said 'From $25', the primary type): the event's
 * headline price is its primary ticket type's displayed price (web.price_display
 * primary_ticket_type_id, spec §3), when that type is publicly sold at a fixed price; otherwise the
 * lowest displayed fixed price. Fees are added when the seller includes them (spec §9).
 */
export function fromPrice(
  types: readonly (PricedTicketType & { id: string })[],
  browsableGroupIds: ReadonlySet<string>,
  includeFees: boolean,
  primaryTypeId?: string | null,
): number | undefined {
  const primary = types.find((t) => t.id === primaryTypeId && browsableGroupIds.has(t.ticket_group_id));
  const price = primary ? ticketPrice(primary, includeFees) : undefined;
  if (price?.kind === "fixed") return price.amount;
  return lowestFixedPrice(types, browsableGroupIds, includeFees);
}

/**
 * The 'From' price of a calendar day, minor units: the day's price (the primary type's when the
 * event names one, else the lowest) with the primary type's fees when fees are included; without a
 * primary type, the lowest price with or without fees.
 */
export function dayFromPrice(
  day: { price: string | null; min_price: string | null; min_price_fees?: string | null | undefined },
  primaryFees: OutsideFees | undefined,
  includeFees: boolean,
): number | undefined {
  if (primaryFees && day.price !== null) {
    return displayedPrice(apiMoneyMinor(day.price), primaryFees, includeFees);
  }
  const value = includeFees ? (day.min_price_fees ?? day.min_price) : (day.min_price ?? day.price);
  return value === null || value === undefined ? undefined : apiMoneyMinor(value);
}
