// The console's coverage read, kept while the store is unchanged: a repeated paint (a reload, a second
// tab) costs one small query instead of the per-user merge over every window, and the first read after
// any write is computed afresh, so a figure shown is always the store's as of the read.
import type { StoreMaintenance } from '../stores/store-maintenance.js';

/** What a cache keyed by the store's change mark asks of the store. */
export type MarkedStore = Pick<StoreMaintenance, 'changeMark'>;

/**
 * `compute`'s value, computed again only when the store's change mark has moved. The mark is read
 * before the value: a write landing in between leaves a value newer than its mark, which the next read
 * (seeing the moved mark) replaces, so a kept value is never older than its mark. Concurrent reads of
 * one mark share one computation; a failed one is not kept.
 */
export function markedCache<T>(store: MarkedStore, compute: () => Promise<T>): () => Promise<T> {
  let held: { mark: string; value: Promise<T> } | undefined;
  return async () => {
    const mark = await store.changeMark();
    if (held?.mark === mark) return held.value;
    const value = compute();
    const entry = { mark, value };
    held = entry;
    value.catch(() => {
      if (held === entry) held = undefined;
    });
    return value;
  };
}
