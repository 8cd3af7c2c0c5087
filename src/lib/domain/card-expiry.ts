/**
 * A card expiry typed as `1230` was refused: it is formatted as the shopper types, as card forms
 * do. The card form's expiry is MM/YY: digits only, the slash put in once the year begins (so
 * backspace deletes through it without being put back), a lone first digit 2–9 read as that month
 * ('4' → '04'), and an autofilled four-digit year ('12/2030') shortened to its last two digits.
 */
export function formatCardExpiry(input: string): string {
  const fullYear = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(input);
  let digits = fullYear ? `${fullYear[1]?.padStart(2, "0")}${fullYear[2]}` : input.replace(/\D/g, "");
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
