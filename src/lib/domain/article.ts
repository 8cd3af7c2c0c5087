/**
 * The indefinite article of an English noun phrase: 'an Individual membership', 'a Dual
 * membership'. Told by the first letter (a vowel gives 'an'), which suits level and program names;
 * words whose sound differs from their spelling ('an hour', 'a unit') are not told apart.
 */
export function indefiniteArticle(word: string): "a" | "an" {
  return /^[aeiou]/i.test(word.trim()) ? "an" : "a";
}

/** The phrase with its article: 'an Individual', 'a Dual'. */
export const withArticle = (phrase: string): string => `${indefiniteArticle(phrase)} ${phrase.trim()}`;
