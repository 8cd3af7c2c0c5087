/**
 * CSV for the back office's exports (RFC 4180): fields separated by commas, records by CRLF, a
 * field holding a comma, a double quote, CR or LF wrapped in double quotes with its quotes doubled.
 *
 * The files are opened in spreadsheets, which run a cell that starts with `=`, `+`, `-` or `@` as
 * a formula (and some treat a leading tab or CR the same way): a visitor's name such as
 * `=HYPERLINK(...)` must stay text. Such a text cell gets a single quote in front, which the
 * spreadsheet shows as text. Numbers are written as numbers (a number is never a formula), so
 * figures stay numeric; every text, whatever it holds, goes through the escape.
 */

export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text: a leading formula character gets a `'` in front. */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field: empty for null, numbers as they are, texts escaped for spreadsheets, then quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header record, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
