/**
 * The donation add at checkout (spec 2 §1, §2 "donation"): the seller's donation ticket group
 * (handler donation) offers preset amounts and a flexible amount within the type's min and max
 * (flexible-price.ts rules). Amounts are minor units.
 */
import { apiMoneyMinor } from "./money.ts";

/** The parts of a ticket group the offer reads (the API's ticket_group fits it). */
export interface DonationGroupFields {
  id: string;
  handler: string;
}

/** The parts of a ticket type the offer reads (the API's ticket_type fits it); amounts are money strings. */
export interface DonationTypeFields {
  id: string;
  ticket_group_id: string;
  name: string;
  currency_amount: string;
  currency_amount_min: string | null;
  currency_amount_max: string | null;
}

export interface DonationOffer {
  ticketTypeId: string;
  name: string;
  min: number | undefined;
  max: number | undefined;
  /** Preset amounts, ascending, all within min and max. */
  presets: number[];
}

/** Suggested gifts besides the type's own amount. */
export const DONATION_SUGGESTIONS = [1000, 2500, 5000] as const;

/** The first donation group with a flexible type gives the offer; none gives null. */
export function donationOffer(
  groups: readonly DonationGroupFields[],
  types: readonly DonationTypeFields[],
): DonationOffer | null {
  for (const group of groups) {
    if (group.handler !== "donation") continue;
    const type = types.find(
      (t) =>
        t.ticket_group_id === group.id && (t.currency_amount_min !== null || t.currency_amount_max !== null),
    );
    if (!type) continue;
    const min = type.currency_amount_min === null ? undefined : apiMoneyMinor(type.currency_amount_min);
    const max = type.currency_amount_max === null ? undefined : apiMoneyMinor(type.currency_amount_max);
    const within = (amount: number) =>
      amount > 0 && (min === undefined || amount >= min) && (max === undefined || amount <= max);
    const presets = [...new Set([...DONATION_SUGGESTIONS, apiMoneyMinor(type.currency_amount)])]
      .filter(within)
      .sort((a, b) => a - b);
    return { ticketTypeId: type.id, name: type.name, min, max, presets };
  }
  return null;
}
