/** A reference range read from the lab's text: its bounds where the text gives numbers, and the text. */
export interface ReferenceRange {
  low: number | null;
  high: number | null;
  /** The range as the lab wrote it. */
  text: string;
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const BETWEEN = new RegExp(String.raw`^${NUMBER}\s*(?:-|–|to)\s*${NUMBER}$`, 'i');
const BELOW = new RegExp(String.raw`^(?:<|<=|≤|up to)\s*${NUMBER}$`, 'i');
const ABOVE = new RegExp(String.raw`^(?:>|>=|≥)\s*${NUMBER}$`, 'i');

/**
 * Reads `"70-99"`, `"<200"`, `">=40"` into bounds. Bounds are inclusive as labs print them; a strict
 * `<`/`>` is kept as the bound too and the text says which it was. Other text keeps no bounds.
 */
export function referenceRangeOf(range: unknown): ReferenceRange | null {
  if (typeof range === 'number' || typeof range !== 'string' || range.trim() === '') return null;
  const text = range.trim();
  const between = BETWEEN.exec(text);
  if (between) return { low: Number(between[1]), high: Number(between[2]), text: range };
  const below = BELOW.exec(text);
  if (below) return { low: null, high: Number(below[1]), text: range };
  const above = ABOVE.exec(text);
  if (above) return { low: Number(above[1]), high: null, text: range };
  return { low: null, high: null, text: range };
}
