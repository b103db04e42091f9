import { SyncInputError } from '../errors/errors.js';
import type { SyncStore } from '../stores/store.js';
import type { StoreMaintenance } from '../stores/store-maintenance.js';

/** A store the console can aggregate in: one opened by `openStore` (SQLite or PostgreSQL). */
export type ReadableStore = SyncStore & Pick<StoreMaintenance, 'readRows' | 'changeMark'>;

/** `store`, checked to be one of ours: a store of the partner's own making has no SQL to aggregate in. */
export function readableStore(store: SyncStore): ReadableStore {
  const readable = store as Partial<ReadableStore>;
  if (typeof readable.readRows !== 'function' || typeof readable.changeMark !== 'function')
    throw new SyncInputError('the coverage map reads a store opened by openStore (SQLite or PostgreSQL)');
  return store as ReadableStore;
}
