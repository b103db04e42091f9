// replanFailures: failed windows owed again, for the next run (or a worker) to read.
import type { SyncStore } from '../stores/store.js';
import { type FailureFilter, type Failures, findFailures } from './find-failures.js';

/**
 * Plans the failed windows `filter` selects again: they become pending, read by the next `resumePending`
 * run or worker up to their own run end time (or up to `now`, when given), and leave the failed list
 * once read. Users whose resolution failed are
 * returned as they are: a backfill naming them (over the days they need) resolves them again, and a
 * user resolved is no longer failed.
 */
export async function replanFailures(
  store: SyncStore,
  filter: FailureFilter = {},
  options: { now?: Date } = {},
): Promise<Failures> {
  const found = await findFailures(store, filter);
  // Planning keeps the later of a window's stored end time and this one: the epoch keeps its own.
  const asOf = (options.now ?? new Date(0)).toISOString();
  // A failed window is replanned by planning it again (a new generation, its error cleared).
  for (let at = 0; at < found.windows.length; at += 500)
    await store.planWindows(
      found.windows
        .slice(at, at + 500)
        .map(({ failure, at: _at, clientUserId, ...key }) => ({ ...key, asOf })),
    );
  return found;
}
