// How deeply a JSON text nests, for the servers that refuse a body past MAX_JSON_DEPTH before parsing
// it or handing it on (the sandbox: a world that could no longer be cloned or saved; the mock: Prism
// dies checking or logging it).

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deeply `text` nests arrays and objects, counted up to `limit + 1`: brackets outside strings, in
 * one pass. Hand-written rather than a parser library: the count is all the check needs, it runs
 * without recursion (the depth is what would overflow a stack), and no published server gains a
 * dependency. Exact for valid JSON.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
