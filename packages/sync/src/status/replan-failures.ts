// replanFailures: failed windows owed again, for the next run (or a worker) to read.
import type { SyncStore } from '../stores/store.js';
import { type FailureFilter, type Failures, findFailures } from './find-failures.js';

/**
 * Plans the failed windows `filter` selects again: they become pending, read up to `now` by the next
 * `resumePending` run or worker, and leave the failed list once read. Users whose resolution failed are
 * returned as they are: a backfill naming them (over the days they need) resolves them again, and a
 * user resolved is no longer failed.
 */
export async function replanFailures(
  store: SyncStore,
  filter: FailureFilter = {},
  options: { now?: Date } = {},
): Promise<Failures> {
  const found = await findFailures(store, filter);
  const asOf = (options.now ?? new Date()).toISOString();
  // A failed window is replanned by planning it again (a new generation, its error cleared).
  for (let at = 0; at < found.windows.length; at += 500)
    await store.planWindows(
      found.windows
        .slice(at, at + 500)
        .map(({ failure, at: _at, clientUserId, ...key }) => ({ ...key, asOf })),
    );
  return found;
}
