// clearFailures: failures an operator has dealt with, taken off the store's list of failures.
import type { SyncStore } from '../stores/store.js';
import { type FailureFilter, type Failures, findFailures } from './find-failures.js';

/**
 * Clears the failures `filter` selects and returns what was cleared: a failed window becomes done with
 * nothing stored (its days count as stored: the operator accepts they have no data), and a user whose
 * resolution failed is forgotten (the next backfill naming it resolves it again).
 */
export async function clearFailures(store: SyncStore, filter: FailureFilter = {}): Promise<Failures> {
  const found = await findFailures(store, filter);
  await store.clearFailedWindows(found.windows);
  await store.clearFailedUsers(found.users.map((user) => user.clientUserId));
  return found;
}
