// The console's reads, kept while a mark of the store stands: a repeated paint (a reload, a second tab)
// costs one small query instead of the per-user merge over every window, and the first read after the
// mark moves is computed afresh, so a figure shown is always the store's as of the read. Two marks are
// used: the store's change mark (any write) and the coverage epoch (windows or users added or removed).

/**
 * `compute`'s value, computed again only when `mark()` has moved. The mark is read before the value: a
 * write landing in between leaves a value newer than its mark, which the next read (seeing the moved
 * mark) replaces, so a kept value is never older than its mark. Concurrent reads of one mark share one
 * computation; a failed one is not kept.
 */
export function markedCache<T>(mark: () => Promise<string>, compute: () => Promise<T>): () => Promise<T> {
  let held: { mark: string; value: Promise<T> } | undefined;
  return async () => {
    const current = await mark();
    if (held?.mark === current) return held.value;
    const value = compute();
    const entry = { mark: current, value };
    held = entry;
    value.catch(() => {
      if (held === entry) held = undefined;
    });
    return value;
  };
}
