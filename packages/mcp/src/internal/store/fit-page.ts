import type { CallToolResult } from '@modelcontextprotocol/server';

/** A result's size as it travels: its JSON, in bytes. */
export const resultBytes = (result: CallToolResult): number => Buffer.byteLength(JSON.stringify(result));

/**
 * The longest first part of `items` whose result fits `maxBytes`, and that result: a full answer that does
 * not fit is split into pages, each ending with the continuation the builder writes, never cut.
 * Undefined when not even one item fits.
 */
export function fitPage<T>(
  items: readonly T[],
  build: (page: readonly T[]) => CallToolResult,
  maxBytes: number,
): { result: CallToolResult; shown: number } | undefined {
  const whole = build(items);
  if (resultBytes(whole) <= maxBytes) return { result: whole, shown: items.length };
  // Binary search on the page length: sizes grow with it.
  let low = 0;
  let high = items.length - 1;
  let best: { result: CallToolResult; shown: number } | undefined;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const result = build(items.slice(0, middle));
    if (resultBytes(result) <= maxBytes) {
      if (middle > 0) best = { result, shown: middle };
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}
