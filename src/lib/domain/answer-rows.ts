/**
 * A collection of the original API's shape, as the domain rules read an answer: its rows under
 * `_data` (and their count). The rules declare the fields they read; the API's collections fit.
 */
export interface Rows<T> {
  _count?: number | undefined;
  _data: readonly T[];
}
