/** An array the fit shortened: where it is (`$.markers`), and how many items it kept of how many. */
export interface CutArray {
  path: string;
  kept: number;
  total: number;
}

export interface FittedJson {
  /** JSON text within the budget; valid JSON unless `truncatedText` says otherwise. */
  text: string;
  /** Bytes of the whole answer as JSON, before any cut. */
  fullBytes: number;
  /** Arrays shortened to their first items (at most five listed), when that was enough. */
  cutArrays?: CutArray[];
  /** Every array cut to this many items, when arrays were cut. */
  keptPerArray?: number;
  /** True when even empty arrays did not fit and the text itself was cut (it is then not valid JSON). */
  truncatedText?: true;
}

/** Nesting below this depth is kept as it is: no answer of the API nests deeper. */
const MAX_DEPTH = 64;
const LISTED_CUTS = 5;

/** Bytes a text takes on the wire inside a JSON-RPC message: as a JSON string, UTF-8. */
export const wireBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text));

/**
 * JSON of `value` in at most `budget` wire bytes. Too large, every array is cut to its first `k` items,
 * with `k` the largest that fits (a binary search over whole serializations, so at most ~20 of them),
 * which keeps the text valid JSON and the start of every list; only when even empty arrays do not fit
 * is the text itself cut. `shown` (the server's masking) applies to each serialization before it is
 * measured or cut: a cut inside a secret would leave its start unmasked.
 */
export function fitJson(
  value: unknown,
  budget: number,
  shown: (json: string) => string = (json) => json,
): FittedJson {
  const full = shown(JSON.stringify(value) ?? 'null');
  const fullBytes = Buffer.byteLength(full);
  if (wireBytes(full) <= budget) return { text: full, fullBytes };
  let low = 0;
  let high = Math.max(0, longestArray(value, 0) - 1);
  let best: { text: string; cuts: CutArray[]; k: number } | undefined;
  while (low <= high) {
    const k = Math.floor((low + high) / 2);
    const cuts: CutArray[] = [];
    const text = shown(JSON.stringify(cutArrays(value, k, '$', cuts, 0)));
    if (wireBytes(text) <= budget) {
      best = { text, cuts, k };
      low = k + 1;
    } else high = k - 1;
  }
  if (best && best.cuts.length > 0)
    return { text: best.text, fullBytes, cutArrays: best.cuts.slice(0, LISTED_CUTS), keptPerArray: best.k };
  return { text: cutText(full, budget), fullBytes, truncatedText: true };
}

function longestArray(value: unknown, depth: number): number {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  let longest = Array.isArray(value) ? value.length : 0;
  for (const child of children) longest = Math.max(longest, longestArray(child, depth + 1));
  return longest;
}

function cutArrays(value: unknown, k: number, path: string, cuts: CutArray[], depth: number): unknown {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (value.length > k) cuts.push({ path, kept: k, total: value.length });
    return value.slice(0, k).map((item, index) => cutArrays(item, k, `${path}[${index}]`, cuts, depth + 1));
  }
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] = cutArrays(
      child,
      k,
      /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`,
      cuts,
      depth + 1,
    );
  }
  return copy;
}

/** The longest prefix of `text` (never splitting a surrogate pair) whose wire size fits `budget`. */
function cutText(text: string, budget: number): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (wireBytes(text.slice(0, middle)) <= budget) low = middle;
    else high = middle - 1;
  }
  const end = low > 0 && /[\uD800-\uDBFF]/.test(text.charAt(low - 1)) ? low - 1 : low;
  return text.slice(0, end);
}
