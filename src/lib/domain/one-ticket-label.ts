/**
 * The one-ticket reserve's option labels (spec 1 §2 "one-ticket-only (gift card, donation)").
 * A type whose name already states its price is labelled by
 * its name alone; any other type by its name and its formatted price.
 */
export function oneTicketOptionLabel(name: string, amount: number, money: (minor: number) => string): string {
  const numbers = name.match(/\d[\d,]*(?:\.\d{1,2})?/g) ?? [];
  const statesPrice = numbers.some((n) => Math.round(Number(n.replaceAll(",", "")) * 100) === amount);
  return statesPrice ? name : `${name} (${money(amount)})`;
}
