/**
 * A bought gift card's number: 'GC-7K3M-Q9XH-2PRT-WZ4F', 16 characters drawn at random from 31 (no
 * 0/O, 1/I/L, so it is read aloud and typed without confusion), about 79 bits: a number can't be
 * guessed from another one, as a sequence could. The draw is passed in (the server's is
 * crypto.randomInt), so the format is tested without chance.
 */
export const GIFT_CARD_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function giftCardNumber(draw: (below: number) => number): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    for (let i = 0; i < 4; i++) group += GIFT_CARD_NUMBER_ALPHABET[draw(GIFT_CARD_NUMBER_ALPHABET.length)];
    groups.push(group);
  }
  return `GC-${groups.join("-")}`;
}
