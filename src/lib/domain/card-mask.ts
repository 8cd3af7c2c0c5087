/**
 * A gift card's number as answers show it ("A guest cart shows its gift card's full number
 * and balance to anyone who holds the cart id: mask it to the last 4 digits"). The full number
 * spends the card, so it is shown only to whoever typed it. Four masks and the last four characters;
 * a number of four characters or fewer is masked whole. The mask never tells the number's length.
 */
export const CARD_MASK = "****";

export function maskCardNumber(number: string): string {
  const compact = number.trim();
  return compact.length > 4 ? `${CARD_MASK}${compact.slice(-4)}` : CARD_MASK;
}
