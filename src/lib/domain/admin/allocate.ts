/**
 * Splitting an amount of minor units over parts in proportion to their weights, so that the
 * parts add up to the amount exactly (the largest remainder method). The figures use it to give
 * each ticket its share of its order's total, so sales by event or ticket type add up to the
 * orders' totals to the cent.
 */

/**
 * Shares of `amount` (an integer, may be negative) proportional to `weights` (non-negative
 * integers). The shares sum to `amount`; a unit left over goes to the largest fractional parts,
 * the earlier part first on a tie. All weights zero: equal shares. No parts: nothing.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount)) throw new RangeError("allocate takes an integer amount");
  if (!weights.length) return [];
  const sign = amount < 0 ? -1 : 1;
  const whole = Math.abs(amount);
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  const used = total > 0 ? weights.map((w) => Math.max(0, w)) : weights.map(() => 1);
  const sumUsed = total > 0 ? total : weights.length;
  const shares = used.map((w) => Math.floor((whole * w) / sumUsed));
  let left = whole - shares.reduce((sum, s) => sum + s, 0);
  const order = used
    .map((w, i) => ({ i, rest: (whole * w) % sumUsed }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares.map((s) => s * sign + 0);
}
