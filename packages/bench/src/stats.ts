/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `value` rounded to `digits` decimals. */
export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The order of the items for round `index`: over a cycle of rounds (n, or 2n for an odd count n) every
 * item comes first equally often and follows each other item equally often (a Williams design). A
 * rotation keeps each item behind the same neighbour in every round, so whatever one item leaves behind
 * in the process (garbage, a warm cache) would always land on the same next one.
 */
export function balancedOrder<T>(items: readonly T[], index: number): T[] {
  const n = items.length;
  const cycle = n % 2 === 0 ? n : 2 * n;
  const row = index % cycle;
  const shift = row % n;
  // The base sequence 0, 1, n-1, 2, n-2, …: each step a different distance around the circle.
  const order = items.map((_, j) => {
    const base = j === 0 ? 0 : j % 2 === 1 ? (j + 1) / 2 : n - j / 2;
    return items[(base + shift) % n] as T;
  });
  return row < n ? order : order.reverse();
}
