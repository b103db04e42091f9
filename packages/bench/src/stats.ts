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

/** The list rotated left by `by` places: round r runs the contenders in this order, so drift cancels. */
export const rotate = <T>(items: readonly T[], by: number): T[] =>
  items.map((_, i) => items[(i + by) % items.length] as T);
